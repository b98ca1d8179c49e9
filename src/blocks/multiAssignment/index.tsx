import { useEffect, useReducer, useRef, useState } from 'react';
import { useImmer } from 'use-immer';
import { Button } from '@fluentui/react-components';
import type Form from '@rjsf/core';
import { ConfirmDialog } from '../../forms/ConfirmDialog';
import { preloadForm, useFormDefinition } from '../../forms/use-form-definition';
import { logError } from '../../lib/log';
import { fillSiteText, withValues } from '../../lib/site';
import type { BlockHooks, BlockRenderProps } from '../types';
import { postKeyAssignment, refusalMessage } from './api';
import { MemberCard } from './MemberCard';
import { cardPayload, dependentCheck, employeeFlag, fixedCardCheck, type CardAgeCheck } from './rules';
import { sendCardsInSequence } from './sequence';
import { assignmentReducer, dependentCap, dependentKey, initialAssignmentState, type CardResult } from './store';
import './styles.css';
import { FluentScope } from '../../lib/FluentScope';

type Data = Record<string, unknown>;

interface CardModel {
  key: string;
  title: string;
  check: CardAgeCheck;
  employee: boolean;
  /** Dependent cards only. */
  dependentId?: number;
}

const IDLE: CardResult = { status: 'idle' };

