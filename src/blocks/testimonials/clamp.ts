/** A word as the clamp rule counts it: its letters and digits (punctuation ignored). */
const core = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');
const isLong = (word: string) => core(word).length >= 3;

/** A text is clamped when it has more than `limit` words of 3 or more characters. */
export function countLongWords(text: string): number {
  return text.split(/\s+/).filter(isLong).length;
}

export function shouldClamp(text: string | null | undefined, limit = 30): boolean {
  return countLongWords(text ?? '') > limit;
}

/**
 * The clamped text: the caption up to its `limit`-th long word, then '…'; null when the caption is
 * not clamped. The cut is by words, not by lines, so what is hidden and what 'See more' reveals are
 * the same at every width (at least one long word always follows the cut).
 */
export function clampText(text: string | null | undefined, limit = 30): string | null {
  if (!text || !shouldClamp(text, limit)) return null;
  let seen = 0;
  for (const match of text.matchAll(/\S+/g)) {
    if (isLong(match[0]) && ++seen === limit) return `${text.slice(0, match.index + match[0].length).replace(/[\s,;:.–—-]+$/u, '')}…`;
  }
  return null;
}
