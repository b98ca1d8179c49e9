import { useEffect, useState } from 'react';
import type { ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormFile } from '../generated/forms';
import { logError } from '../lib/log';
import { hasForm, loadFormDefinition, loadFormValidator } from './definitions';

export interface LoadedForm {
  form: FormFile;
  validator: ValidatorType;
}

/** Loads a form file and its precompiled validator (their own chunks); null until both are in. */
export function useFormDefinition(name: string): LoadedForm | null {
  const [loaded, setLoaded] = useState<LoadedForm | null>(null);
  useEffect(() => {
    if (!hasForm(name)) {
      logError('form', `unknown form '${name}'`);
      return;
    }
    let live = true;
    Promise.all([loadFormDefinition(name), loadFormValidator(name)])
      .then(([form, functions]) => {
        if (live) setLoaded({ form, validator: createPrecompiledValidator(functions, form.schema as never) as ValidatorType });
      })
      .catch((error: unknown) => logError(`form ${name}`, error));
    return () => {
      live = false;
    };
  }, [name]);
  return loaded;
}
