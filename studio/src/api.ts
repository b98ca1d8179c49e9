import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';

/**
 * The studio's calls to its API (/api/studio, same origin): the session cookie goes with each
 * (credentials same-origin), and every state-changing one carries the header the server's CSRF
 * check asks for. A refusal becomes an ApiError whose message is the server's own words, or the
 * studio's words for what the server did not say (429, a network failure, a server error).
 */
export const API = '/api/studio';
export const CSRF_HEADER = { 'x-studio-csrf': '1' };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's JSON body, for a screen that shows more of it than the message (a publish's problems). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const message = seconds > 0 ? fillPlaceholders(TEXTS.errors.tooManyIn, { minutes: Math.ceil(seconds / 60) }) : TEXTS.errors.tooMany;
    return new ApiError(429, message);
  }
  if (response.status >= 500) return new ApiError(response.status, TEXTS.errors.server);
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  const fallback = response.status === 401 ? TEXTS.errors.signedOut : TEXTS.errors.server;
  return new ApiError(response.status, typeof body?.message === 'string' ? body.message : fallback, body);
}

/** What to do when a call finds the session ended (App: back to sign-in); a wrong sign-in is not that. */
let sessionEnded: (() => void) | undefined;
export const whenSessionEnds = (listener: () => void) => void (sessionEnded = listener);

/** Tells the studio of an answer's status from a call made outside `call` (the editor's): a 401 ends the session. */
export const answered = (status: number) => void (status === 401 && sessionEnded?.());

/** A body sent as it is (an image's bytes) with its own headers, instead of JSON. */
class RawBody {
  constructor(
    readonly raw: Blob,
    readonly headers: Record<string, string>,
  ) {}
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const raw = body instanceof RawBody ? body : undefined;
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'GET' ? {} : CSRF_HEADER),
        ...(raw ? raw.headers : body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: raw ? raw.raw : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, TEXTS.errors.network);
  }
  if (path !== '/sign-in') answered(response.status);
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const get = <T>(path: string) => call<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
export const del = <T>(path: string, body?: unknown) => call<T>('DELETE', path, body);
/**
 * POSTs a file's own bytes with `headers` (the media library's X-File-Name): an image's type as the
 * browser knows it, anything else as plain bytes, which the server judges by what they are.
 */
export const postFile = <T>(path: string, file: Blob, headers: Record<string, string>) =>
  call<T>(
    'POST',
    path,
    new RawBody(file, { 'content-type': file.type.startsWith('image/') ? file.type : 'application/octet-stream', ...headers }),
  );

/** SWR's fetcher: the key is the path under /api/studio. */
export const fetcher = <T>(path: string) => get<T>(path);
