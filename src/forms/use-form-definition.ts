import { use, useEffect, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
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

/** Loads under way, by name: a form asked for twice at once (the engine and its block) loads once. */
const loadingForms = new Map<string, Promise<LoadedForm | null>>();

/**
 * Loads a form file and its precompiled validator (their own chunks) once; the engine calls it
 * before a page with the form renders (the blocks' `forms` and `preload` hooks). Null for an unknown form.
 */
export function preloadForm(name: string): Promise<LoadedForm | null> {
  const hit = loadedForms.get(name);
  if (hit) return Promise.resolve(hit);
  let loading = loadingForms.get(name);
  if (!loading) {
    loading = loadForm(name).finally(() => loadingForms.delete(name));
    loadingForms.set(name, loading);
  }
  return loading;
}

async function loadForm(name: string): Promise<LoadedForm | null> {
  const { hasForm, loadFormDefinition, loadFormValidator } = definitions;
  if (!hasForm(name)) {
    logError('form', `unknown form '${name}'`);
    return null;
  }
  // rjsf's validator code is a chunk of its own too: a page that shows a form only later (a
  // checkout's summary comes first) does not wait for it.
  const [form, functions, { default: createPrecompiledValidator }] = await Promise.all([
    loadFormDefinition(name),
    loadFormValidator(name),
    import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
  ]);
  const loaded = { form, validator: createPrecompiledValidator(functions, form.schema as never) as ValidatorType };
  loadedForms.set(name, loaded);
  return loaded;
}

/** The load of each form as one promise per name, for React's `use` (useLoadedForm). */
const formPromises = new Map<string, Promise<LoadedForm | null>>();

/**
 * The form and its validator, suspending the component (React's `use`) until both are in; null for
 * an unknown form. For a part that renders only with its form (lib/Part.tsx): hydrating, it keeps
 * the server's HTML meanwhile.
 */
export function useLoadedForm(name: string): LoadedForm | null {
  let promise = formPromises.get(name);
  if (!promise) {
    promise = preloadForm(name);
    formPromises.set(name, promise);
  }
  return use(promise);
}

/** The form and its validator: at once when preloaded, else null until both are in. */
export function useFormDefinition(name: string): LoadedForm | null {
  const [state, setState] = useState(() => ({ name, loaded: loadedForms.get(name) ?? null }));
  useEffect(() => {
    // Also when the form is in already: it may have arrived between the render and this effect.
    let live = true;
    preloadForm(name)
      .then((loaded) => {
        if (live && loaded) setState((known) => (known.name === name && known.loaded === loaded ? known : { name, loaded }));
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
    loadingForms.clear();
    formPromises.clear();
    window.dispatchEvent(new Event(CONTENT_UPDATE));
  });
}
