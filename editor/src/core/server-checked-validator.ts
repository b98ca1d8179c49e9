import {
  createErrorHandler,
  getDefaultFormState,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

/**
 * An item form's validator that runs no compiled code, for a page whose CSP forbids it (the
 * studio's: Ajv compiles each schema into a function). The schema's rules are the server's check,
 * whose problems the form shows at their fields (`extraErrors`, after each change); the form's own
 * rules (`customValidate`: an image's alt text) still run here.
 *
 * `isValid` says every value fits: rjsf asks it only to pick a `oneOf`/`anyOf` branch or an
 * `if`/`then`, which no content schema has.
 */
export function serverCheckedValidator(): ValidatorType {
  const validator: ValidatorType = {
    validateFormData(formData, schema: RJSFSchema, customValidate, _transformErrors, uiSchema?: UiSchema): ValidationData<unknown> {
      const none: ValidationData<unknown> = { errors: [], errorSchema: {} };
      if (typeof customValidate !== 'function') return none;
      const data: unknown = getDefaultFormState(validator, schema, formData, schema, true);
      return validationDataMerge(none, unwrapErrorHandler(customValidate(data, createErrorHandler(data), uiSchema, {})));
    },
    isValid: () => true,
    rawValidation: () => ({ errors: [] }),
  };
  return validator;
}
