import { produce } from 'immer';

/**
 * The assignment store of the three multi-member screens: how many
 * dependents, whether 'Assign Keys' was pressed (formSubmitted), how many cards passed their
 * checks on that press (validatedForms) and how many cards there are (totalForms: 3 on the single
 * screen, 2 plus the dependents on the family screens). It also holds each card's request state.
 */
export type AssignmentVariant = 'single' | 'family' | 'familyPlus';

/** A card's request: idle, loading, then success (green) or failure (red, the server's message). */
export type CardResult = { status: 'idle' } | { status: 'loading' } | { status: 'success' } | { status: 'failure'; message: string };

export interface AssignmentState {
  variant: AssignmentVariant;
  /** The fixed cards (Myself, Mother, Father / Myself, Spouse). */
  baseForms: number;
  /** Number of dependent cards. */
  dependents: number;
  /** Stable ids of the dependent cards, in screen order (a removed card takes its data with it). */
  dependentIds: number[];
  nextDependentId: number;
  formSubmitted: boolean;
  validatedForms: number;
  totalForms: number;
  /** Request state per card key (absent: idle). */
  results: Record<string, CardResult>;
}

export type AssignmentAction =
  /** Adds a dependent card; ignored on the single screen and at the family cap. */
  | { type: 'addDependent' }
  | { type: 'removeDependent'; id: number }
  /** 'Assign Keys' was pressed and `count` cards passed their checks. */
  | { type: 'validated'; count: number }
  | { type: 'cardResult'; key: string; result: CardResult };

/** The family store caps dependents at 10; family plus has no cap. */
export const MAX_FAMILY_DEPENDENTS = 10;

/** How many dependents a variant allows (Infinity: no cap). */
export function dependentCap(variant: AssignmentVariant): number {
  if (variant === 'single') return 0;
  return variant === 'family' ? MAX_FAMILY_DEPENDENTS : Infinity;
}

export function initialAssignmentState(variant: AssignmentVariant, baseForms: number): AssignmentState {
  return {
    variant,
    baseForms,
    dependents: 0,
    dependentIds: [],
    nextDependentId: 1,
    formSubmitted: false,
    validatedForms: 0,
    totalForms: baseForms,
    results: {},
  };
}

/** The key of a dependent card in `results` and in the block's card data. */
export const dependentKey = (id: number) => `dependent-${id}`;

export function assignmentReducer(state: AssignmentState, action: AssignmentAction): AssignmentState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'addDependent':
        if (draft.dependents >= dependentCap(draft.variant)) return;
        draft.dependentIds.push(draft.nextDependentId);
        draft.nextDependentId += 1;
        break;
      case 'removeDependent': {
        const index = draft.dependentIds.indexOf(action.id);
        if (index < 0) return;
        draft.dependentIds.splice(index, 1);
        delete draft.results[dependentKey(action.id)];
        break;
      }
      case 'validated':
        draft.formSubmitted = true;
        draft.validatedForms = Math.max(0, Math.min(action.count, draft.totalForms));
        return;
      case 'cardResult':
        draft.results[action.key] = action.result;
        return;
    }
    draft.dependents = draft.dependentIds.length;
    draft.totalForms = draft.baseForms + draft.dependents;
    // The last press's count no longer describes the cards on screen.
    draft.validatedForms = Math.min(draft.validatedForms, draft.totalForms);
  });
}

/** Whether every card passed its checks on the last 'Assign Keys'. */
export const allValidated = (state: AssignmentState) => state.formSubmitted && state.validatedForms === state.totalForms;
