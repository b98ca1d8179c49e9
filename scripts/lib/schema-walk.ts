import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import type { SchemaIssue } from './ajv';
import { isObject } from './json-file';
import { escapeToken } from '../../domain/json-pointer';
import { walkSchema, type Visit } from '../../domain/schema-walk';
import { didYouMean } from '../../domain/suggest';

// The checks that look at every subschema, as visits of the one schema walker (domain/schema-walk.ts),
// which the scripts take from here.
export { foldSchema, mapSchema, resultAt, resultsAt, through, walkSchema, type Visit } from '../../domain/schema-walk';

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
      if (typeof message.properties[String(firstDataStep.key)] === 'string') return true;
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
