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

/** What a form is kept under (its name, its live release version's URL, or a server render's record: definitions.ts). */
function keyOf(name: string): string | object {
  const { formKey } = definitions;
  return formKey(name);
}

/** A map by keyOf: names and URLs held for good, a server render's record only while it lives. */
function keyedMap<V>() {
  let strong = new Map<string, V>();
  let weak = new WeakMap<object, V>();
  return {
    get: (key: string | object) => (typeof key === 'string' ? strong.get(key) : weak.get(key)),
    set: (key: string | object, value: V) => void (typeof key === 'string' ? strong.set(key, value) : weak.set(key, value)),
    delete: (key: string | object) => void (typeof key === 'string' ? strong.delete(key) : weak.delete(key)),
    clear() {
      strong = new Map();
      weak = new WeakMap();
    },
  };
}

/** Forms loaded so far, by keyOf: a page preloaded by the router renders its forms at once. */
const loadedForms = keyedMap<LoadedForm>();

/**
 * Each form's load, by name: one promise per form, so that a form asked for twice at once (the engine
 * and its block) loads once, and React's `use` sees the same promise on every render (useLoadedForm).
 * A load that failed is forgotten, so that the next request tries again.
 */
const formLoads = keyedMap<Promise<LoadedForm | null>>();

/**
 * Loads a form file and its precompiled validator (their own chunks) once; the engine calls it
 * before a page with the form renders (the blocks' `forms` and `preload` hooks). Null for an unknown form.
 */
export function preloadForm(name: string): Promise<LoadedForm | null> {
  const key = keyOf(name);
  let load = formLoads.get(key);
  if (!load) {
    load = loadForm(name, key);
    formLoads.set(key, load);
    load.catch(() => formLoads.delete(key));
  }
  return load;
}

async function loadForm(name: string, key: string | object): Promise<LoadedForm | null> {
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
  loadedForms.set(key, loaded);
  return loaded;
}

/**
 * The form and its validator, suspending the component (React's `use`) until both are in; null for
 * an unknown form. For a part that renders only with its form (lib/Part.tsx): hydrating, it keeps
 * the server's HTML meanwhile.
 */
export function useLoadedForm(name: string): LoadedForm | null {
  return use(preloadForm(name));
}

/** The form and its validator: at once when preloaded, else null until both are in. */
export function useFormDefinition(name: string): LoadedForm | null {
  const [state, setState] = useState(() => ({ name, loaded: loadedForms.get(keyOf(name)) ?? null }));
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
  return state.name === name ? state.loaded : (loadedForms.get(keyOf(name)) ?? null);
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
    formLoads.clear();
    window.dispatchEvent(new Event(CONTENT_UPDATE));
  });
}
