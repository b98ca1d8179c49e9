import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { refusalMessage } from './api';
import { birthdateProblem, cardPayload, dependentCheck, employeeFlag, fixedCardCheck } from './rules';
import { sendCardsInSequence } from './sequence';
import {
  allValidated,
  assignmentReducer,
  dependentKey,
  initialAssignmentState,
  MAX_FAMILY_DEPENDENTS,
  type AssignmentAction,
  type AssignmentState,
  type CardResult,
} from './store';

const run = (state: AssignmentState, ...actions: AssignmentAction[]) => actions.reduce(assignmentReducer, state);
const add = (n: number): AssignmentAction[] => Array.from({ length: n }, () => ({ type: 'addDependent' }) as const);

describe('assignment store', () => {
  it('starts with the base forms: 3 on single, 2 on the family screens', () => {
    expect(initialAssignmentState('single', 3)).toMatchObject({ dependents: 0, formSubmitted: false, validatedForms: 0, totalForms: 3 });
    expect(initialAssignmentState('family', 2)).toMatchObject({ dependents: 0, totalForms: 2 });
    expect(initialAssignmentState('familyPlus', 2)).toMatchObject({ dependents: 0, totalForms: 2 });
  });

  it('adds and removes dependents, keeping totalForms = base + dependents and stable ids', () => {
    let state = run(initialAssignmentState('family', 2), ...add(3));
    expect(state).toMatchObject({ dependents: 3, dependentIds: [1, 2, 3], totalForms: 5 });
    state = run(state, { type: 'removeDependent', id: 2 });
    expect(state).toMatchObject({ dependents: 2, dependentIds: [1, 3], totalForms: 4 });
    state = run(state, { type: 'addDependent' });
    expect(state.dependentIds).toEqual([1, 3, 4]);
    // Removing an unknown id changes nothing (same object).
    expect(run(state, { type: 'removeDependent', id: 99 })).toBe(state);
  });

  it('caps the family screen at 10 dependents; family plus has no cap; single takes none', () => {
    expect(MAX_FAMILY_DEPENDENTS).toBe(10);
    const family = run(initialAssignmentState('family', 2), ...add(10));
    expect(family).toMatchObject({ dependents: 10, totalForms: 12 });
    expect(run(family, { type: 'addDependent' })).toBe(family);
    // After a removal there is room for one more again.
    expect(run(family, { type: 'removeDependent', id: 4 }, { type: 'addDependent' })).toMatchObject({ dependents: 10 });

    expect(run(initialAssignmentState('familyPlus', 2), ...add(25))).toMatchObject({ dependents: 25, totalForms: 27 });
    const single = initialAssignmentState('single', 3);
    expect(run(single, { type: 'addDependent' })).toBe(single);
  });

  it('records a press of Assign Keys: formSubmitted and validatedForms; all validated only when every card passed', () => {
    let state = run(initialAssignmentState('single', 3), { type: 'validated', count: 2 });
    expect(state).toMatchObject({ formSubmitted: true, validatedForms: 2, totalForms: 3 });
    expect(allValidated(state)).toBe(false);
    state = run(state, { type: 'validated', count: 3 });
    expect(allValidated(state)).toBe(true);
    expect(allValidated(initialAssignmentState('single', 3))).toBe(false);
  });

  it('adding a card after a full validation means the new card is not validated yet', () => {
    const state = run(initialAssignmentState('family', 2), { type: 'validated', count: 2 }, { type: 'addDependent' });
    expect(state).toMatchObject({ validatedForms: 2, totalForms: 3 });
    expect(allValidated(state)).toBe(false);
  });

  it('keeps each card’s result, and forgets a removed dependent’s', () => {
    let state = run(initialAssignmentState('family', 2), { type: 'addDependent' });
    state = run(
      state,
      { type: 'cardResult', key: 'card-1', result: { status: 'success' } },
      { type: 'cardResult', key: dependentKey(1), result: { status: 'failure', message: 'No' } },
    );
    expect(state.results).toEqual({ 'card-1': { status: 'success' }, 'dependent-1': { status: 'failure', message: 'No' } });
    expect(run(state, { type: 'removeDependent', id: 1 }).results).toEqual({ 'card-1': { status: 'success' } });
  });
});

