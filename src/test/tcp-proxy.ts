import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that a test can cut, standing in for a network
 * outage or a server that is down: while cut, every open connection is reset and new ones are
 * closed at once; restored, it relays again.
 */
export interface TcpProxy {
  port: number;
  /** Resets every relayed connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server = createServer((incoming) => {
    if (isCut) {
      incoming.resetAndDestroy();
      return;
    }
    const outgoing = tcpConnect(target.port, target.host);
    for (const socket of [incoming, outgoing]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
