import { useMemo, type ComponentType, type Ref } from 'react';
import { Spinner } from '@fluentui/react-components';
import type Form from '@rjsf/core';
import type { FormProps } from '@rjsf/core';
import type { CustomValidator, RJSFSchema, UiSchema } from '@rjsf/utils';
import { manilaCalendarDay } from '../../../domain/ages';
import { moveRequiredToFields } from '../../forms/errors';
import type { FormContext } from '../../forms/form-context';
import { ThemedForm } from '../../forms/theme';
import { useLoadedForm } from '../../forms/use-form-definition';
import { FluentScope } from '../../lib/FluentScope';
import type { CardFormProps } from './types';
import { birthdateProblem, invalidDateMessage } from './rules';

type Data = Record<string, unknown>;

/** withTheme forwards its ref to rjsf's Form (validateForm); its declared type leaves the ref out. */
const ThemedCardForm = ThemedForm as unknown as ComponentType<FormProps & { ref?: Ref<Form> }>;

const NO_FILES: FormContext = { files: new Map() };
/** A card's data before the visitor typed anything: only whether the member is an employee. */
const EMPLOYEE: Data = { employee: true };
const NOT_EMPLOYEE: Data = { employee: false };

/**
 * A member card's form (no submit button of its own) and its request state: the card's Fluent UI
 * and rjsf part, a chunk of its own (MemberCard renders it as a Part).
 */
export default function CardForm({
  cardKey,
  formName,
  data,
  employee,
  onChange,
  register,
  check,
  live,
  locked,
  result,
  texts,
}: CardFormProps) {
  const loaded = useLoadedForm(formName);
  const form = loaded?.form;
  const invalidDate = useMemo(() => invalidDateMessage(form?.schema), [form]);
  const uiSchema = useMemo(() => (form?.uiSchema ?? {}) as UiSchema, [form]);
  if (!loaded || !form) return null;
  const customValidate: CustomValidator = (formData, errors) => {
    const problem = birthdateProblem((formData as Data | undefined)?.birthdate, check, manilaCalendarDay(new Date()), invalidDate);
    if (problem) (errors as unknown as Record<string, { addError(message: string): void } | undefined>).birthdate?.addError(problem);
    return errors;
  };
  const state = result.status;
  return (
    <FluentScope>
      <ThemedCardForm
        ref={(instance) => register(cardKey, instance)}
        // A div: the block's own button sends every card, so there is no form to submit or validate natively.
        tagName="div"
        className="form-runner member-card__form"
        idPrefix={cardKey}
        schema={form.schema as RJSFSchema}
        uiSchema={uiSchema}
        validator={loaded.validator}
        formData={data ?? (employee ? EMPLOYEE : NOT_EMPLOYEE)}
        formContext={NO_FILES}
        onChange={(event) => onChange(cardKey, employee, (event.formData ?? {}) as Data)}
        // The block reports the outcome of a press (focus, alert); rjsf would log each card's errors.
        onError={() => {}}
        customValidate={customValidate}
        transformErrors={moveRequiredToFields}
        showErrorList={false}
        liveValidate={live ? 'onChange' : undefined}
        disabled={locked}
      >
        <></>
      </ThemedCardForm>
      <div className="member-card__result" role="status">
        {state === 'loading' && <Spinner size="tiny" label={texts.sending} />}
        {state === 'success' && <p className="member-card__alert member-card__alert--success">{texts.success}</p>}
        {state === 'failure' && <p className="member-card__alert member-card__alert--failure">{result.message}</p>}
      </div>
    </FluentScope>
  );
}
