/**
 * What the engine relies on of React beyond its documented API, in one place. Each assumption is
 * pinned by tests/unit/react-internals.test.tsx against the installed React, so that an upgrade
 * that changes one fails a test rather than a visitor's page.
 */

import { unstable_getCurrentPriorityLevel, unstable_IdlePriority } from 'scheduler';

/**
 * Whether React is rendering the deferred pass in which it hydrates a Suspense boundary of the
 * server's HTML: the first hydration pass leaves each boundary for a later pass of its own, which
 * React runs in a scheduler task at idle priority. An update (a context change, a click) renders at
 * a higher priority.
 */
export function inDeferredHydrationPass(): boolean {
  return unstable_getCurrentPriorityLevel() === unstable_IdlePriority;
}

/**
 * Gives React a field's value as if the visitor had just typed or picked it, so that React calls
 * the field's onChange with it, even when the field already shows that value: React took the
 * field's value as its own when it hydrated, while its state still holds what the server rendered.
 * React watches the value through a setter on the element itself and compares it on each 'input'
 * (or 'change' of a select) event: setting another value through the element's own property, then
 * the value through the prototype's setter (which React does not watch), makes the event a change.
 */
export function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (!(field instanceof HTMLSelectElement)) field.value = value === '' ? ' ' : '';
  nativeSetter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** A promise with the fields React's `use` reads: once settled, `use` returns its value (or throws its reason) without suspending. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** The promise, marked with its state as it settles, so that `use` reads it without suspending once it has. */
export function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = promise as Tracked<T>;
  result.status = 'pending';
  // The handlers return nothing: returning the promise itself would make the one `then` returns
  // adopt its failure, unhandled.
  promise.then(
    (value) => void Object.assign(result, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(result, { status: 'rejected', reason }),
  );
  return result;
}
