import type Form from '@rjsf/core';
import type { CardAgeCheck } from './rules';
import type { CardResult } from './store';

type Data = Record<string, unknown>;

/**
 * What a card's form part receives. Every value stays the same object while nothing of the card
 * changed (the callbacks take the card's key), so that adding a dependent before the parts have
 * hydrated does not reach them (lib/Part.tsx).
 */
export interface CardFormProps {
  cardKey: string;
  /** The member-card form's name (forms/*.json): the part loads it. */
  formName: string;
  /** What the visitor entered; undefined before anything was. */
  data: Data | undefined;
  employee: boolean;
  onChange: (cardKey: string, employee: boolean, data: Data) => void;
  /** Gives the block the card's rjsf form (validateForm), or null once it is gone. */
  register: (cardKey: string, form: Form | null) => void;
  check: CardAgeCheck;
  /** Validate as the visitor types (after the first 'Assign Keys'). */
  live: boolean;
  /** No editing: the card was activated, or the cards are being sent. */
  locked: boolean;
  result: CardResult;
  texts: { success: string; sending: string };
}
