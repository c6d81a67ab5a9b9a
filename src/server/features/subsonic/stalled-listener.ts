/** The public counters of a net.Socket this needs. */
export interface ListenerSocket {
  /** Bytes handed to the socket, those still queued in it included. */
  readonly bytesWritten: number;
  /** Bytes queued in the socket, not yet taken by the kernel. */
  readonly writableLength: number;
  readonly destroyed: boolean;
}

/**
 * Calls `onStall` once the listener has taken no byte for `stallMs` while bytes wait for them
 * (issue 41, decision 0535). Progress is what left the socket for the client (written minus still
 * queued), not what ffmpeg produced: a listener who stops reading fills the kernel's buffers, then
 * the socket's queue, and from then on nothing more leaves. Nothing queued means the listener is
 * waiting for us (ffmpeg starting up, a slow store), which is no stall. Returns the stop.
 */
export function watchForStall(socket: ListenerSocket, stallMs: number, onStall: () => void): () => void {
  const delivered = () => socket.bytesWritten - socket.writableLength;
  let last = delivered();
  let since = Date.now();
  // A tenth of the timeout, at most a second: the cut comes within 10 % of it, for a few timer
  // calls a minute per stream.
  const timer = setInterval(
    () => {
      if (socket.destroyed) return clearInterval(timer);
      const now = delivered();
      if (now !== last || socket.writableLength === 0) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= stallMs) {
        clearInterval(timer);
        onStall();
      }
    },
    Math.max(10, Math.min(1000, Math.floor(stallMs / 10))),
  );
  timer.unref();
  return () => clearInterval(timer);
}
