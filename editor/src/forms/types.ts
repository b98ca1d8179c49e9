import type { Diagnostic } from '../../../scripts/lib/diagnostics';

export type { Diagnostic };

/**
 * A form file (forms/<name>.json) as the editor holds it: the parsed JSON, `$ref`s as written.
 * Typed loosely on purpose: a form file may hold any JSON, and the gate says what is wrong with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form file holds any JSON; the gate checks its shape
export type FormFile = Record<string, any>;

/** A change of a form file: an immer recipe on its draft (the page UI applies it with produceWithPatches). */
export type FormRecipe = (draft: FormFile) => void;

/** Hands a change of the form file on (to FormEditor's onChange). */
export type Change = (edit: FormRecipe) => void;

/** forms/fragments/*.json parsed, by path relative to the project root ('forms/fragments/email.json'). */
export type Fragments = Readonly<Record<string, unknown>>;

/** What the form helpers need to resolve `$ref`s: the form's own path and the fragments. */
export interface FormContext {
  /** The form file's path relative to the project root, e.g. 'forms/contact.json'. */
  file: string;
  fragments: Fragments;
}

export type JsonObject = Record<string, unknown>;

export { isObject } from '../../../domain/guards';
