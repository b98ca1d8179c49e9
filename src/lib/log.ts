/**
 * The one place the site reports problems a visitor does not need to see (a failed load is
 * logged, never shown as an error). Kept tiny so a real error reporter can replace it.
 */
export function logError(context: string, error: unknown): void {
  console.error(`[${context}]`, error);
}

export function logWarning(context: string, message: string): void {
  console.warn(`[${context}] ${message}`);
}
