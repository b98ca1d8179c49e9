import type { FastifyInstance, FastifyReply, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { parsePointer } from '../domain/json-pointer';
import type { Order, Repo } from './repo';

/** An error with an HTTP status; the app's error handler answers `{ message }` with that status. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

export const list = <T>(data: T[]) => ({ data });
export const one = <T>(data: T) => ({ data });
export const nested = <T>(data: T) => ({ data: { data } });

export function notFound(reply: FastifyReply, message = 'Not found') {
  return reply.code(404).send({ message });
}

// ---- Route schemas ------------------------------------------------------------------------------
// Queries, path params and the small JSON bodies of the content and shop routes are checked by
// Fastify route schemas (the app's Ajv: no coercion, no removal of extra fields). A refused request
// is answered with the message of the first wrong value, 400 unless the value says otherwise.

/** A value of a request that a route schema checks, and what the refusal says. */
export interface Checked {
  schema: Record<string, unknown>;
  /** The refusal's message: the value is missing, of another type or shape. */
  message: string;
  /** Messages of particular Ajv keywords (e.g. maxLength), instead of `message`. */
  messages?: Readonly<Record<string, string>>;
  /** The refusal's status (default 400; an unreadable path id is a 404, as an unknown one). */
  status?: number;
}

type Fields = Readonly<Record<string, Checked>>;

/** What a route checks: querystring and params by their members, a JSON body with exactly its fields. */
export interface RouteChecks {
  querystring?: Fields;
  params?: Fields;
  /** Every field is required, and no other is accepted. */
  body?: Fields;
}

/** Message of a body member the route does not take. */
const UNKNOWN_FIELD = 'The body has an unknown field: {field}.';

/**
 * Route options (`schema` and `schemaErrorFormatter`) that check a request's parts. Querystring
 * members other than those named are ignored; a body must be a JSON object with exactly its fields
 * (a body that is not an object is refused with its first field's message).
 */
export function checked(checks: RouteChecks): {
  schema: FastifySchema;
  schemaErrorFormatter: (errors: FastifySchemaValidationError[], part: string) => Error;
} {
  const object = (fields: Fields) => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.schema])),
  });
  const schema: FastifySchema = {};
  if (checks.querystring) schema.querystring = object(checks.querystring);
  if (checks.params) schema.params = object(checks.params);
  if (checks.body) schema.body = { ...object(checks.body), required: Object.keys(checks.body), additionalProperties: false };
  return {
    schema,
    schemaErrorFormatter(errors, part) {
      const fields = (checks as Readonly<Record<string, Fields | undefined>>)[part] ?? {};
      const error = errors[0];
      const extra = error?.params.additionalProperty;
      if (typeof extra === 'string') return new HttpError(400, UNKNOWN_FIELD.replace('{field}', extra.slice(0, 50)));
      const missing = error?.params.missingProperty;
      const name = typeof missing === 'string' ? missing : (parsePointer(error?.instancePath ?? '')[0] ?? '');
      const field = Object.hasOwn(fields, name) ? fields[name] : Object.values(fields)[0];
      if (!field) return new HttpError(400, 'The request is not valid.');
      return new HttpError(field.status ?? 400, field.messages?.[error?.keyword ?? ''] ?? field.message);
    },
  };
}

/**
 * A querystring value: text whose trimmed value matches `pattern`; empty or blank means absent.
 * (The pattern is written so that it runs in linear time.)
 */
const optionalText = (pattern: string) => ({ type: 'string', pattern: `^\\s*(?:(?:${pattern})\\s*)?$` });

/** The querystring members of the content and shop lists. */
export const QUERY = {
  reseller_id: { schema: optionalText('\\d{1,12}'), message: 'Query parameter reseller_id must be a whole number.' },
  limit: { schema: optionalText('\\d{1,12}'), message: 'Query parameter limit must be a whole number.' },
  year: { schema: optionalText('\\d{4}'), message: 'Query parameter year must be a four-digit year.' },
  order_by: { schema: optionalText('[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc]'), message: 'Query parameter order_by must be ASC or DESC.' },
} as const satisfies Fields;

/** The querystring as the routes checked by QUERY receive it (text; one value per member). */
export type Query = Partial<Record<keyof typeof QUERY, string>>;

const present = (value: string | undefined) => value?.trim() || undefined;

/** A checked whole-number query value (reseller_id, limit, year), or undefined when absent. */
export function queryNumber(value: string | undefined): number | undefined {
  const text = present(value);
  return text === undefined ? undefined : Number(text);
}

/** A checked order_by (any case), or `fallback` when absent. */
export function queryOrder(value: string | undefined, fallback: Order): Order {
  return (present(value)?.toUpperCase() as Order | undefined) ?? fallback;
}

/** A path id (`:id`): digits, else 404 with `notFoundMessage`, as for an id that does not exist. */
const pathId = (notFoundMessage: string): Checked => ({
  schema: { type: 'string', pattern: '^\\d{1,12}$' },
  message: notFoundMessage,
  status: 404,
});

/** GET /<resource>/:id: one item by its id; 404 with `notFoundMessage` for an unknown or unreadable id. */
export function getById(app: FastifyInstance, repo: Repo, resource: string, notFoundMessage: string): void {
  app.get<{ Params: { id: string } }>(`/${resource}/:id`, checked({ params: { id: pathId(notFoundMessage) } }), async (request, reply) => {
    const item = await repo.get(resource, Number(request.params.id));
    return item ? one(item) : notFound(reply, notFoundMessage);
  });
}

/** The message of an unknown plan id. */
export const PLAN_NOT_FOUND = 'Plan not found';
