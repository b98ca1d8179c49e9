import { createRequire } from 'node:module';
import type Ajv from 'ajv';
import type { ErrorObject, Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { addFormKeywords } from './ajv-keywords';
import { isObject } from './json-file';
import { escapeToken, isWithin, valuesWithPointers } from '../../domain/json-pointer';
import { didYouMean } from '../../domain/suggest';

// The formats rjsf's validator-ajv8 adds on top of ajv-formats (createAjvInstance.js), so a form
// schema that compiles here also compiles in the browser and on the server.
const COLOR_FORMAT =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL_FORMAT = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;

/**
 * Every format the pipeline's Ajv knows, by name (ajv-formats' full set plus rjsf's two): what
 * `createAjv().formats` holds, and what validators compiled by it (standalone code, see
 * schema-registry.ts) call by name.
 */
export const FORMATS: Readonly<Record<string, Format>> = { ...fullFormats, 'data-url': DATA_URL_FORMAT, color: COLOR_FORMAT };

// Ajv and its plug-ins load only when a schema must be compiled: a run whose compiled validators
// are cached (schema-registry.ts) never needs them.
const require = createRequire(import.meta.url);

/**
 * The Ajv set-up every check of the pipeline uses, the same as rjsf's (allErrors, verbose, the
 * ajv-formats formats plus 'data-url' and 'color') with ajv-errors for the forms' messages and
 * the forms' custom keywords (ajv-keywords.ts, shared with the precompiled validators).
 * Strict mode is off: unknown keywords are reported with their position by schema-walk.ts instead
 * of Ajv stopping at the first one.
 *
 * The compiled code keeps its source, so that schema-registry.ts can cache it (`standaloneCode`);
 * it names the formats `formats` (FORMATS, given to that code when it is loaded). Ajv's optimising
 * pass over the generated code is off: it took a third of the compile time, and a check of a
 * project's few JSON files gains nothing from it.
 */
export function createAjv(): Ajv {
  const { default: AjvClass, _ } = require('ajv') as typeof import('ajv');
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
  const { default: ajvErrors } = require('ajv-errors') as typeof import('ajv-errors');
  const ajv = new AjvClass({
    allErrors: true,
    multipleOfPrecision: 8,
    strict: false,
    verbose: true,
    discriminator: false,
    logger: false,
    // `{ "$data": "1/email" }` references (e.g. confirm e-mail), as in the precompiled validators.
    $data: true,
    code: { source: true, formats: _`formats`, optimize: false },
  });
  addFormats(ajv);
  ajv.addFormat('data-url', DATA_URL_FORMAT);
  ajv.addFormat('color', COLOR_FORMAT);
  addFormKeywords(ajv);
  ajvErrors(ajv);
  return ajv;
}

/** A schema violation, ready to be placed in its file. */
export interface SchemaIssue {
  pointer: string;
  message: string;
  /** 'key' for a property that should not be there: the position is its name. */
  at: 'value' | 'key';
  /**
   * The validator's keyword and params when the issue says what the validator found in the value:
   * the visual editor words it from these (editor/src/messages.ts), as it words its own form's errors.
   */
  keyword?: string;
  params?: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  uri: 'an absolute URL',
  'uri-reference': 'a URL',
  email: 'an e-mail address',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (ISO 8601)',
  time: 'a time (HH:MM:SS)',
};

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function typeList(types: unknown): string {
  const list = (Array.isArray(types) ? types : [types]).map((t) => TYPE_NAMES[String(t)] ?? String(t));
  return list.join(' or ');
}

function describe(error: ErrorObject): SchemaIssue {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const value = (message: string): SchemaIssue => ({ pointer, message, at: 'value', keyword: error.keyword, params });
  switch (error.keyword) {
    case 'required':
      return value(`must have required property '${params.missingProperty}'`);
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const declared =
        isObject(error.parentSchema) && isObject(error.parentSchema.properties) ? Object.keys(error.parentSchema.properties) : [];
      return {
        pointer: `${pointer}/${escapeToken(name)}`,
        message: `unknown property '${name}'${didYouMean(name, declared)}`,
        at: 'key',
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      const hint =
        typeof error.data === 'string'
          ? didYouMean(
              error.data,
              allowed.filter((v): v is string => typeof v === 'string'),
            )
          : '';
      return value(`must be one of: ${allowed.map(show).join(', ')}${hint}`);
    }
    case 'const':
      return value(`must be ${JSON.stringify(params.allowedValue)}`);
    case 'type':
      return value(`must be ${typeList(params.type)}`);
    case 'format':
      return value(`must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${params.format}`}`);
    case 'pattern':
      return value(`must match the pattern ${params.pattern}`);
    case 'minLength':
      return value(params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters long`);
    case 'maxLength':
      return value(`must be at most ${params.limit} characters long`);
    case 'minItems':
      return value(params.limit === 1 ? 'must not be empty' : `must have at least ${params.limit} items`);
    case 'maxItems':
      return value(`must have at most ${params.limit} items`);
    case 'uniqueItems':
      return value(`must not repeat items (items ${params.j} and ${params.i} are identical)`);
    case 'dependencies':
    case 'dependentRequired':
      return value(`must have property '${params.missingProperty}' when property '${params.property}' is present`);
    case 'false schema':
      return value('is not allowed here');
    case 'not':
      return value('must not match the excluded schema');
    case 'propertyNames':
      return {
        pointer: `${pointer}/${escapeToken(String(params.propertyName))}`,
        message: `property name '${params.propertyName}' is not allowed`,
        at: 'key',
      };
    // What is left of a oneOf or anyOf is the problem itself (collapseCombinators took the branches'):
    // no keyword, so that nothing takes it for a branch's repeat.
    case 'oneOf':
      return {
        pointer,
        at: 'value',
        message: params.passingSchemas ? 'matches more than one of the allowed forms' : 'matches none of the allowed forms',
      };
    case 'anyOf':
      return { pointer, at: 'value', message: 'matches none of the allowed forms' };
    default:
      // errorMessage (ajv-errors) carries the editor's own text; other keywords keep Ajv's wording.
      return value(error.message ?? `fails '${error.keyword}'`);
  }
}

