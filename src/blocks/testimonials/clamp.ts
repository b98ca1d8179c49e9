/** Spec section 4: a text is clamped when it has more than `limit` words of 3 or more characters. */
export function countLongWords(text: string): number {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length >= 3).length;
}

export function shouldClamp(text: string | null | undefined, limit = 30): boolean {
  return countLongWords(text ?? '') > limit;
}