describe('sendCardsInSequence', () => {
  it('sends one card after another; a failure in the middle does not stop the later cards, each shows its own result', async () => {
    const log: string[] = [];
    let running = 0;
    const send = vi.fn(async (payload: { name: string }) => {
      running += 1;
      expect(running).toBe(1); // never two requests at once
      log.push(`send ${payload.name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (payload.name === 'mother') throw new ApiError(409, 'used', { message: 'This access key has already been activated.' });
      return { data: {} };
    });
    const report = (key: string, result: CardResult) =>
      log.push(`${key} ${result.status}${result.status === 'failure' ? `: ${result.message}` : ''}`);
    const outcomes = await sendCardsInSequence(
      [
        { key: 'card-1', payload: { name: 'me' } },
        { key: 'card-2', payload: { name: 'mother' } },
        { key: 'card-3', payload: { name: 'father' } },
      ],
      { send, report, failureMessage: (error) => refusalMessage(error, 'fallback') },
    );
    expect(send).toHaveBeenCalledTimes(3);
    expect(log).toEqual([
      'card-1 loading',
      'send me',
      'card-1 success',
      'card-2 loading',
      'send mother',
      'card-2 failure: This access key has already been activated.',
      'card-3 loading',
      'send father',
      'card-3 success',
    ]);
    expect(outcomes).toEqual({
      'card-1': { status: 'success' },
      'card-2': { status: 'failure', message: 'This access key has already been activated.' },
      'card-3': { status: 'success' },
    });
  });

  it('uses the fallback text when the failure carries no server message', async () => {
    const outcomes = await sendCardsInSequence([{ key: 'a', payload: 1 }], {
      send: () => Promise.reject(new ApiError(0, 'Network error', null)),
      report: () => {},
      failureMessage: (error) => refusalMessage(error, 'Sorry, this key could not be activated.'),
    });
    expect(outcomes).toEqual({ a: { status: 'failure', message: 'Sorry, this key could not be activated.' } });
  });

  it('sends nothing for no cards', async () => {
    const send = vi.fn();
    expect(await sendCardsInSequence([], { send, report: () => {}, failureMessage: () => '' })).toEqual({});
    expect(send).not.toHaveBeenCalled();
  });
});

describe('card rules', () => {
  const texts = { adult18: '18+', adult21: '21+', dependentAge: '6m-215m' };
  const today = { year: 2026, month: 5, day: 20 };

  it('gives fixed cards 18 (or 21 when asked), family dependents 6-215 months, family plus dependents 18', () => {
    expect(fixedCardCheck(undefined, texts)).toEqual({ rule: { kind: 'minYears', years: 18 }, message: '18+' });
    expect(fixedCardCheck(21, texts)).toEqual({ rule: { kind: 'minYears', years: 21 }, message: '21+' });
    expect(dependentCheck('family', undefined, texts)).toEqual({ rule: { kind: 'monthsBetween', min: 6, max: 215 }, message: '6m-215m' });
    expect(dependentCheck('familyPlus', undefined, texts)).toEqual({ rule: { kind: 'minYears', years: 18 }, message: '18+' });
  });

  it('reports the age message, an unreal date, or nothing (a bad shape is the form’s pattern message)', () => {
    const adult = fixedCardCheck(undefined, texts);
    expect(birthdateProblem('05/21/2008', adult, today, 'bad date')).toBe('18+');
    expect(birthdateProblem('05/20/2008', adult, today, 'bad date')).toBeUndefined();
    expect(birthdateProblem('02/30/1990', adult, today, 'bad date')).toBe('bad date');
    expect(birthdateProblem('1990-01-01', adult, today, 'bad date')).toBeUndefined();
    expect(birthdateProblem(undefined, adult, today, 'bad date')).toBeUndefined();
  });

  it('flags the employee: the first card on family plus unless configured', () => {
    expect(employeeFlag('familyPlus', 0, undefined)).toBe(true);
    expect(employeeFlag('familyPlus', 1, undefined)).toBe(false);
    expect(employeeFlag('family', 0, undefined)).toBe(false);
    expect(employeeFlag('single', 0, true)).toBe(true);
    expect(employeeFlag('familyPlus', 0, false)).toBe(false);
  });

  it('sends the card’s fields trimmed, the middle name only when filled, and the flag', () => {
    const data = {
      first_name: ' Ana ',
      middle_name: ' ',
      last_name: 'Cruz',
      birthdate: '01/31/1990',
      email: 'a@b.co',
      phone_number: '0917',
      access_key: 'K',
      activation_code: '1',
      employee: false,
    };
    expect(cardPayload(data, true)).toEqual({
      first_name: 'Ana',
      last_name: 'Cruz',
      birthdate: '01/31/1990',
      email: 'a@b.co',
      phone_number: '0917',
      access_key: 'K',
      activation_code: '1',
      employee: true,
    });
    expect(cardPayload({ ...data, middle_name: 'Reyes' }, false)).toMatchObject({ middle_name: 'Reyes', employee: false });
  });
});
