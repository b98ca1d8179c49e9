import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import traverse from 'json-schema-traverse';
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

/**
 * Calls `visit` for a schema and every subschema in it, depth first, in the order of their keys.
 * Which keywords hold subschemas is json-schema-traverse's knowledge (the walker Ajv uses).
 */
export function walkSchema(root: unknown, rootPointer: string, visit: (node: Visit) => void): void {
  if (!isObject(root)) return;
  const path: Visit['path'] = [];
  traverse(root, {
    cb: {
      pre: (schema, pointer, _root, _parentPointer, keyword, parent, key) => {
        if (parent && keyword) path.push({ schema: parent, step: stepOf(keyword, typeof key === 'string' ? key : undefined) });
        visit({ schema, pointer: rootPointer + pointer, path: [...path] });
      },
      post: (_schema, _pointer, _root, _parentPointer, _keyword, parent) => {
        if (parent) path.pop();
      },
    },
  });
}

/**
 * Keywords the project's tools read besides those of draft-07's meta-schema: `$defs` and `writeOnly`
 * (later drafts' keywords that Ajv reads in a draft-07 schema too), ajv-errors' `errorMessage`,
 * rjsf's `enumNames`, json-schema-to-typescript's `tsType`, `tsEnumNames` and `deprecated`.
 */
const EXTENSION_KEYWORDS = ['$defs', 'writeOnly', 'errorMessage', 'enumNames', 'tsType', 'tsEnumNames', 'deprecated'];
/** What a schema may say: draft-07's keywords (its meta-schema's properties), the extensions, and `x-*` (always free). */
const KNOWN_KEYWORDS = new Set([...Object.keys(draft07.properties), ...EXTENSION_KEYWORDS]);

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
  let mapped: Schema = node;
  // A copy whose subschemas are replaced by their mapped ones as the walk leaves them.
  traverse(structuredClone(node), {
    cb: {
      post: (schema, _pointer, _root, _parentPointer, keyword, parent, key) => {
        const result = fn(schema);
        if (!parent || !keyword) mapped = result;
        else if (key === undefined) parent[keyword] = result;
        else parent[keyword][key] = result;
      },
    },
  });
  return mapped;
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
