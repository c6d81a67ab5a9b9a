import type { Config } from '../config';

/** Human log lines for a person at a terminal; JSON for whatever collects the logs (decision 0861). */
export function wantsPrettyLog(format: Config['logFormat'], stdoutIsTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal);
}

/**
 * pino-pretty as a synchronous stream in this thread (no transport worker: one less thread's memory,
 * and nothing is lost when the process exits), loaded only when it is wanted.
 */
export async function prettyLogStream(destination: NodeJS.WritableStream = process.stdout) {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: destination === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
    destination,
  });
}
