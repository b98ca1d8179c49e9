/** Rejects when `promise` has not settled within `ms` (used for lazily loaded chunks: 120 s). */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms loading ${label}`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A lazily loaded chunk that has not arrived after 120 s fails (the page shows its load-failure text). */
export const CHUNK_TIMEOUT_MS = 120_000;
