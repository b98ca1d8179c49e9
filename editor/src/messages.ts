import { humanize } from './json';

/**
 * The editor's own wording for what the schema validator (Ajv, in English) says about a value: one
 * short instruction ("Enter a label", "Use a whole number") instead of "must have required property
 * 'label'". The props form (rjsf), the content forms and the gate's problems shown at a field all go
 * through here, so a field says the same thing once whichever check found it. A message that is not
 * the validator's (the project's own rules already speak plainly) passes through unchanged.
 */

/** An error as rjsf's Ajv validator gives it: the keyword, its params, Ajv's message. */
export interface ValidatorError {
  name?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** 'a' or 'an' before a word. */
function article(word: string): string {
  return /^[aeio]/i.test(word) ? 'an' : 'a';
}

/** A property name as a field label in a sentence: 'minimumQuantity' -> 'minimum quantity'. */
function fieldWords(name: string): string {
  const words = humanize(name);
  // Keep an acronym's capitals ('URL'); lower the first letter of an ordinary word.
  return /^[A-Z]{2}/.test(words) ? words : words.charAt(0).toLowerCase() + words.slice(1);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const FORMATS: Record<string, string> = {
  email: 'Enter an e-mail address',
  uri: 'Enter a full web address (https://…)',
  'uri-reference': 'Enter a web address or a path',
  url: 'Enter a full web address (https://…)',
  date: 'Enter a date (YYYY-MM-DD)',
  'date-time': 'Enter a date and time',
  time: 'Enter a time',
  color: 'Enter a colour (#rrggbb)',
};

const TYPES: Record<string, string> = {
  integer: 'Use a whole number',
  number: 'Use a number',
  string: 'Use text',
  boolean: 'Choose yes or no',
  array: 'Use a list',
  object: 'Fill in this group',
  null: 'Leave this empty',
};

/** Messages that only repeat a more precise one at the same place (a branch of oneOf/if). */
const NOISE = /^must match (?:exactly one schema in oneOf|a schema in anyOf|"(?:then|else)" schema)$/;

/** The limit a message names, as a number. */
const count = (text: string | undefined) => Number(text);

/**
 * The plain instruction for a validator message (Ajv's English text), or the message as it is when
 * it is not the validator's. An empty string: the message only repeats another (drop it).
 */
export function plainMessage(message: string): string {
  const text = message.trim();
  let match: RegExpExecArray | null;
  if (NOISE.test(text)) return '';
  if ((match = /^must have required property '([^']{1,200})'$/.exec(text))) {
    const words = fieldWords(match[1]);
    return `Enter ${article(words)} ${words}`;
  }
  if ((match = /^must be (?:an? )?(integer|number|string|boolean|array|object|null)$/.exec(text))) return TYPES[match[1]];
  if ((match = /^must NOT have fewer than (\d{1,9}) characters$/.exec(text)))
    return count(match[1]) <= 1 ? 'Enter some text' : `Use at least ${plural(count(match[1]), 'character', 'characters')}`;
  if ((match = /^must NOT have more than (\d{1,9}) characters$/.exec(text)))
    return `Use at most ${plural(count(match[1]), 'character', 'characters')}`;
  if ((match = /^must NOT have fewer than (\d{1,9}) items$/.exec(text)))
    return `Add at least ${plural(count(match[1]), 'entry', 'entries')}`;
  if ((match = /^must NOT have more than (\d{1,9}) items$/.exec(text)))
    return `Keep at most ${plural(count(match[1]), 'entry', 'entries')}`;
  if ((match = /^must be (>=|<=|>|<) (-?[\d.]{1,30})$/.exec(text))) {
    const [, op, limit] = match;
    return op === '>='
      ? `Use ${limit} or more`
      : op === '<='
        ? `Use ${limit} or less`
        : op === '>'
          ? `Use more than ${limit}`
          : `Use less than ${limit}`;
  }
  if ((match = /^must be multiple of (-?[\d.]{1,30})$/.exec(text))) return `Use a multiple of ${match[1]}`;
  if ((match = /^must match format "([^"]{1,40})"$/.exec(text))) return FORMATS[match[1]] ?? `Enter a valid ${match[1]}`;
  if (/^must match pattern "/.test(text)) return 'This is not in the form this field takes';
  if (text === 'must be equal to one of the allowed values') return 'Choose one of the offered values';
  if (text === 'must be equal to constant') return 'This field has one fixed value';
  if (text === 'must NOT have additional properties') return 'Remove the fields this does not take';
  if (/^must NOT have duplicate items/.test(text)) return 'Remove the repeated entry';
  if (/^must NOT be valid$/.test(text)) return 'This value is not allowed here';
  return text;
}

/** The plain instruction for one of rjsf's validator errors, with the allowed values listed for an enum. */
export function plainValidatorError(error: ValidatorError): string {
  const allowed = error.params?.allowedValues;
  if (error.name === 'enum' && Array.isArray(allowed) && allowed.length > 0 && allowed.length <= 12)
    return `Choose one of: ${allowed.map((value) => (value === null ? 'none' : String(value))).join(', ')}`;
  return plainMessage(error.message ?? '');
}

/** The messages of one field in plain words, each once, in the order first met. */
export function plainMessages(messages: readonly string[]): string[] {
  return [...new Set(messages.map(plainMessage).filter((message) => message !== ''))];
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
