import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useImmer } from 'use-immer';
import type Form from '@rjsf/core';
import { lazyCode } from '../../lib/lazy-code';
import { Part } from '../../lib/Part';
import { ConfirmDialog } from '../../forms/ConfirmDialog';
import { useFormDefinition } from '../../forms/use-form-definition';
import { logError } from '../../lib/log';
import { withValues } from '../../lib/site';
import type { BlockHooks, BlockRenderProps } from '../types';
import { postKeyAssignment, refusalMessage } from './api';
import { cardFormCode, MemberCard } from './MemberCard';
import { cardPayload, dependentCheck, employeeFlag, fixedCardCheck, type CardAgeCheck } from './rules';
import { sendCardsInSequence } from './sequence';
import { assignmentReducer, dependentCap, dependentKey, initialAssignmentState, type CardResult } from './store';
import './styles.css';

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

/** The 'Assign Keys' button: Fluent UI's, a chunk of its own. */
const actionsCode = lazyCode(() => import('./actions.part'));
const AssignButton = actionsCode.Component;

/** The button part, memoised on its props (lib/Part.tsx); nothing in its place until its code is in. */
const AssignPart = memo(function AssignPart(props: { formName: string; onPress: () => void; disabled: boolean }) {
  return (
    <Part fallback={<div className="multi-assignment__button-placeholder" />}>
      <AssignButton {...props} />
    </Part>
  );
});

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'multiAssignment'> = {
  forms: (props) => [props.form],
  // The cards' forms and the button (Fluent UI, rjsf, the form file) are parts: they start loading
  // now, but the block does not wait for them. Add Dependent works before they have run.
  preload: () => {
    cardFormCode.prefetch();
    actionsCode.prefetch();
    return Promise.resolve();
  },
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
  // The same objects from render to render: a card's form part takes them as props (MemberCard).
  const fixedCards = useMemo<CardModel[]>(
    () =>
      props.cards.map((spec, index) => ({
        key: `card-${index + 1}`,
        title: spec.title,
        check: fixedCardCheck(spec.minAge, texts),
        employee: employeeFlag(variant, index, spec.employee),
      })),
    [props.cards, texts, variant],
  );
  const dependentRule = useMemo(() => dependentCheck(variant, dependents?.minAge, texts), [variant, dependents?.minAge, texts]);
  const cards: CardModel[] = [
    ...fixedCards,
    ...(dependents
      ? state.dependentIds.map((id, index) => ({
          key: dependentKey(id),
          title: withValues(dependents.cardTitle, { n: index + 1 }),
          check: dependentRule,
          employee: false,
          dependentId: id,
        }))
      : []),
  ];
  const onCardChange = useCallback(
    (key: string, employee: boolean, data: Data) =>
      updateCardData((all) => {
        all[key] = { ...data, employee };
      }),
    [updateCardData],
  );
  // The button part takes a callback that stays the same (lib/Part.tsx); it runs the latest `assign`.
  const assignRef = useRef<() => void>(() => {});
  const onAssign = useCallback(() => assignRef.current(), []);
  // A press that came before every card's form part had run (the button's part may come alive first)
  // waits for them: a card without its form would count as invalid without saying why.
  const pressWaiting = useRef(false);
  const registerForm = useCallback((key: string, instance: Form | null) => {
    if (instance) forms.current.set(key, instance);
    else forms.current.delete(key);
    // After the commit's effects: `assign` is then the render's that registered the form.
    if (instance && pressWaiting.current) {
      setTimeout(() => {
        if (pressWaiting.current) assignRef.current();
      });
    }
  }, []);
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
    const heading = card?.querySelector<HTMLElement>('h3');
    const target =
      (focusRequest.invalid && card?.querySelector<HTMLElement>('[aria-invalid="true"]')) ||
      (!focusRequest.invalid && card?.querySelector<HTMLElement>('input:not([type="hidden"])')) ||
      heading;
    target?.focus();
    // A card added before its form's code is in shows a placeholder: its first field takes the
    // focus when it shows, unless the visitor has moved the focus since.
    if (card && heading && target === heading && !focusRequest.invalid) {
      const observer = new MutationObserver(() => {
        const field = card.querySelector<HTMLElement>('input:not([type="hidden"])');
        if (!field) return;
        observer.disconnect();
        if (document.activeElement === heading) field.focus();
      });
      observer.observe(card, { childList: true, subtree: true });
      setTimeout(() => observer.disconnect(), 10_000);
    }
  }, [focusRequest]);

  const assign = () => {
    pressWaiting.current = cards.some((card) => !activated(card.key) && !forms.current.has(card.key));
    if (pressWaiting.current) return;
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

  useEffect(() => {
    assignRef.current = assign;
  });

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
    <section ref={root} className="content-section multi-assignment" aria-labelledby={headingId} aria-busy={sending || undefined}>
      {props.title && (
        <h2 id={headingId} className="multi-assignment__title">
          {props.title}
        </h2>
      )}
      {props.intro && <p className="multi-assignment__intro">{props.intro}</p>}
      <div className="multi-assignment__cards">
        {cards.map((card) => {
          const result = resultOf(card.key);
          return (
            <MemberCard
              key={card.key}
              cardKey={card.key}
              title={card.title}
              formName={props.form}
              data={cardData[card.key]}
              employee={card.employee}
              onChange={onCardChange}
              register={registerForm}
              check={card.check}
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
        <AssignPart formName={props.form} onPress={onAssign} disabled={sending} />
      </div>
      {loaded?.form.flow.confirm && (
        <ConfirmDialog
          open={confirming}
          title={loaded.form.flow.confirm.title}
          message={loaded.form.flow.confirm.message}
          onYes={() => void send()}
          onNo={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
