import { forwardRef, useMemo, type ComponentType, type Ref } from 'react';
import { Spinner } from '@fluentui/react-components';
import type Form from '@rjsf/core';
import type { FormProps } from '@rjsf/core';
import type { CustomValidator, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { manilaCalendarDay } from '../../../domain/ages';
import { moveRequiredToFields } from '../../forms/errors';
import type { FormContext } from '../../forms/form-context';
import { ThemedForm } from '../../forms/theme';
import type { FormFile } from '../../generated/forms';
import { birthdateProblem, type CardAgeCheck } from './rules';
import type { CardResult } from './store';

type Data = Record<string, unknown>;

/** withTheme forwards its ref to rjsf's Form (validateForm); its declared type leaves the ref out. */
const CardForm = ThemedForm as unknown as ComponentType<FormProps & { ref?: Ref<Form> }>;

export interface MemberCardProps {
  cardKey: string;
  title: string;
  form: FormFile;
  validator: ValidatorType;
  data: Data;
  onChange: (data: Data) => void;
  check: CardAgeCheck;
  /** The form's message for a birthdate that is not a real day. */
  invalidDate: string;
  /** Validate as the visitor types (after the first 'Assign Keys'). */
  live: boolean;
  /** No editing: the card was activated, or the cards are being sent. */
  locked: boolean;
  result: CardResult;
  texts: { success: string; sending: string };
  /** Present on removable (dependent) cards. */
  remove?: { label: string; onRemove: () => void; disabled: boolean };
}

const NO_FILES: FormContext = { files: new Map() };

/** One member's card: heading, the member-card form (no submit button of its own), and the card's request state. */
export const MemberCard = forwardRef<Form, MemberCardProps>(function MemberCard(
  { cardKey, title, form, validator, data, onChange, check, invalidDate, live, locked, result, texts, remove },
  ref,
) {
  const headingId = `${cardKey}-title`;
  const customValidate: CustomValidator = (formData, errors) => {
    const problem = birthdateProblem((formData as Data | undefined)?.birthdate, check, manilaCalendarDay(new Date()), invalidDate);
    if (problem) (errors as unknown as Record<string, { addError(message: string): void } | undefined>).birthdate?.addError(problem);
    return errors;
  };
  const uiSchema = useMemo(() => (form.uiSchema ?? {}) as UiSchema, [form.uiSchema]);
  const state = result.status;

  return (
    <section className={`member-card member-card--${state}`} aria-labelledby={headingId} data-card={cardKey}>
      <div className="member-card__head">
        <h3 id={headingId} className="member-card__title" tabIndex={-1}>
          {title}
        </h3>
        {remove && state !== 'success' && (
          <button
            type="button"
            className="member-card__remove"
            onClick={remove.onRemove}
            disabled={remove.disabled}
            aria-label={remove.label}
            title={remove.label}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3H9Zm-2 3h10v13H7V6Zm2 2v9h2V8H9Zm4 0v9h2V8h-2Z"
              />
            </svg>
          </button>
        )}
      </div>
      <CardForm
        ref={ref}
        tagName="div"
        className="form-runner member-card__form"
        idPrefix={cardKey}
        schema={form.schema as RJSFSchema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={NO_FILES}
        onChange={(event) => onChange((event.formData ?? {}) as Data)}
        // The block reports the outcome of a press (focus, alert); rjsf would log each card's errors.
        onError={() => {}}
        customValidate={customValidate}
        transformErrors={moveRequiredToFields}
        noHtml5Validate
        showErrorList={false}
        liveValidate={live ? 'onChange' : undefined}
        disabled={locked}
      >
        <></>
      </CardForm>
      <div className="member-card__result" role="status">
        {state === 'loading' && <Spinner size="tiny" label={texts.sending} />}
        {state === 'success' && <p className="member-card__alert member-card__alert--success">{texts.success}</p>}
        {state === 'failure' && <p className="member-card__alert member-card__alert--failure">{result.message}</p>}
      </div>
    </section>
  );
});
