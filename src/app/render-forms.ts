import { AsyncLocalStorage } from 'node:async_hooks';
import { setChangedForms, type ChangedForm, type ChangedForms } from '../forms/changed-forms';

/**
 * The forms of the server render under way: the build's, or those the live content release changes
 * (RenderOptions.forms: their files and validators, loaded by the server, server/forms/release-forms.ts),
 * scoped to the render and all it awaits, so that renders of two releases never mix their forms.
 */
const formScope = new AsyncLocalStorage<ChangedForms | undefined>();
setChangedForms(() => formScope.getStore());

/** Changed forms as the server gives them for a render: ChangedForm values with `loaded` (the server builds them). */
export type RenderForms = Readonly<Record<string, unknown>>;

export const inForms = <T>(forms: RenderForms | undefined, work: () => Promise<T>): Promise<T> =>
  formScope.run(forms as ChangedForms | undefined, work);

/** What the browser is told of the changed forms: their URLs only (none when no form changed). */
export function handedForms(given: RenderForms | undefined): Record<string, ChangedForm> | undefined {
  const forms = given as ChangedForms | undefined;
  const names = Object.keys(forms ?? {});
  if (!forms || names.length === 0) return undefined;
  return Object.fromEntries(names.map((name) => [name, { file: forms[name].file, module: forms[name].module }]));
}
