import { ApiError, postJson } from '../../api/client';

/** POST key-assignments for one member card; rejects with an ApiError when the server refuses. */
export function postKeyAssignment(payload: Record<string, unknown>): Promise<unknown> {
  return postJson<unknown>('key-assignments', payload);
}

/** The server's own explanation of a refusal (response.data.message in the spec), else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
