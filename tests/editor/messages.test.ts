import { describe, expect, it } from 'vitest';
import { plainMessage, plainMessages, plainValidatorError, transformErrors } from '../../editor/src/messages';

/** Ajv's English phrases that must never reach a field. */
const RAW = /must have required property|must be (?:an )?integer|must NOT have|must match pattern|must be equal to one of/;

describe('plain messages', () => {
  it("says each of the validator's messages in the editor's words", () => {
    const cases: Array<[string, string]> = [
      ["must have required property 'label'", 'Enter a label'],
      ["must have required property 'minimumQuantity'", 'Enter a minimum quantity'],
      ['must be integer', 'Use a whole number'],
      ['must be an integer', 'Use a whole number'],
      ['must be number', 'Use a number'],
      ['must be string', 'Use text'],
      ['must be boolean', 'Choose yes or no'],
      ['must NOT have more than 80 characters', 'Use at most 80 characters'],
      ['must NOT have fewer than 1 characters', 'Enter some text'],
      ['must NOT have fewer than 3 characters', 'Use at least 3 characters'],
      ['must NOT have more than 1 items', 'Keep at most 1 entry'],
      ['must NOT have fewer than 2 items', 'Add at least 2 entries'],
      ['must be >= 1', 'Use 1 or more'],
      ['must be <= 100', 'Use 100 or less'],
      ['must be > 0', 'Use more than 0'],
      ['must match format "email"', 'Enter an e-mail address'],
      ['must match pattern "^[a-z0-9-]+$"', 'This is not in the form this field takes'],
      ['must be equal to one of the allowed values', 'Choose one of the offered values'],
      ['must be equal to constant', 'This field has one fixed value'],
      ['must NOT have additional properties', 'Remove the fields this does not take'],
    ];
    for (const [raw, plain] of cases) expect(plainMessage(raw), raw).toBe(plain);
  });

  it("passes the project's own messages through and drops a oneOf branch's repeat", () => {
    expect(plainMessage("unknown source 'faq' (did you mean 'faqs'?)")).toBe("unknown source 'faq' (did you mean 'faqs'?)");
    expect(plainMessage('must match exactly one schema in oneOf')).toBe('');
  });

  it('lists the allowed values of an enum', () => {
    expect(
      plainValidatorError({
        name: 'enum',
        params: { allowedValues: ['regular', 'promo'] },
        message: 'must be equal to one of the allowed values',
      }),
    ).toBe('Choose one of: regular, promo');
  });

  it('says a problem once when the form and the gate both find it', () => {
    expect(plainMessages(['must be integer', 'must be an integer', 'must be integer'])).toEqual(['Use a whole number']);
    expect(plainMessages(["must have required property 'label'", "must have required property 'label'"])).toEqual(['Enter a label']);
  });

  it("rewrites rjsf's errors, message and stack alike, with no raw phrase left", () => {
    const errors = transformErrors([
      {
        name: 'required',
        params: { missingProperty: 'label' },
        message: "must have required property 'label'",
        stack: "must have required property 'label'",
      },
      { name: 'type', params: { type: 'integer' }, message: 'must be integer', stack: '.count must be integer' },
      { name: 'oneOf', params: {}, message: 'must match exactly one schema in oneOf', stack: 'must match exactly one schema in oneOf' },
    ]);
    expect(errors.map((error) => error.message)).toEqual(['Enter a label', 'Use a whole number']);
    for (const error of errors) expect(error.stack).not.toMatch(RAW);
  });

  it('stays linear on a long hostile message', () => {
    const long = `must have required property '${'a'.repeat(100_000)}`;
    const started = performance.now();
    expect(plainMessage(long)).toBe(long);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