/** The form file's message for a birthdate that is not MM/DD/YYYY, reused for one that is not a real day. */
function invalidDateMessage(schema: unknown): string {
  const birthdate = (schema as { properties?: { birthdate?: { errorMessage?: { pattern?: unknown } } } }).properties?.birthdate;
  const message = birthdate?.errorMessage?.pattern;
  return typeof message === 'string' ? message : 'MM/DD/YYYY';
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'multiAssignment'> = {
  forms: (props) => [props.form],
  // The server renders the form: it must be in before the section hydrates, and a client render waits for it too.
  preload: (props) => preloadForm(props.form),
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/**
 * The three multi-member assignment screens: fixed cards, removable
 * dependents on the family screens, and 'Assign Keys', which checks every card, asks the form's
 * confirm question, then sends each card in turn (see sequence.ts).
 */
export default function MultiAssignmentBlock({ props }: BlockRenderProps<'multiAssignment'>) {
  const { variant, texts } = props;
  const loaded = useFormDefinition(props.form);
  const [state, dispatch] = useReducer(assignmentReducer, undefined, () => initialAssignmentState(variant, props.cards.length));
  // Each card's data, updated in place per card (use-immer).
  const [cardData, updateCardData] = useImmer<Record<string, Data>>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  /** Bumped on each press that finds errors, so the alert is announced again. */
  const [invalidPress, setInvalidPress] = useState(0);
  const [focusRequest, setFocusRequest] = useState<{ key: string; invalid: boolean } | 'add' | null>(null);
  const forms = useRef(new Map<string, Form | null>());
  const root = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const dependents = variant === 'single' ? undefined : props.dependents;
  const cap = dependentCap(variant);
  const cards: CardModel[] = [
    ...props.cards.map((spec, index) => ({
      key: `card-${index + 1}`,
      title: spec.title,
      check: fixedCardCheck(spec.minAge, texts),
      employee: employeeFlag(variant, index, spec.employee),
    })),
    ...(dependents
      ? state.dependentIds.map((id, index) => ({
          key: dependentKey(id),
          title: withValues(dependents.cardTitle, { n: index + 1 }),
          check: dependentCheck(variant, dependents.minAge, texts),
          employee: false,
          dependentId: id,
        }))
      : []),
  ];
  const resultOf = (key: string) => state.results[key] ?? IDLE;
  const activated = (key: string) => resultOf(key).status === 'success';

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    if (focusRequest === 'add') {
      addButton.current?.focus();
      return;
    }
    const card = root.current?.querySelector<HTMLElement>(`[data-card="${focusRequest.key}"]`);
    const target =
      (focusRequest.invalid && card?.querySelector<HTMLElement>('[aria-invalid="true"]')) ||
      (!focusRequest.invalid && card?.querySelector<HTMLElement>('input:not([type="hidden"])')) ||
      card?.querySelector<HTMLElement>('h3');
    target?.focus();
  }, [focusRequest]);

  const assign = () => {
    let valid = 0;
    let firstInvalid: string | undefined;
    for (const card of cards) {
      // An activated card is done: it is neither checked nor sent again.
      const ok = activated(card.key) || (forms.current.get(card.key)?.validateForm() ?? false);
      if (ok) valid += 1;
      else firstInvalid ??= card.key;
    }
    dispatch({ type: 'validated', count: valid });
    if (firstInvalid) {
      setInvalidPress((n) => n + 1);
      setFocusRequest({ key: firstInvalid, invalid: true });
      return;
    }
    setInvalidPress(0);
    if (loaded?.form.flow.confirm) setConfirming(true);
    else void send();
  };

  const send = async () => {
    setConfirming(false);
    setSending(true);
    const jobs = cards
      .filter((card) => !activated(card.key))
      .map((card) => ({ key: card.key, payload: cardPayload(cardData[card.key] ?? {}, card.employee) }));
    try {
      await sendCardsInSequence(jobs, {
        send: postKeyAssignment,
        report: (key, result) => dispatch({ type: 'cardResult', key, result }),
        failureMessage: (error) => {
          const message = refusalMessage(error, '');
          // A refusal the server explains is shown on the card; anything else is also logged.
          if (!message) logError('key assignment', error);
          return message || texts.failure;
        },
      });
    } finally {
      setSending(false);
    }
  };

  const addDependent = () => {
    setFocusRequest({ key: dependentKey(state.nextDependentId), invalid: false });
    dispatch({ type: 'addDependent' });
  };

  const removeDependent = (card: CardModel) => {
    dispatch({ type: 'removeDependent', id: card.dependentId! });
    updateCardData((all) => {
      delete all[card.key];
    });
    forms.current.delete(card.key);
    setFocusRequest('add');
  };

  const headingId = props.title ? 'multi-assignment-title' : undefined;
  return (
    <FluentScope>
      <section ref={root} className="content-section multi-assignment" aria-labelledby={headingId} aria-busy={sending || undefined}>
        {props.title && (
          <h2 id={headingId} className="multi-assignment__title">
            {props.title}
          </h2>
        )}
        {props.intro && <p className="multi-assignment__intro">{props.intro}</p>}
        {!loaded ? (
          <div className="block-skeleton__shape" style={{ height: 720 }} aria-busy="true" aria-label="Loading" />
        ) : (
          <>
            <div className="multi-assignment__cards">
              {cards.map((card) => {
                const result = resultOf(card.key);
                return (
                  <MemberCard
                    key={card.key}
                    ref={(instance) => {
                      forms.current.set(card.key, instance);
                    }}
                    cardKey={card.key}
                    title={card.title}
                    form={loaded.form}
                    validator={loaded.validator}
                    data={cardData[card.key] ?? { employee: card.employee }}
                    onChange={(data) =>
                      updateCardData((all) => {
                        all[card.key] = { ...data, employee: card.employee };
                      })
                    }
                    check={card.check}
                    invalidDate={invalidDateMessage(loaded.form.schema)}
                    live={state.formSubmitted}
                    locked={sending || result.status === 'success'}
                    result={result}
                    texts={texts}
                    remove={
                      dependents && card.dependentId !== undefined
                        ? {
                            label: withValues(dependents.removeLabel, { title: card.title }),
                            onRemove: () => removeDependent(card),
                            disabled: sending,
                          }
                        : undefined
                    }
                  />
                );
              })}
              {dependents && (
                <div className="member-card member-card--add">
                  {state.dependents < cap ? (
                    <>
                      <button ref={addButton} type="button" className="member-card__add" onClick={addDependent} disabled={sending}>
                        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
                          <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z" />
                        </svg>
                        {dependents.addLabel}
                      </button>
                      {dependents.addHint && <p className="member-card__hint">{dependents.addHint}</p>}
                    </>
                  ) : (
                    dependents.capText && <p className="member-card__hint">{withValues(dependents.capText, { max: cap })}</p>
                  )}
                </div>
              )}
            </div>
            {invalidPress > 0 && (
              <p key={invalidPress} className="multi-assignment__invalid" role="alert">
                {texts.invalid}
              </p>
            )}
            <div className="multi-assignment__actions">
              <Button appearance="primary" size="large" onClick={assign} disabled={sending}>
                {fillSiteText(loaded.form.flow.submitLabel)}
              </Button>
            </div>
            {loaded.form.flow.confirm && (
              <ConfirmDialog
                open={confirming}
                title={loaded.form.flow.confirm.title}
                message={loaded.form.flow.confirm.message}
                onYes={() => void send()}
                onNo={() => setConfirming(false)}
              />
            )}
          </>
        )}
      </section>
    </FluentScope>
  );
}
