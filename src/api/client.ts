/**
 * The one configured HTTP client for the reference API (`/api/v1`). It never opens dialogs or
 * navigates: it returns data or throws a typed ApiError and each feature decides what the user sees.
 */
/** The API origin the site was built for: VITE_API_BASE_URL, or '' for the site's own origin. */
export const BUILT_API_ORIGIN: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');

const configured = {
  apiBaseUrl: `${BUILT_API_ORIGIN}/api/v1`,
  fetch: (input: string, init?: RequestInit): Promise<Response> => fetch(input, init),
};

/**
 * Server rendering only: where the API is (an absolute origin, since there is no page URL to resolve
 * against) and how to reach it (the reference server passes a fetch that answers in process).
 */
export function configureApi(options: { baseUrl: string; fetch?: (input: string, init?: RequestInit) => Promise<Response> }): void {
  configured.apiBaseUrl = options.baseUrl.replace(/\/$/, '') + '/api/v1';
  if (options.fetch) configured.fetch = options.fetch;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The server's own explanation (`{ message }`), when it gave one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : undefined;
  }
}

export type Query = Readonly<Record<string, string | number | undefined>>;

function apiUrl(path: string, query?: Query): string {
  const url = `${configured.apiBaseUrl}/${path.replace(/^\//, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/** A response's body: its JSON, its text when it is not JSON, null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function request<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const { query, ...rest } = init;
  let response: Response;
  try {
    response = await configured.fetch(apiUrl(path, query), { ...rest, headers: { Accept: 'application/json', ...rest.headers } });
  } catch (cause) {
    throw new ApiError(0, `Network error on ${path}: ${String(cause)}`, null);
  }
  const body = await readBody(response);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : `HTTP ${response.status} on ${path}`, body);
  }
  return body as T;
}

export function getJson<T>(path: string, query?: Query): Promise<T> {
  return request<T>(path, { method: 'GET', query });
}

export function postJson<T>(path: string, payload: unknown, headers: Record<string, string> = {}): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
