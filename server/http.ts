import type { FastifyReply } from 'fastify';
import type { Order } from './repo';

/** An error with an HTTP status; the app's error handler answers `{ message }` with that status. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export type Query = Record<string, unknown>;

const single = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return single(value[value.length - 1]);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** A positive integer query parameter, or undefined when absent; 400 when malformed. */
export function intParam(query: Query, name: string): number | undefined {
  const raw = single(query[name]);
  if (raw === undefined) return undefined;
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(400, `Query parameter ${name} must be a whole number.`);
  return Number(raw);
}

/** order_by=ASC|DESC (any case); `fallback` when absent; 400 otherwise. */
export function orderParam(query: Query, fallback: Order): Order {
  const raw = single(query.order_by);
  if (raw === undefined) return fallback;
  const upper = raw.toUpperCase();
  if (upper === 'ASC' || upper === 'DESC') return upper;
  throw new HttpError(400, 'Query parameter order_by must be ASC or DESC.');
}

/** year=YYYY, or undefined when absent; 400 otherwise. */
export function yearParam(query: Query): number | undefined {
  const raw = single(query.year);
  if (raw === undefined) return undefined;
  if (!/^\d{4}$/.test(raw)) throw new HttpError(400, 'Query parameter year must be a four-digit year.');
  return Number(raw);
}

/** A path id: a positive integer, else undefined (the caller answers 404). */
export function pathId(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** A string field of a JSON body, trimmed; 400 when missing or empty. */
export function bodyString(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new HttpError(400, `${name} is required.`);
  return value.trim();
}

/** A positive integer field of a JSON body (a number, or digits as text); 400 when missing or malformed. */
export function bodyId(body: unknown, name: string): number {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const id = typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new HttpError(400, `${name} must be a whole number.`);
  return id;
}

export const list = <T>(data: T[]) => ({ data });
export const one = <T>(data: T) => ({ data });
export const nested = <T>(data: T) => ({ data: { data } });

export function notFound(reply: FastifyReply, message = 'Not found') {
  return reply.code(404).send({ message });
}