function isBranchTypeMismatch(branch: ErrorObject[], instancePath: string): boolean {
  return branch.length === 1 && branch[0].keyword === 'type' && branch[0].instancePath === instancePath;
}

function deepest(branch: ErrorObject[]): number {
  return Math.max(...branch.map((e) => e.instancePath.split('/').length));
}

/**
 * Replaces each failed anyOf/oneOf with what the editor most likely meant: "must be X or Y" when
 * the value has none of the allowed types, else the errors of the branch that got furthest.
 */
function collapseCombinators(errors: ErrorObject[]): ErrorObject[] {
  let list = errors.filter((e) => e.keyword !== 'if');
  const combinators = list
    .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && !(e.params as { passingSchemas?: unknown }).passingSchemas)
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const combinator of combinators) {
    if (!list.includes(combinator)) continue;
    const prefix = `${combinator.schemaPath}/`;
    // A branch's errors sit under anyOf/<i>, or under its $ref target when the branch is a $ref.
    const refs = Array.isArray(combinator.schema)
      ? (combinator.schema as unknown[]).map((branch) => (isObject(branch) && typeof branch.$ref === 'string' ? branch.$ref : undefined))
      : [];
    const branchOf = (e: ErrorObject): string | undefined => {
      if (e.schemaPath.startsWith(prefix)) return e.schemaPath.slice(prefix.length).split('/')[0];
      const index = refs.findIndex((ref) => ref !== undefined && isWithin(e.schemaPath, ref));
      return index >= 0 ? String(index) : undefined;
    };
    const before = list.slice(0, list.indexOf(combinator));
    const subs = before.filter((e) => isWithin(e.instancePath, combinator.instancePath) && branchOf(e) !== undefined);
    if (subs.length === 0) continue;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of subs) {
      const index = branchOf(e)!;
      branches.set(index, [...(branches.get(index) ?? []), e]);
    }
    const all = [...branches.values()];
    const plausible = all.filter((branch) => !isBranchTypeMismatch(branch, combinator.instancePath));
    let replacement: ErrorObject[];
    if (plausible.length === 0) {
      const types = [...new Set(all.flatMap((branch) => [branch[0].params.type as string | string[]].flat()))];
      replacement = [{ ...all[0][0], schemaPath: combinator.schemaPath, params: { type: types } }];
    } else {
      replacement = plausible.reduce((best, branch) =>
        deepest(branch) > deepest(best) || (deepest(branch) === deepest(best) && branch.length < best.length) ? branch : best,
      );
    }
    const at = list.indexOf(combinator);
    list = [...list.slice(0, at).filter((e) => !subs.includes(e)), ...replacement, ...list.slice(at + 1).filter((e) => !subs.includes(e))];
  }
  return list;
}

/** Ajv's errors as readable issues, each pointer prefixed with where the validated value sits. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined, prefix = ''): SchemaIssue[] {
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const error of collapseCombinators([...(errors ?? [])])) {
    const issue = describe(error);
    const full = { ...issue, pointer: prefix + issue.pointer };
    const key = `${full.pointer}\0${full.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(full);
  }
  return issues;
}

/** Where an Ajv compile error points inside the schema, when it says so. */
export function compileErrorIssue(error: unknown, schema: unknown, prefix: string): SchemaIssue {
  const err = error as { message?: string; missingRef?: string };
  const text = err.message ?? String(error);
  if (err.missingRef !== undefined) {
    const ref = /can't resolve reference (\S+)/.exec(text)?.[1] ?? err.missingRef;
    const found = findRef(schema, ref);
    return { pointer: found === undefined ? prefix : `${prefix}${found}/$ref`, message: `cannot resolve $ref '${ref}'`, at: 'value' };
  }
  const at = /at path "#([^"]*)"/.exec(text)?.[1];
  const message = text.replace(/^strict mode: /, '').replace(/ ignored in schema at path "[^"]*"/, '');
  return { pointer: prefix + (at ?? ''), message: `schema does not compile: ${message}`, at: 'value' };
}

/** The pointer of the first subschema whose $ref is `ref`. */
function findRef(schema: unknown, ref: string): string | undefined {
  for (const { pointer, value } of valuesWithPointers(schema)) if (isObject(value) && value.$ref === ref) return pointer;
  return undefined;
}
