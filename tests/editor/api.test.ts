import { spawnSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_HOST_MESSAGE } from '../../domain/loopback-host';
import { ProjectGate } from '../../scripts/lib/editor/check';
import { editorMiddleware, editorPlugin } from '../../scripts/lib/editor/plugin';
import { sha256 } from '../../scripts/lib/editor/project';
import { copyProject } from '../../scripts/lib/scratch-copy';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = 'pages.config.json';
const FORM = 'forms/contact.json';

// The API works on a copy of the project, never on the repository's files.
const dir = mkdtempSync(path.join(tmpdir(), 'editor-api-test-'));
const root = path.join(dir, 'project');
let gate: ProjectGate;
let server: Server;
let base: string;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${route}`, {
    method,
    redirect: 'manual',
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

/** The lines `git diff` removes and adds between two texts. */
function gitDiff(before: string, after: string): { removed: string[]; added: string[] } {
  writeFileSync(path.join(dir, 'a.json'), before);
  writeFileSync(path.join(dir, 'b.json'), after);
  const out = spawnSync('git', ['diff', '--no-index', '--no-color', '--unified=0', 'a.json', 'b.json'], { cwd: dir, encoding: 'utf8' });
  const lines = out.stdout.split('\n').filter((line) => !/^(\+\+\+|---) /.test(line));
  return {
    removed: lines.filter((line) => line.startsWith('-')).map((line) => line.slice(1)),
    added: lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1)),
  };
}

beforeAll(async () => {
  copyProject(REPO, root);
  gate = new ProjectGate(root);
  const middleware = editorMiddleware({ root, gate });
  server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end('not the editor');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  gate?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('editor API', () => {
  it('GET /project gives the files with their hashes, the blocks, sources, fragments and form names', async () => {
    const { status, body } = await call('GET', '/__editor/api/project');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['blocks', 'content', 'files', 'formKinds', 'fragments', 'sources']);
    expect(Object.keys(body.files)[0]).toBe(CONFIG);
    expect(Object.keys(body.files)).toContain(FORM);
    expect(Object.keys(body.files).some((file) => file.startsWith('forms/fragments/'))).toBe(false);
    expect(body.files[CONFIG]).toEqual({ value: JSON.parse(read(CONFIG)), hash: sha256(read(CONFIG)) });
    expect(body.files[FORM].value.messages).toEqual({ $ref: 'fragments/messages.json' });
    const banner = body.blocks.find((block: any) => block.type === 'banner');
    expect(banner).toMatchObject({ type: 'banner', schema: JSON.parse(read('src/blocks/banner/schema.json')) });
    expect(typeof banner.title).toBe('string');
    expect(body.sources).toContainEqual(
      expect.objectContaining({ source: 'shop-plans/:id', item: 'plan', shape: 'single', query: [], params: ['id'] }),
    );
    expect(body.sources.find((source: any) => source.source === 'home-sliders').fields).toContain('styles.titleColor');
    expect(body.fragments['forms/fragments/email.json']).toEqual(JSON.parse(read('forms/fragments/email.json')));
    expect(body.formKinds).toContain('contact');
  });

  it('GET /hashes gives each file hash, and sees a change made outside the editor', async () => {
    const before = await call('GET', '/__editor/api/hashes');
    expect(before.body[FORM]).toBe(sha256(read(FORM)));
    const text = read(FORM);
    writeFileSync(path.join(root, FORM), text.replace('"Company"', '"Firm"'));
    try {
      const after = await call('GET', '/__editor/api/hashes');
      expect(after.body[FORM]).not.toBe(before.body[FORM]);
      expect(after.body[FORM]).toBe(sha256(read(FORM)));
      expect(after.body[CONFIG]).toBe(before.body[CONFIG]);
    } finally {
      writeFileSync(path.join(root, FORM), text);
    }
  });

  it('POST /check gives the problems of the project with the files replaced', async () => {
    const config = JSON.parse(read(CONFIG));
    config.pages[2].sections[0].props.title = 42;
    const bad = await call('POST', '/__editor/api/check', { files: { [CONFIG]: config } });
    expect(bad.status).toBe(200);
    expect(bad.headers.get('server-timing')).toMatch(/^check;dur=/);
    expect(bad.body.problems).toContainEqual(expect.objectContaining({ file: CONFIG, pointer: '/pages/2/sections/0/props/title' }));
    const good = await call('POST', '/__editor/api/check', { files: {} });
    expect(good.body).toEqual({ problems: [] });
  }, 60_000);

  it('POST /save refuses a stale baseHash with 409 and writes nothing', async () => {
    const before = read(CONFIG);
    const config = JSON.parse(before);
    config.pages[2].sections[0].props.title = 'Sign in';
    const res = await call('POST', '/__editor/api/save', { files: { [CONFIG]: { value: config, baseHash: sha256('an older text') } } });
    expect(res).toMatchObject({ status: 409, body: { conflicts: [CONFIG] } });
    expect(read(CONFIG)).toBe(before);
  }, 60_000);

  it('POST /save refuses a value that does not pass the gate with 422 and writes nothing', async () => {
    const before = read(CONFIG);
    const formBefore = read(FORM);
    const config = JSON.parse(before);
    config.pages[2].sections[0].props.title = 42;
    const form = JSON.parse(formBefore);
    form.schema.properties.company.title = 'Firm';
    const res = await call('POST', '/__editor/api/save', {
      files: { [CONFIG]: { value: config, baseHash: sha256(before) }, [FORM]: { value: form, baseHash: sha256(formBefore) } },
    });
    expect(res.status).toBe(422);
    expect(res.body.problems).toContainEqual(
      expect.objectContaining({ file: CONFIG, pointer: '/pages/2/sections/0/props/title', message: 'must be a string' }),
    );
    expect(read(CONFIG)).toBe(before);
    expect(read(FORM)).toBe(formBefore);
  }, 60_000);

  it('POST /save writes a minimal diff and returns the new hash', async () => {
    const before = read(CONFIG);
    const config = JSON.parse(before);
    config.pages[2].sections[0].props.title = 'Sign in';
    const res = await call('POST', '/__editor/api/save', { files: { [CONFIG]: { value: config, baseHash: sha256(before) } } });
    expect(res.status).toBe(200);
    console.log(`save of ${CONFIG}: ${res.headers.get('server-timing')}`);
    const after = read(CONFIG);
    expect(res.body).toEqual({ files: { [CONFIG]: { hash: sha256(after) } } });
    expect(gitDiff(before, after)).toEqual({ removed: ['            "title": "Login",'], added: ['            "title": "Sign in",'] });
    const hashes = await call('GET', '/__editor/api/hashes');
    expect(hashes.body[CONFIG]).toBe(sha256(after));
    // Saving again from the old hash is a conflict now.
    const again = await call('POST', '/__editor/api/save', { files: { [CONFIG]: { value: config, baseHash: sha256(before) } } });
    expect(again.status).toBe(409);
  }, 60_000);

  it('POST /save creates a new form file from baseHash ""', async () => {
    const form = JSON.parse(read('forms/callback.json'));
    form.key = 'callback-copy';
    const res = await call('POST', '/__editor/api/save', { files: { 'forms/callback-copy.json': { value: form, baseHash: '' } } });
    expect(res.status).toBe(200);
    expect(read('forms/callback-copy.json')).toBe(`${JSON.stringify(form, null, 2)}\n`);
    rmSync(path.join(root, 'forms/callback-copy.json'));
  }, 60_000);

  it('refuses paths outside pages.config.json and forms/<name>.json with 400', async () => {
    for (const file of [
      '../package.json',
      'forms/fragments/x.json',
      'forms/../package.json',
      'package.json',
      '/etc/passwd',
      'forms/.hidden.json',
    ]) {
      const save = await call('POST', '/__editor/api/save', { files: { [file]: { value: {}, baseHash: '' } } });
      expect(save.status, file).toBe(400);
      expect(save.body.message).toMatch(/not a file the editor writes/);
      const check = await call('POST', '/__editor/api/check', { files: { [file]: {} } });
      expect(check.status, file).toBe(400);
    }
    const malformed = await call('POST', '/__editor/api/save', { files: { [CONFIG]: { value: {} } } });
    expect(malformed.status).toBe(400);
    const notJson = await call('POST', '/__editor/api/save', '{ "files": ');
    expect(notJson).toMatchObject({ status: 400, body: { message: 'request body is not JSON' } });
  });

  it('bounds the body, wants JSON from its own origin, and answers errors as { message }', async () => {
    const big = await call('POST', '/__editor/api/check', { files: { [CONFIG]: 'x'.repeat(5 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(typeof big.body.message).toBe('string');
    const text = await call('POST', '/__editor/api/save', '{"files":{}}', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    const foreign = await call('POST', '/__editor/api/check', { files: {} }, { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const same = await call('POST', '/__editor/api/check', { files: {} }, { Origin: base });
    expect(same.status).toBe(200);
    expect(await call('GET', '/__editor/api/nothing')).toMatchObject({ status: 404, body: { message: 'no editor API nothing' } });
    expect((await call('POST', '/__editor/api/project', {})).status).toBe(405);
  }, 60_000);

  it('refuses a rebound Host (DNS rebinding: Origin and Host then agree) with 403, and writes nothing', async () => {
    const port = Number(new URL(base).port);
    const send = (method: string, path: string, host: string, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { host, origin: `http://${host}` };
        if (body !== undefined) headers['content-type'] = 'application/json';
        const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const before = read(CONFIG);
    const save = JSON.stringify({ files: { [CONFIG]: { value: JSON.parse(before), baseHash: sha256(before) } } });
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      for (const [method, path, body] of [
        ['GET', '/__editor/api/project'],
        ['GET', '/__editor/api/publish'],
        ['POST', '/__editor/api/save', save],
        ['POST', '/__editor/api/publish', JSON.stringify({ message: 'rebound' })],
        ['GET', '/__editor/preview-api/api/v1/health'],
        ['GET', '/__editor/'],
      ] as const) {
        const response = await send(method, path, host, body);
        expect(response.status, `${method} ${path} ${host}`).toBe(403);
        expect(response.body).toBe(FOREIGN_HOST_MESSAGE);
      }
    }
    expect(read(CONFIG)).toBe(before);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`])
      expect((await send('GET', '/__editor/api/hashes', host)).status, host).toBe(200);
  });

  it('redirects /__editor and /__editor/ to the editor page, and leaves other paths to the next handler', async () => {
    for (const route of ['/__editor', '/__editor/']) {
      const res = await call('GET', route);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/editor/index.html');
    }
    expect(await call('GET', '/shop')).toMatchObject({ status: 404, body: 'not the editor' });
  });

  it('the Vite plugin mounts the same middleware on the dev server', () => {
    const used: unknown[] = [];
    const plugin = editorPlugin({ root, gate });
    const fakeServer = {
      middlewares: { use: (handler: unknown) => used.push(handler) },
      config: { logger: { info: () => {}, error: () => {} } },
      httpServer: null,
    };
    (plugin.configureServer as (server: unknown) => void)(fakeServer);
    expect(plugin.apply).toBe('serve');
    expect(used).toHaveLength(1);
    expect(typeof used[0]).toBe('function');
  });
});
