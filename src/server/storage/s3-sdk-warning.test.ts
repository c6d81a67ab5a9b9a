import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Decision 0926: an instance on S3 starts without the SDK's warning about its future Node versions.
// A process of its own: the SDK warns once per process, and this worker may have made a client
// already (the server tests share their workers' modules).

const run = promisify(execFile);

/** The stderr of a fresh Node process that makes an S3 store, with `env` added to this one's. */
async function stderrOfNewStore(env: Record<string, string>) {
  const script = `
    const { S3BlobStore } = await import('./src/server/storage/s3-store.ts');
    new S3BlobStore({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', bucket: 'b',
      accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    await new Promise((resolve) => setTimeout(resolve, 50));`;
  const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
  });
  return stderr;
}

describe('the S3 store', () => {
  it('starts without the SDK’s Node version warning', async () => {
    expect(await stderrOfNewStore({})).not.toMatch(/NodeVersionSupportWarning/);
  });

  it('leaves the switch to an operator who set it', async () => {
    const nodeMajor = Number(process.versions.node.split('.')[0]);
    const stderr = await stderrOfNewStore({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' });
    // Below Node 22 the SDK warns when asked to; from 22 on it has nothing to say.
    if (nodeMajor < 22) expect(stderr).toMatch(/NodeVersionSupportWarning/);
    else expect(stderr).not.toMatch(/NodeVersionSupportWarning/);
  });
});
