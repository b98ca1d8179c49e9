import { fillPlaceholders } from '../../../domain/text';
import { humanize } from './json';
import WORDS from '../messages.json';

/**
 * The editor's own wording for what the schema validator (Ajv) finds in a value: one short
 * instruction ("Enter a label", "Use a whole number") instead of "must have required property
 * 'label'", chosen by the error's keyword and params, never by reading Ajv's English. The words are
 * in messages.json. The props form (rjsf), the content forms and the gate's problems shown at a field
 * (the gate hands each validator problem's keyword and params on) all go through here, so a field
 * says the same thing once whichever check found it. A message of the project's own rules, or of a
 * keyword without words here (a form's own `errorMessage`), passes through unchanged.
 */

/** What the validator found: its keyword and params (Ajv's), and its message. */
export interface ValidatorProblem {
  keyword?: string;
  params?: Readonly<Record<string, unknown>>;
  message: string;
  /** The field's title, when the form knows it (rjsf gives it for a missing property). */
  title?: string;
}

/** An error as rjsf's Ajv validator gives it: the keyword (`name`), its params, Ajv's message, the field's title. */
export interface ValidatorError {
  name?: string;
  params?: Record<string, unknown>;
  message?: string;
  title?: string;
}

/** Keywords whose error only repeats a more precise one at the same place (a branch of oneOf/anyOf, if's then/else). */
const REPEATS: ReadonlySet<string> = new Set(['oneOf', 'anyOf', 'if']);

/** Keywords that compare a number (or a formatted value) with a limit: params `comparison` and `limit`. */
const COMPARISONS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'formatMinimum',
  'formatMaximum',
  'formatExclusiveMinimum',
  'formatExclusiveMaximum',
]);

/** Enum values listed at most; more are "one of the offered values". */
const MAX_LISTED = 12;

/** 'a' or 'an' before a word. */
function article(word: string): string {
  return /^[aeio]/i.test(word) ? 'an' : 'a';
}

/** A property name or title as a field label in a sentence: 'minimumQuantity' -> 'minimum quantity'. */
function fieldWords(name: string): string {
  const words = humanize(name);
  // Keep an acronym's capitals ('URL'); lower the first letter of an ordinary word.
  return /^[A-Z]{2}/.test(words) ? words : words.charAt(0).toLowerCase() + words.slice(1);
}

/** The entry of `table` for `key`, else its 'other' entry. */
function pick(table: Readonly<Record<string, string>>, key: unknown): string | undefined {
  return (typeof key === 'string' || typeof key === 'number' ? table[String(key)] : undefined) ?? table.other;
}

/** The plain words for a keyword and its params; undefined for a keyword without words here. */
function wordsFor(keyword: string, params: Readonly<Record<string, unknown>>, title: string | undefined): string | undefined {
  const limit = typeof params.limit === 'number' ? params.limit : undefined;
  switch (keyword) {
    case 'required': {
      const name = title || (typeof params.missingProperty === 'string' ? params.missingProperty : undefined);
      if (!name) return undefined;
      const field = fieldWords(name);
      return fillPlaceholders(WORDS.required, { article: article(field), field });
    }
    case 'type':
      return typeof params.type === 'string' ? (WORDS.type as Record<string, string>)[params.type] : undefined;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return limit === undefined ? undefined : fillPlaceholders(pick(WORDS[keyword], limit)!, { limit });
    case 'multipleOf':
      return typeof params.multipleOf === 'number' ? fillPlaceholders(WORDS.multipleOf, { multipleOf: params.multipleOf }) : undefined;
    case 'format':
      return typeof params.format === 'string'
        ? fillPlaceholders(pick(WORDS.format, params.format)!, { format: params.format })
        : undefined;
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      if (allowed.length === 0 || allowed.length > MAX_LISTED) return WORDS.enum.other;
      const values = allowed.map((value) => (value === null ? WORDS.enum.none : String(value))).join(', ');
      return fillPlaceholders(WORDS.enum.list, { values });
    }
    case 'pattern':
    case 'const':
    case 'additionalProperties':
    case 'uniqueItems':
    case 'not':
      return WORDS[keyword];
    default: {
      const comparison = params.comparison;
      if (!COMPARISONS.has(keyword) || typeof comparison !== 'string' || !Object.hasOwn(WORDS.comparison, comparison)) return undefined;
      return fillPlaceholders(WORDS.comparison[comparison as keyof typeof WORDS.comparison], { limit: String(params.limit) });
    }
  }
}

/**
 * The plain instruction for a problem the validator found, by its keyword and params; the message as
 * it is for a problem without a keyword (the project's own rules) or without words here. An empty
 * string: the problem only repeats another (drop it).
 */
export function plainMessage(problem: ValidatorProblem): string {
  if (problem.keyword === undefined) return problem.message;
  if (REPEATS.has(problem.keyword)) return '';
  return wordsFor(problem.keyword, problem.params ?? {}, problem.title) ?? problem.message;
}

/** The plain instruction for one of rjsf's validator errors. */
export function plainValidatorError(error: ValidatorError): string {
  return plainMessage({ keyword: error.name, params: error.params, message: error.message ?? '', title: error.title });
}

/** The messages of one field's problems in plain words, each once, in the order first met. */
export function plainMessages(problems: readonly ValidatorProblem[]): string[] {
  return [...new Set(problems.map(plainMessage).filter((message) => message !== ''))];
}

/**
 * rjsf's `transformErrors`: every error in plain words, and the repeats of another error (a oneOf's
 * branch) dropped.
 */
export function transformErrors<T extends ValidatorError & { stack?: string }>(errors: T[]): T[] {
  return errors
    .map((error) => {
      const message = plainValidatorError(error);
      return { ...error, message, stack: message };
    })
    .filter((error) => error.message !== '');
}
