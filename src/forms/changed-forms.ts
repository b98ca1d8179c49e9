import type { FormFile } from '../generated/forms';
import type { FormValidatorModule } from '../generated/validators';

/**
 * A form whose file in the live content release differs from the build's: the server compiled its
 * validator and serves both at content-addressed URLs of its own origin (server/forms/release-forms.ts).
 * The browser loads the form from them instead of the built chunks (definitions.ts).
 */
export interface ChangedForm {
  /** The URL of the resolved form file (JSON). */
  file: string;
  /** The URL of its precompiled validator (an ES module that imports the built validator-runtime chunk). */
  module: string;
  /** On the server only: the form and its validator, as loaded (never handed to the browser). */
  loaded?: { form: FormFile; validators: FormValidatorModule };
}

/** Changed forms by name (none: every form is the build's). */
export type ChangedForms = Readonly<Record<string, ChangedForm>>;

let source: () => ChangedForms | undefined = () => undefined;

/**
 * Where definitions.ts finds the changed forms: in the browser the handed-over set (main.tsx); on the
 * server the set of the render under way (each render has its own: src/app/render-forms.ts).
 */
export function setChangedForms(next: () => ChangedForms | undefined): void {
  source = next;
}

/** The live release's version of form `name`, when it differs from the build's. */
export function changedForm(name: string): ChangedForm | undefined {
  const forms = source();
  return forms && Object.prototype.hasOwnProperty.call(forms, name) ? forms[name] : undefined;
}
