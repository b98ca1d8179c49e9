import { Agent, request } from 'node:http';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './helpers';

/**
 * `GET /api/v1/ready` means "send me traffic": a balancer or a probe that polls it takes an instance
 * out only when that instance cannot serve. Redis is optional (the instance serves with its own
 * limits without it); the database is not; an instance that drains takes no new work.
 */

/** A port where no Redis listens. */
const DOWN_REDIS_URL = 'redis://127.0.0.1:6390/0';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const logged = () => {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => void lines.push(line) } };
};

describe('readiness', () => {
  it('stays ready while Redis is down, and says so in its body and once in the log', async () => {
    const log = logged();
    const server = await startServer({ redisUrl: DOWN_REDIS_URL, logger: 'info', logStream: log.logStream });
    cleanups.push(server.cleanup);
    for (let probe = 0; probe < 3; probe++) {
      const ready = await server.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toEqual({ ready: true, database: true, redis: false, limits: 'per-process' });
    }
    expect(log.lines.filter((line) => line.includes('ready: yes, without redis'))).toHaveLength(1);
  });

  it('is ready without a word in the log when every part answers', async () => {
    const log = logged();
    const server = await startServer({ logger: 'info', logStream: log.logStream });
    cleanups.push(server.cleanup);
    const ready = await server.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: true, redis: true });
    expect(log.lines.filter((line) => line.includes('ready:'))).toHaveLength(0);
  });

  it('is not ready while it drains', async () => {
    const server = await startServer();
    const { app } = server;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // A balancer's kept-alive connection, open before the drain starts.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/api/v1/ready', agent }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    expect((await get()).status).toBe(200);
    const closed = server.cleanup();
    const draining = await get().catch(() => ({ status: 0, body: '' }));
    // Refused outright (the listener is closed), or answered 503: either way no traffic goes to it.
    expect([0, 503]).toContain(draining.status);
    agent.destroy();
    await closed;
  });
});

/** True when PostgreSQL answers at POSTGRES_URL. */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe.skipIf(!(await postgresAnswers()))('readiness with the database gone', () => {
  it('is not ready while the database is unreachable, and ready again when it answers', async () => {
    // PostgreSQL behind a TCP relay that the test cuts: the database stops answering, as on a
    // network failure, while the server process runs on.
    const target = new URL(POSTGRES_URL);
    const sockets = new Set<Socket>();
    let open = true;
    const relay = createServer((client) => {
      if (!open) return client.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const schema = `t_ready_${process.pid}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
      relay.close();
    });
    const url = new URL(POSTGRES_URL);
    url.port = String((relay.address() as AddressInfo).port);
    url.search = `?options=${encodeURIComponent(`-c search_path=${schema}`)}`;

    const log = logged();
    const server = await startServer({ databaseUrl: url.href, logger: 'info', logStream: log.logStream });
    cleanups.push(server.cleanup);
    const ready = () => server.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect((await ready()).statusCode).toBe(200);

    open = false;
    for (const socket of sockets) socket.destroy();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ready: false, database: false, redis: true });
    await ready();
    expect(log.lines.filter((line) => line.includes('ready: no (database unreachable)'))).toHaveLength(1);

    open = true;
    expect((await ready()).statusCode).toBe(200);
    expect(log.lines.filter((line) => line.includes('ready: yes'))).toHaveLength(1);
  });
});
