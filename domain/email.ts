/**
 * An e-mail address that can stand alone in a mail header (To, Reply-To, From): a local part and a
 * dotted domain without spaces, commas, semicolons, angle brackets, parentheses, square brackets,
 * backslashes, colons or quotes, so that one value is never read as several addresses or as a
 * display name. Each part is one character class that excludes its separators: a match is linear
 * in the length of the text.
 */
export const PLAIN_ADDRESS = '[^\\s@,;<>()[\\]\\\\:"]+@[^\\s@.,;<>()[\\]\\\\:"]+(?:\\.[^\\s@.,;<>()[\\]\\\\:"]+)+';

const PLAIN_ADDRESS_ONLY = new RegExp(`^${PLAIN_ADDRESS}$`);

/** Whether `value` is one plain address (PLAIN_ADDRESS) of at most 254 characters. */
export function isPlainAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && PLAIN_ADDRESS_ONLY.test(value);
}
