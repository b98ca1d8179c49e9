import { useEffect, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormFile } from '../generated/forms';
import { logError } from '../lib/log';
import { CONTENT_UPDATE } from '../lib/site';
import * as formDefinitions from './definitions';

// Replaced in `npm run dev` when a form file or its validator is regenerated (below).
let definitions = formDefinitions;

export interface LoadedForm {
  form: FormFile;
  validator: ValidatorType;
}

/** Forms loaded so far, by name: a page preloaded by the router renders its forms at once. */
const loadedForms = new Map<string, LoadedForm>();

/**
 * Loads a form file and its precompiled validator (their own chunks) once; the engine calls it
 * before a page with the form renders (the form blocks' `preload`). Null for an unknown form.
 */
export async function preloadForm(name: string): Promise<LoadedForm | null> {
  const hit = loadedForms.get(name);
  if (hit) return hit;
  const { hasForm, loadFormDefinition, loadFormValidator } = definitions;
  if (!hasForm(name)) {
    logError('form', `unknown form '${name}'`);
    return null;
  }
  const [form, functions] = await Promise.all([loadFormDefinition(name), loadFormValidator(name)]);
  const loaded = { form, validator: createPrecompiledValidator(functions, form.schema as never) as ValidatorType };
  loadedForms.set(name, loaded);
  return loaded;
}

/** The form and its validator: at once when preloaded, else null until both are in. */
export function useFormDefinition(name: string): LoadedForm | null {
  const [state, setState] = useState(() => ({ name, loaded: loadedForms.get(name) ?? null }));
  useEffect(() => {
    if (loadedForms.has(name)) return;
    let live = true;
    preloadForm(name)
      .then((loaded) => {
        if (live && loaded) setState({ name, loaded });
      })
      .catch((error: unknown) => logError(`form ${name}`, error));
    return () => {
      live = false;
    };
  }, [name]);
  return state.name === name ? state.loaded : (loadedForms.get(name) ?? null);
}

/**
 * `npm run dev`: an edit of a form regenerates its form file (and validator), which reach this module
 * through definitions.ts; the forms are loaded again and the app told (main.tsx re-renders the page),
 * without a reload. Production builds drop this block.
 */
if (import.meta.hot) {
  import.meta.hot.accept('./definitions', (next) => {
    if (next) definitions = next as unknown as typeof formDefinitions;
    loadedForms.clear();
    window.dispatchEvent(new Event(CONTENT_UPDATE));
  });
}
