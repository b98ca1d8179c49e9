import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { isObject } from '../json-file';
import { refusedForeignHost } from '../vite-loopback-hosts';
import { ProjectGate } from './check';
import type { ContentPreview } from './content-preview';
import { fileHashes, projectSnapshot } from './project';
import { editablePathProblem, isContentFile } from './paths';
import { handleMediaUpload } from './media';
import { publish, publishRequestProblem, publishStatus, type PublishMode } from './publish';
import { MAX_FILES, saveFiles, saveRequestProblem, type SaveFile } from './save';

/**
 * The editor's HTTP API on the Vite dev server of `npm run edit` (scripts/edit.ts), under
 * /__editor/api/ (JSON; an error is `{ message }` with its 4xx/5xx status):
 *
 * - GET  /project → `{ files, blocks, sources, fragments, formKinds }` (project.ts, ProjectSnapshot)
 * - GET  /hashes  → `Record<path, hash>` of pages.config.json and forms/*.json now on disk
 * - POST /check   `{ files: Record<path, value> }` → `{ problems: Diagnostic[] }` (check.ts)
 * - POST /save    `{ files: Record<path, { value, baseHash }> }` → 200 `{ files: Record<path, { hash }> }`
 *   | 409 `{ conflicts }` | 422 `{ problems }` (save.ts)
 * - POST /drafts  `{ files: Record<path, value> }` (the unsaved content files) → `{ ok, ms }`: the
 *   preview's API serves them (content-preview.ts); `ok` false when they do not load
 * - GET  /publish → `{ git, branch, mode, inReview, files, summary, leftOut }`: the saved files not
 *   committed yet, in words, and the files of content/media a publish leaves out (publish.ts)
 * - POST /publish `{ message }` → 200 `{ commit, branch, files, leftOut }` | 409 `{ message }` (not a git
 *   repository, nothing to publish, git refused) | 422 `{ message, problems }` (publish.ts)
 * - POST /media   the image's raw bytes (not JSON), `Content-Type: image/…`, `X-File-Name: <name,
 *   URI-encoded>` → 201 `{ url, width, height, type, bytes }` | 413/415/422 `{ message }` in plain
 *   words; stored in content/media/ (media.ts, which makes its own same-origin and size checks)
 *
 * and /__editor/preview-api/api/v1/… answers the preview frame from the preview's API (the unsaved
 * content), or without one redirects to /api/v1/…; /__editor, /__editor/ redirect to the editor's
 * page, /editor/index.html. All of it answers only to the Host 127.0.0.1, localhost or [::1]
 * (domain/loopback-host.ts), else 403. A POST must say
 * `Content-Type: application/json` and come from the server's own origin: another site open in
 * the browser cannot write the project's files.
 */

/** The largest request body read, in bytes. */
export const MAX_BODY = 5 * 1024 * 1024;

