import type { SchemaIssue } from './ajv';
import { isObject } from './json-file';
import { escapeToken } from '../../domain/json-pointer';
import { didYouMean } from '../../domain/suggest';

type Schema = Record<string, unknown>;

/** How a subschema hangs off its parent: same value (applicators), a property or item, or elsewhere. */
type Step = { kind: 'applicator'; keyword: string } | { kind: 'property'; name: string } | { kind: 'data' } | { kind: 'detached' };

export interface Visit {
  schema: Schema;
  pointer: string;
  /** Ancestors from the root down, each with the step that leads to the next one. */
  path: Array<{ schema: Schema; step: Step }>;
}

const MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'] as const;
const SINGLE_KEYWORDS = ['additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'if', 'then', 'else', 'not'] as const;
const ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf'] as const;

function stepOf(keyword: string, key?: string): Step {
  switch (keyword) {
    case 'properties':
      return { kind: 'property', name: key ?? '' };
    case 'items':
    case 'additionalItems':
    case 'contains':
    case 'patternProperties':
    case 'additionalProperties':
    case 'propertyNames':
      return { kind: 'data' };
    case 'allOf':
    case 'anyOf':
    case 'oneOf':
    case 'if':
    case 'then':
    case 'else':
    case 'not':
    case 'dependencies':
      return { kind: 'applicator', keyword };
    default:
      // definitions / $defs: applied wherever a $ref points, so no enclosing schema is known.
      return { kind: 'detached' };
  }
}

/** Calls `visit` for a schema and every subschema in it (draft-07 keywords), depth first. */
export function walkSchema(root: unknown, rootPointer: string, visit: (node: Visit) => void): void {
  const go = (node: unknown, pointer: string, path: Visit['path']) => {
    if (!isObject(node)) return;
    visit({ schema: node, pointer, path });
    const child = (value: unknown, childPointer: string, step: Step) => go(value, childPointer, [...path, { schema: node, step }]);
    for (const keyword of MAP_KEYWORDS) {
      const map = node[keyword];
      if (!isObject(map)) continue;
      for (const [key, value] of Object.entries(map)) {
        if (keyword === 'dependencies' && Array.isArray(value)) continue;
        child(value, `${pointer}/${keyword}/${escapeToken(key)}`, stepOf(keyword, key));
      }
    }
    for (const keyword of SINGLE_KEYWORDS) {
      if (keyword in node) child(node[keyword], `${pointer}/${keyword}`, stepOf(keyword));
    }
    const items = node.items;
    if (Array.isArray(items)) items.forEach((item, i) => child(item, `${pointer}/items/${i}`, stepOf('items')));
    else if (items !== undefined) child(items, `${pointer}/items`, stepOf('items'));
    for (const keyword of ARRAY_KEYWORDS) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((item, i) => child(item, `${pointer}/${keyword}/${i}`, stepOf(keyword)));
    }
  };
  go(root, rootPointer, []);
}

const DRAFT7_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$comment',
  '$defs',
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'examples',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'additionalItems',
  'items',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'additionalProperties',
  'definitions',
  'properties',
  'patternProperties',
  'dependencies',
  'propertyNames',
  'const',
  'enum',
  'type',
  'format',
  'contentMediaType',
  'contentEncoding',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
];
/** Extensions the project's tools read: ajv-errors, rjsf, json-schema-to-typescript. `x-*` is always free. */
const EXTENSION_KEYWORDS = ['errorMessage', 'enumNames', 'tsType', 'tsEnumNames', 'deprecated'];
const KNOWN_KEYWORDS = new Set([...DRAFT7_KEYWORDS, ...EXTENSION_KEYWORDS]);

/**
 * Keywords that no tool understands, usually typos ('requird', 'maxlength') that would otherwise
 * be ignored silently. Vendor extensions start with 'x-'.
 */
