import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3Server {
  /** http://127.0.0.1:PORT: path-style addressing (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the bucket's objects (each under BUCKET/KEY/). */
  directory: string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/**
 * Starts s3rver (an S3-protocol server from npm) on a free localhost port with one bucket, in a
 * process of its own: the tests' memory measurements then see the app, not the server, and a test
 * can stop it like any remote store. Used by the store contract suite, the S3 API tests and the
 * cluster test. Its credentials are always S3RVER/S3RVER.
 */
export async function startS3Server(
  options: { bucket?: string; directory?: string } = {},
): Promise<S3Server> {
  const bucket = options.bucket ?? 'journal-test';
  const directory = options.directory ?? mkdtempSync(path.join(tmpdir(), 'journal-s3rver-'));
  const bin = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin', 's3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A test run that dies without stop() must not leave the server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const port = await listeningPort(child);
  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        process.off('exit', orphan);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(() => {
        if (!options.directory) rmSync(directory, { recursive: true, force: true });
      });
      return stopped;
    },
  };
}

/** s3rver prints "S3rver listening on 127.0.0.1:PORT" once its bucket exists and it accepts requests. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`s3rver did not start in 15 s:\n${output}`)), 15_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/S3rver listening on [^:\s]+:(\d+)/);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', read);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => fail(new Error(`s3rver exited (${code}) before listening:\n${output}`)));
  });
}
