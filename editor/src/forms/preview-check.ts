import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverErrorsToErrorSchema } from '../../../src/forms/errors';
import { useEditorHost } from '../core/host';

/** The form preview's check by the host (EditorHost.checkForm), where the page runs no compiled code. */
export interface HostCheck {
  /** Whether the host checks the form (the studio); otherwise the preview compiles it (Ajv). */
  enabled: boolean;
  /** The errors of the latest data checked, at their fields (rjsf's extraErrors). */
  extraErrors: ErrorSchema | undefined;
  /** Asks the host about `formData`; only the answer to the latest ask is shown. */
  check: (formData: unknown) => void;
  /** Forgets the data and its errors (the preview was cleared). */
  clear: () => void;
}

/**
 * The host's check of the preview's data with form `file` as the editor holds it (`value`). When the
 * form changes (a message edited), the data seen so far is checked again, so the new message shows.
 * A failed ask shows no errors.
 */
export function useHostCheck(file: string, value: unknown): HostCheck {
  const { checkForm } = useEditorHost();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema>();
  const asked = useRef(0);
  const seen = useRef<{ formData: unknown }>(undefined);

  const check = useCallback(
    (formData: unknown) => {
      if (!checkForm) return;
      seen.current = { formData };
      const ask = ++asked.current;
      const answer = (errors: ErrorSchema | undefined) => {
        if (ask === asked.current) setExtraErrors(errors);
      };
      checkForm(file, value, formData).then(
        (errors) => answer(Object.keys(errors).length > 0 ? serverErrorsToErrorSchema(errors) : undefined),
        () => answer(undefined),
      );
    },
    [checkForm, file, value],
  );

  useEffect(() => {
    if (seen.current) check(seen.current.formData);
  }, [check]);

  const clear = useCallback(() => {
    asked.current += 1;
    seen.current = undefined;
    setExtraErrors(undefined);
  }, []);

  return { enabled: checkForm !== undefined, extraErrors, check, clear };
}
