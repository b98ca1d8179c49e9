import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Several instances of the server behind nginx on one machine, as README "Running at scale" runs
 * them: each instance a process of its own (`server/main.ts`), nginx started from
 * deploy/nginx.conf with its marked lines (`# test: …`) given local ports and paths. Used by
 * tests/scale and `npm run bench:server -- --cluster`.
 */

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

/** deploy/nginx.conf with the ports and paths of a local cluster in `dir`. */
export function nginxConfig(root: string, dir: string, listenPort: number, instancePorts: readonly number[]): string {
  const ports = [...instancePorts];
  const text = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const instanceLine = /^(\s*)server 127\.0\.0\.1:\d+ (.*?);\s*# test: instance$/;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const marker = /#\s*test: (\w+)/.exec(line)?.[1];
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    if (marker === 'instance') {
      // The template's instance lines become one line per local instance.
      const options = instanceLine.exec(line)?.[2] ?? '';
      if (ports.length > 0 && !lines.some((l) => l.includes('# local instance'))) {
        for (const port of ports) lines.push(`${indent}server 127.0.0.1:${port} ${options}; # local instance`);
        ports.length = 0;
      }
      continue;
    }
    if (marker === 'pid') lines.push(`${indent}pid ${dir}/nginx.pid;`);
    else if (marker === 'error_log') lines.push(`${indent}error_log ${dir}/nginx-error.log warn;`);
    else if (marker === 'cache')
      lines.push(`${indent}proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pages:10m max_size=64m inactive=10m use_temp_path=off;`);
    else if (marker === 'listen') lines.push(`${indent}listen 127.0.0.1:${listenPort};`);
    else lines.push(line);
  }
  // Its temporary files in the cluster's folder (the packaged defaults belong to the system's nginx).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/tmp/${kind};`).join('\n');
  return lines.join('\n').replace(/^http \{$/m, `http {\n${temp}`);
}

export interface Cluster {
  base: string;
  instancePorts: readonly number[];
  /** Starts (again) the instance on `port` and waits until it is ready. */
  start(port: number): Promise<void>;
  /** Stops an instance: SIGTERM (it drains) or SIGKILL (a crash); resolves once it has exited. */
  stop(port: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  close(): Promise<void>;
}

/** Waits until `url` answers 2xx, at most `ms`. */
export async function answers(url: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `instancePorts.length` instances on one data folder in `dir` (the first creates the database,
 * the others start on it), then nginx on `listenPort` in front of them. `env` is each instance's
 * environment beside PORT, HOST and DATA_DIR.
 */
export async function startCluster(options: {
  root: string;
  dir: string;
  listenPort: number;
  instancePorts: readonly number[];
  env: NodeJS.ProcessEnv;
  /** More environment for one instance (the studio on one of them, say); none when absent. */
  instanceEnv?: (port: number) => NodeJS.ProcessEnv;
  /** Each instance serves its metrics on its port plus this (METRICS_PORT); none when absent. */
  metricsPortOffset?: number;
}): Promise<Cluster> {
  const { root, dir, listenPort, instancePorts } = options;
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  const processes = new Map<number, ChildProcess>();
  // nginx's workers run as an unprivileged user: they read and write the cache and temp folders.
  chmodSync(dir, 0o755);
  for (const sub of ['cache', 'tmp']) {
    mkdirSync(path.join(dir, sub), { recursive: true });
    chmodSync(path.join(dir, sub), 0o777);
  }

  const start = async (port: number) => {
    // One process per instance (tsx as a loader, not its CLI, which would run the server in a child
    // of its own): a SIGKILL ends the server itself, as a crash would.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...options.env,
        ...options.instanceEnv?.(port),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        ...(options.metricsPortOffset === undefined ? {} : { METRICS_PORT: String(port + options.metricsPortOffset) }),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code, signal) => {
      if (processes.get(port) === child) processes.delete(port);
      if (code && signal === null) console.error(`instance ${port} exited ${code}:\n${stderr}`);
    });
    processes.set(port, child);
    await answers(`http://127.0.0.1:${port}/api/v1/ready`);
  };
  const stop = (port: number, signal: 'SIGTERM' | 'SIGKILL') => {
    const child = processes.get(port);
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };

  for (const port of instancePorts) await start(port);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(root, dir, listenPort, instancePorts));
  const check = spawnSync(NGINX, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
  const nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${listenPort}`;
  await answers(`${base}/api/v1/health`, 10_000);
  return {
    base,
    instancePorts,
    start,
    stop,
    async close() {
      nginx.kill('SIGQUIT');
      await Promise.all([...processes.keys()].map((port) => stop(port, 'SIGTERM')));
    },
  };
}
