import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, stopChild } from '../../e2e/support/journal-server';

/**
 * The deployment example (docs/deploy.md): the test fills in its placeholders, and changes nothing
 * else unless it names a directive (`directives`) to run with a shorter value.
 */
export const SITE_TEMPLATE = path.join(ROOT, 'deploy', 'nginx-journal.conf');

export interface Balancer {
  baseURL: string;
  /** nginx's access log: one line per request with the instance(s) it went to. */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx, unprivileged and in the foreground, with the shipped site file included in a minimal
 * main configuration whose pid, logs and temp folders live in a private prefix (STACK-NOTES). Its
 * workers run as nobody when the test runs as root, so the prefix is world-readable.
 */
export async function startBalancer(options: {
  port: number;
  instances: string[];
  /** Where nginx's logs and the filled-in site file are copied when it stops. */
  keepLogsIn?: string;
  /**
   * Shipped directives to run with another value, e.g. `{ client_body_timeout: '1s' }` so a test
   * sees a timeout take effect in seconds; each must be in the site file.
   */
  directives?: Record<string, string>;
}): Promise<Balancer> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does)');
  const [a, b] = options.instances;
  if (!a || !b || options.instances.length !== 2) throw new Error('the site file names two instances');
  const prefix = mkdtempSync(path.join(tmpdir(), 'journal-cluster-nginx-'));
  chmodSync(prefix, 0o755);

  const filled = readFileSync(SITE_TEMPLATE, 'utf8')
    .replaceAll('@LISTEN@', `127.0.0.1:${options.port}`)
    .replaceAll('@INSTANCE_A@', a)
    .replaceAll('@INSTANCE_B@', b)
    .replaceAll('@LOG_DIR@', prefix);
  let site = filled;
  for (const [name, value] of Object.entries(options.directives ?? {})) {
    const directive = new RegExp(String.raw`^(\s*${name}) [^;]+;`, 'm');
    if (!directive.test(site)) throw new Error(`${SITE_TEMPLATE} does not set ${name}`);
    site = site.replace(directive, `$1 ${value};`);
  }
  const leftover = site.match(/@[A-Z_]+@/);
  if (leftover) throw new Error(`${SITE_TEMPLATE} has a placeholder the test does not fill: ${leftover[0]}`);
  writeFileSync(path.join(prefix, 'journal.conf'), site);
  const main = [
    'daemon off;',
    'worker_processes 2;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
    `  include ${prefix}/journal.conf;`,
    '}',
  ].join('\n');
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, main);

  const child: ChildProcess = spawn(nginx, ['-c', confFile, '-p', prefix], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const baseURL = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    await stopChild(child);
    const keep = options.keepLogsIn;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      for (const file of ['journal.access.log', 'error.log', 'journal.conf']) {
        const from = path.join(prefix, file);
        if (existsSync(from)) copyFileSync(from, path.join(keep, `nginx-${file}`));
      }
    }
    if (process.env.CLUSTER_KEEP === '1') console.log(`[cluster] kept nginx prefix ${prefix}`);
    else rmSync(prefix, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${read(`${prefix}/error.log`)}`);
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer /api/health: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    accessLog: () => read(path.join(prefix, 'journal.access.log')),
    errorLog: () => read(path.join(prefix, 'error.log')),
    stop,
  };
}
