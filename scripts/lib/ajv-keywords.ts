import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';
import type Ajv from 'ajv';
// Ajv's code builder alone (the same `_` and `str` as Ajv's main module exports), so that importing
// the keywords does not load Ajv's compiler.
import { _, str, type Name } from 'ajv/dist/compile/codegen/index.js';
import { REFUSED_IN_TEXT, type TextKind } from '../../domain/text';

/**
 * The custom keywords of the form schemas, defined once for every Ajv the project creates: the QA
 * gate (scripts/lib/ajv.ts) and the precompiled validators (generate/validators.ts), which the
 * browser and the reference server both run.
 *
 * Each keyword emits inline code only (no closure over a function of this module), so Ajv's
 * standalone output stays self-contained and needs no `new Function` at run time.
 */

/** Values of `x-maxDate` and how many days before today (Asia/Manila) they allow at most. */
const MAX_DATE_DAYS_BEFORE_TODAY = { today: 0, yesterday: 1 } as const;

/** Asia/Manila is UTC+8 all year (no daylight saving time). */
const MANILA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86400 * 1000;

/**
 * `"x-maxDate": "yesterday" | "today"`: a date string (YYYY-MM-DD) must not be later than that day
 * in Asia/Manila, computed when the data is validated (not when the schema is compiled). Strings
 * of another shape are left to `format`/`pattern`; the message comes from the form's
 * `errorMessage["x-maxDate"]` (ajv-errors).
 */
const maxDateKeyword: CodeKeywordDefinition = {
  keyword: 'x-maxDate',
  type: 'string',
  schemaType: 'string',
  $data: false,
  metaSchema: { enum: Object.keys(MAX_DATE_DAYS_BEFORE_TODAY) },
  error: {
    message: ({ schema }) => str`must not be later than ${String(schema)}`,
    params: ({ schema }) => _`{limit: ${String(schema)}}`,
  },
  code(cxt: KeywordCxt) {
    const { data, schema } = cxt;
    const days = MAX_DATE_DAYS_BEFORE_TODAY[schema as keyof typeof MAX_DATE_DAYS_BEFORE_TODAY] ?? 0;
    const shift = MANILA_OFFSET_MS - days * DAY_MS;
    // The latest allowed day: the UTC date of (now + 8 h - days), i.e. the Manila calendar day.
    cxt.fail(_`/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(${data}) && ${data} > new Date(Date.now() + ${shift}).toISOString().slice(0, 10)`);
  },
};

/** Values of `x-text` and the characters each refuses (domain/text.ts, shared with the server's own checks). */
export const TEXT_KINDS = REFUSED_IN_TEXT;

/**
 * `"x-text": "single-line" | "multi-line"`: a string a visitor types must not contain control
 * characters (TEXT_KINDS). It sits beside `pattern`, so a field keeps its own pattern (an e-mail's)
 * and still refuses them; the message comes from the form's `errorMessage["x-text"]` (ajv-errors).
 * The compiled check is a RegExp built like the `pattern` keyword's, so the standalone code holds
 * `new RegExp(...)`, never code built from strings.
 */
const textKeyword: CodeKeywordDefinition = {
  keyword: 'x-text',
  type: 'string',
  schemaType: 'string',
  $data: false,
  metaSchema: { enum: Object.keys(TEXT_KINDS) },
  error: {
    message: ({ schema }) => str`must not contain control characters${schema === 'multi-line' ? ' other than tab and new line' : ''}`,
    params: ({ schema }) => _`{kind: ${String(schema)}}`,
  },
  code(cxt: KeywordCxt) {
    const refused = TEXT_KINDS[cxt.schema as TextKind] ?? TEXT_KINDS['single-line'];
    cxt.fail(_`${patternIn(cxt, refused)}.test(${cxt.data})`);
  },
};

/**
 * The compiled expression of `source` in the validator's scope, made once per pattern as Ajv makes a
 * `pattern` keyword's: by the Ajv's RegExp engine (its `code.regExp`), with flag `u` when
 * `unicodeRegExp` is on, and as `new RegExp(...)` in standalone code.
 */
function patternIn({ gen, it: { opts } }: KeywordCxt, source: string): Name {
  const flags = opts.unicodeRegExp ? 'u' : '';
  const { regExp } = opts.code;
  // Standalone code must build the same expression: other engines (re2) would need their module there.
  if (regExp.code !== 'new RegExp') throw new Error(`the form keywords need Ajv's own RegExp engine, not '${regExp.code}'`);
  const compiled = regExp(source, flags);
  return gen.scopeValue('pattern', { key: compiled.toString(), ref: compiled, code: _`new RegExp(${source}, ${flags})` });
}

/** Every custom keyword of the form schemas. */
const FORM_KEYWORDS: readonly CodeKeywordDefinition[] = [maxDateKeyword, textKeyword];

/** Adds the custom keywords to an Ajv instance (returns it, so it can serve as rjsf's extenderFn). */
export function addFormKeywords<A extends Ajv>(ajv: A): A {
  for (const definition of FORM_KEYWORDS) {
    if (![definition.keyword].flat().some((name) => ajv.getKeyword(name))) ajv.addKeyword(definition);
  }
  return ajv;
}
