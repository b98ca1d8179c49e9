import type { UiSchema } from '@rjsf/utils';
import type { FormFile } from '../generated/forms';
import { fillSiteText } from '../lib/site';

const FIELD = 'no_dependents';

/** A text of the billing form's no_dependents hints (ui:options), the one the server answers with too. */
function fieldOption(form: FormFile | undefined, option: string, fallback: string): string {
  const hints = (form?.uiSchema as Record<string, { 'ui:options'?: Record<string, unknown> } | undefined> | undefined)?.[FIELD];
  const value = hints?.['ui:options']?.[option];
  return typeof value === 'string' ? value : fallback;
}

/**
 * 'Number of dependents' on the checkouts: required, with the choices 1 to the
 * plan's maximum, only when that maximum is above 1; hidden otherwise. The messages are the billing
 * form's (`requiredMessage`, `maxMessage` with {max}), as the server's. `ui:options.required` marks
 * the select as required, since the form's schema cannot (the rule depends on the plan).
 */
export function dependentsField(form: FormFile | undefined, maxDependents: number, label: string) {
  const asked = maxDependents > 1;
  const uiSchema: UiSchema = asked
    ? {
        [FIELD]: {
          'ui:widget': 'select',
          'ui:title': label,
          'ui:options': {
            required: true,
            choices: Array.from({ length: maxDependents }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
          },
        },
      }
    : { [FIELD]: { 'ui:widget': 'hidden' } };

  const validate = (data: Record<string, unknown>): Record<string, string[]> => {
    if (!asked) return {};
    const value = data[FIELD];
    if (value === undefined || value === null || value === '')
      return { [FIELD]: [fillSiteText(fieldOption(form, 'requiredMessage', 'This field is required'))] };
    const count = Number(value);
    return Number.isInteger(count) && count >= 1 && count <= maxDependents
      ? {}
      : { [FIELD]: [fillSiteText(fieldOption(form, 'maxMessage', 'Choose between 1 and {max}'), { max: maxDependents })] };
  };

  return { asked, uiSchema, validate };
}