export function unknownKeywords(schema: unknown, rootPointer = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  walkSchema(schema, rootPointer, ({ schema: node, pointer }) => {
    for (const key of Object.keys(node)) {
      if (KNOWN_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      issues.push({
        pointer: `${pointer}/${escapeToken(key)}`,
        message: `unknown keyword '${key}'${didYouMean(key, KNOWN_KEYWORDS)}`,
        at: 'key',
      });
    }
  });
  return issues;
}

function catchesAll(errorMessage: unknown): boolean {
  return typeof errorMessage === 'string' || (isObject(errorMessage) && typeof errorMessage._ === 'string');
}

/**
 * Whether ajv-errors turns an error of `keyword` (for `required`: the missing `field`) into an
 * editor's message:
 * - the same schema's errorMessage (a string, `_`, the keyword as a string, or for `required` an
 *   object with the field), or
 * - an enclosing schema's catch-all (a string or `_`) or its `properties.<p>` message for the
 *   property that leads down to this schema.
 * That mirrors ajv-errors 3: keyword messages only take errors of the schema they sit in.
 */
function hasMessage(visit: Visit, keyword: string, field?: string): boolean {
  const own = visit.schema.errorMessage;
  if (catchesAll(own)) return true;
  if (isObject(own)) {
    const message = own[keyword];
    if (typeof message === 'string') return true;
    if (field !== undefined && isObject(message) && typeof message[field] === 'string') return true;
  }
  for (let i = visit.path.length - 1; i >= 0; i--) {
    const { schema, step } = visit.path[i];
    if (step.kind === 'detached') return false;
    const message = schema.errorMessage;
    if (catchesAll(message)) return true;
    // A `properties.<p>` message takes every error below <p>, whatever schema reports it.
    const firstDataStep = visit.path.slice(i).find((p) => p.step.kind !== 'applicator')?.step;
    if (firstDataStep?.kind === 'property' && isObject(message) && isObject(message.properties)) {
      if (typeof message.properties[firstDataStep.name] === 'string') return true;
    }
  }
  return false;
}

/** Subschemas whose keywords never yield an error of their own: inside `if` (it only selects) and `not`. */
export function isSilenced(visit: Visit): boolean {
  return visit.path.some(({ step }) => step.kind === 'applicator' && (step.keyword === 'if' || step.keyword === 'not'));
}

/**
 * Every field listed in a `required` array, at any depth, must have an editor's message; the spec's
 * texts replace Ajv's "must have required property".
 */
export function requiredWithoutMessage(schema: unknown, rootPointer = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  walkSchema(schema, rootPointer, (visit) => {
    const required = visit.schema.required;
    if (!Array.isArray(required) || isSilenced(visit)) return;
    required.forEach((field, index) => {
      if (typeof field !== 'string' || hasMessage(visit, 'required', field)) return;
      issues.push({
        pointer: `${visit.pointer}/required/${index}`,
        message: `required field '${field}' has no message (errorMessage.required.${field})`,
        at: 'value',
      });
    });
  });
  return issues;
}

/**
 * Every use of one of `keywords` (at any depth) must have an editor's message, as `required` must:
 * the form's own text, not Ajv's English ("must NOT have more than 100 characters").
 */
export function keywordsWithoutMessage(schema: unknown, keywords: readonly string[], rootPointer = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  walkSchema(schema, rootPointer, (visit) => {
    if (isSilenced(visit)) return;
    for (const keyword of keywords) {
      if (!(keyword in visit.schema) || hasMessage(visit, keyword)) continue;
      issues.push({
        pointer: `${visit.pointer}/${escapeToken(keyword)}`,
        message: `'${keyword}' has no message (errorMessage["${keyword}"])`,
        at: 'key',
      });
    }
  });
  return issues;
}

/**
 * A copy of a schema with `fn` applied to every schema node, innermost first (subschemas are
 * mapped before the node that holds them). Property names, enum values and defaults stay as they are.
 */
export function mapSchema(node: unknown, fn: (schema: Schema) => Schema): unknown {
  if (!isObject(node)) return node;
  const out: Schema = { ...node };
  for (const keyword of MAP_KEYWORDS) {
    const map = node[keyword];
    if (!isObject(map)) continue;
    out[keyword] = Object.fromEntries(
      Object.entries(map).map(([key, value]) => [key, keyword === 'dependencies' && Array.isArray(value) ? value : mapSchema(value, fn)]),
    );
  }
  for (const keyword of SINGLE_KEYWORDS) if (keyword in node) out[keyword] = mapSchema(node[keyword], fn);
  if ('items' in node) out.items = Array.isArray(node.items) ? node.items.map((item) => mapSchema(item, fn)) : mapSchema(node.items, fn);
  for (const keyword of ARRAY_KEYWORDS) {
    const list = node[keyword];
    if (Array.isArray(list)) out[keyword] = list.map((item) => mapSchema(item, fn));
  }
  return fn(out);
}

/** `format` values that Ajv does not know (it would ignore them silently with strict mode off). */
export function unknownFormats(schema: unknown, rootPointer: string, known: readonly string[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  walkSchema(schema, rootPointer, ({ schema: node, pointer }) => {
    const format = node.format;
    if (typeof format !== 'string' || known.includes(format)) return;
    issues.push({ pointer: `${pointer}/format`, message: `unknown format '${format}'${didYouMean(format, known)}`, at: 'value' });
  });
  return issues;
}
