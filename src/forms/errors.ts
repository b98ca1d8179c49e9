import { ErrorSchemaBuilder, type ErrorSchema, type RJSFValidationError } from '@rjsf/utils';

interface AjvErrorParams {
  errors?: { keyword?: string; params?: { missingProperty?: string } }[];
  missingProperty?: string;
}

/**
 * ajv-errors reports a `required` message against the object that lacks the field, so rjsf would
 * show it at the top of the form. This moves each one onto its missing field.
 */
export function moveRequiredToFields(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.flatMap((error) => {
    const params = (error.params ?? {}) as AjvErrorParams;
    const missing = [
      ...(params.errors ?? []).filter((e) => e.keyword === 'required').map((e) => e.params?.missingProperty),
      error.name === 'required' ? params.missingProperty : undefined,
    ].filter((name): name is string => typeof name === 'string');
    if (missing.length === 0) return [error];
    const parent = error.property && error.property !== '.' ? error.property : '';
    return [...new Set(missing)].map((name) => ({
      ...error,
      name: 'required',
      property: `${parent}.${name}`,
      stack: `.${name} ${error.message ?? ''}`.trim(),
    }));
  });
}

/** Server-side messages (422 `errors: { 'a.b': [messages] }`, '' for the form itself) as rjsf's extraErrors. */
export function serverErrorsToErrorSchema(errors: Record<string, string[]>): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  for (const [field, messages] of Object.entries(errors)) builder.setErrors(messages, field);
  return builder.ErrorSchema;
}