const PREFIX = '/__editor';
const API = `${PREFIX}/api/`;
/** Where the preview frame asks the reference API (src/api/client.ts configureApi): + /api/v1/…. */
export const PREVIEW_API = `${PREFIX}/preview-api`;
export const EDITOR_PAGE = '/editor/index.html';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A request's body as JSON, at most `limit` bytes (413 beyond). */
function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      reject(new HttpError(413, `request body larger than ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > limit) return reject(new HttpError(413, `request body larger than ${limit} bytes`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new HttpError(400, 'request body is not JSON'));
      }
    });
  });
}

/** A POST from another origin, or one a form could send without a preflight, is refused. */
function checkPost(req: IncomingMessage): void {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'send Content-Type: application/json');
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new HttpError(403, 'bad Origin');
    }
    if (host !== req.headers.host) throw new HttpError(403, `requests from ${origin} are not accepted`);
  }
  if (origin === 'null') throw new HttpError(403, 'requests from an opaque origin are not accepted');
}

export interface EditorApiOptions {
  /** The project root (the folder of pages.config.json). */
  root: string;
  /** The gate (one per session: it keeps a scratch copy of the project). */
  gate: ProjectGate;
  maxBody?: number;
  /** Where to say how long a check or save took (once per kind, then only when slow). */
  log?: (message: string) => void;
  /** Where Publish commits: the current branch, or a new review branch each time (publish.ts). */
  publishMode?: PublishMode;
  /** The preview's API of unsaved content (content-preview.ts); without it the preview asks the demo API. */
  preview?: Pick<ContentPreview, 'setDrafts' | 'serve'>;
  /** Runs after a save that wrote content files (the demo API's database follows them). */
  onContentSaved?: (files: string[]) => Promise<void>;
}

type Next = (error?: unknown) => void;

/** The connect middleware of the editor's API and redirects; passes anything else to `next`. */
export function editorMiddleware({
  root,
  gate,
  maxBody = MAX_BODY,
  log,
  publishMode = 'branch',
  preview,
  onContentSaved,
}: EditorApiOptions) {
  const logged = new Set<string>();
  const timing = (kind: string, ms: number) => {
    if (log && (!logged.has(kind) || ms > 1000)) log(`editor: ${kind} took ${Math.round(ms)} ms`);
    logged.add(kind);
    return { 'Server-Timing': `${kind};dur=${ms.toFixed(1)}` };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, route: string): Promise<void> => {
    const method = req.method ?? 'GET';
    const allow = (expected: string) => {
      if (method !== expected && !(expected === 'GET' && method === 'HEAD')) throw new HttpError(405, `${route} takes ${expected}`);
    };
    switch (route) {
      case 'project':
        allow('GET');
        return send(res, 200, projectSnapshot(root));
      case 'hashes':
        allow('GET');
        return send(res, 200, fileHashes(root));
      case 'check': {
        allow('POST');
        checkPost(req);
        const body = await readJsonBody(req, maxBody);
        if (!isObject(body) || !isObject(body.files)) throw new HttpError(400, 'expected { files: Record<path, value> }');
        const files = body.files;
        if (Object.keys(files).length > MAX_FILES) throw new HttpError(400, `at most ${MAX_FILES} files at once`);
        for (const file of Object.keys(files)) {
          const problem = editablePathProblem(file);
          if (problem) throw new HttpError(400, problem);
        }
        const started = performance.now();
        const problems = await gate.checkValues(files);
        return send(res, 200, { problems }, timing('check', performance.now() - started));
      }
      case 'save': {
        allow('POST');
        checkPost(req);
        const body = await readJsonBody(req, maxBody);
        const problem = saveRequestProblem(body);
        if (problem) throw new HttpError(400, problem);
        const started = performance.now();
        const result = await saveFiles(root, gate, (body as { files: Record<string, SaveFile> }).files);
        const content = Object.keys((body as { files: Record<string, SaveFile> }).files).filter(isContentFile);
        if (result.status === 200 && content.length > 0 && onContentSaved) {
          await onContentSaved(content).catch((error: unknown) =>
            log?.(`editor: the demo API did not take the saved content: ${String(error)}`),
          );
        }
        return send(res, result.status, result.body, timing('save', performance.now() - started));
      }
      case 'drafts': {
        allow('POST');
        checkPost(req);
        const body = await readJsonBody(req, maxBody);
        if (!isObject(body) || !isObject(body.files)) throw new HttpError(400, 'expected { files: Record<path, value> }');
        const files = body.files;
        if (Object.keys(files).length > MAX_FILES) throw new HttpError(400, `at most ${MAX_FILES} files at once`);
        for (const file of Object.keys(files)) if (!isContentFile(file)) throw new HttpError(400, `'${file}' is not a content file`);
        if (!preview) return send(res, 200, { ok: false, ms: 0 });
        const result = await preview.setDrafts(files);
        return send(res, 200, result, timing('drafts', result.ms));
      }
      case 'publish': {
        if (method === 'GET' || method === 'HEAD') return send(res, 200, await publishStatus(root, publishMode));
        allow('POST');
        checkPost(req);
        const body = await readJsonBody(req, maxBody);
        const problem = publishRequestProblem(body);
        if (problem) throw new HttpError(400, problem);
        const result = await publish(root, gate, (body as { message: string }).message, publishMode);
        return send(res, result.status, result.body);
      }
      case 'media':
        return handleMediaUpload(req, res, root);
      default:
        throw new HttpError(404, `no editor API ${route}`);
    }
  };

  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const url = new URL(req.url ?? '/', 'http://editor');
    // Only to this machine's names: a page rebound to 127.0.0.1 would pass the same-origin checks.
    if (url.pathname.startsWith(PREFIX) && refusedForeignHost(req, res)) return;
    if (url.pathname === PREFIX || url.pathname === `${PREFIX}/`) {
      res.writeHead(302, { Location: EDITOR_PAGE + url.search, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (url.pathname.startsWith(`${PREVIEW_API}/api/`)) {
      const target = url.pathname.slice(PREVIEW_API.length) + url.search;
      if (!preview) {
        res.writeHead(307, { Location: target, 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      preview.serve(req, res, target).catch((error: unknown) => {
        log?.(`editor: preview API: ${String(error)}`);
        if (res.headersSent) res.end();
        else send(res, 502, { message: 'The preview’s API failed.' });
      });
      return;
    }
    if (!url.pathname.startsWith(API)) return next();
    handle(req, res, url.pathname.slice(API.length)).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (status === 500) log?.(`editor: ${error instanceof Error ? (error.stack ?? message) : message}`);
      if (res.headersSent) res.end();
      else send(res, status, { message });
    });
  };
}

/**
 * The Vite plugin of `npm run edit`: the editor's API and redirects on the dev server (see above).
 * The gate's scratch copy is made, and checked once, as the server starts; it is removed when the
 * server closes.
 */
export function editorPlugin(options: {
  root: string;
  gate?: ProjectGate;
  publishMode?: PublishMode;
  preview?: ContentPreview;
  onContentSaved?: (files: string[]) => Promise<void>;
}): Plugin {
  return {
    name: 'editor-api',
    apply: 'serve',
    configureServer(server) {
      const gate = options.gate ?? new ProjectGate(options.root);
      const log = (message: string) => server.config.logger.info(message, { timestamp: true });
      server.middlewares.use(
        editorMiddleware({
          root: options.root,
          gate,
          log,
          publishMode: options.publishMode,
          preview: options.preview,
          onContentSaved: options.onContentSaved,
        }),
      );
      server.httpServer?.once('close', () => gate.dispose());
      const started = performance.now();
      gate
        .warm()
        .then(() => log(`editor: gate ready (scratch copy and first check: ${Math.round(performance.now() - started)} ms)`))
        .catch((error: unknown) => server.config.logger.error(`editor: gate: ${String(error)}`));
    },
  };
}

/**
 * Serves the optimised dependencies without their source maps. Vite inlines a dependency's map into
 * the module it serves, which more than doubles the editor's first load (Fluent's icons alone are
 * 17 MB of code and 20 MB of map) for maps only the browser's developer tools read.
 */
export function withoutDependencyMaps(): Plugin {
  return {
    name: 'telmed-editor-without-dependency-maps',
    enforce: 'post',
    apply: 'serve',
    transform(code, id) {
      // An empty `mappings` is Vite's sign for "no map": it then injects none.
      if (id.includes('/node_modules/.vite')) return { code, map: { mappings: '' } };
      return undefined;
    },
  };
}
