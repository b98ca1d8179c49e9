import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { plainMessage, plainMessages, plainValidatorError, transformErrors } from '../../editor/src/core/messages';
import { describeErrors } from '../../scripts/lib/ajv';

/** Ajv's English phrases that must never reach a field. */
const RAW = /must have required property|must be (?:an )?integer|must NOT have|must match pattern|must be equal to one of/;

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

/** The first error Ajv finds in `data` by `schema`: the keyword, params and English message it really gives. */
function ajvError(schema: object, data: unknown): ErrorObject {
  const validate = ajv.compile(schema);
  expect(validate(data), JSON.stringify(schema)).toBe(false);
  return validate.errors![0];
}

/** Schemas and values with what the editor says of their error. */
const CASES: Array<[object, unknown, string]> = [
  [{ type: 'object', required: ['label'] }, {}, 'Enter a label'],
  [{ type: 'object', required: ['minimumQuantity'] }, {}, 'Enter a minimum quantity'],
  [{ type: 'object', required: ['item'] }, {}, 'Enter an item'],
  [{ type: 'integer' }, 1.5, 'Use a whole number'],
  [{ type: 'number' }, 'x', 'Use a number'],
  [{ type: 'string' }, 1, 'Use text'],
  [{ type: 'boolean' }, 1, 'Choose yes or no'],
  [{ type: 'string', maxLength: 80 }, 'x'.repeat(81), 'Use at most 80 characters'],
  [{ type: 'string', minLength: 1 }, '', 'Enter some text'],
  [{ type: 'string', minLength: 3 }, 'ab', 'Use at least 3 characters'],
  [{ type: 'array', maxItems: 1 }, [1, 2], 'Keep at most 1 entry'],
  [{ type: 'array', minItems: 2 }, [1], 'Add at least 2 entries'],
  [{ type: 'number', minimum: 1 }, 0, 'Use 1 or more'],
  [{ type: 'number', maximum: 100 }, 101, 'Use 100 or less'],
  [{ type: 'number', exclusiveMinimum: 0 }, 0, 'Use more than 0'],
  [{ type: 'number', exclusiveMaximum: 10 }, 10, 'Use less than 10'],
  [{ type: 'number', multipleOf: 5 }, 7, 'Use a multiple of 5'],
  [{ type: 'string', format: 'email' }, 'x', 'Enter an e-mail address'],
  [{ type: 'string', format: 'ipv4' }, 'x', 'Enter a valid ipv4'],
  [{ type: 'string', pattern: '^[a-z0-9-]+$' }, 'A B', 'This is not in the form this field takes'],
  [{ enum: ['regular', 'promo'] }, 'x', 'Choose one of: regular, promo'],
  [{ enum: ['a', null] }, 'x', 'Choose one of: a, none'],
  [{ enum: Array.from({ length: 13 }, (_, i) => `v${i}`) }, 'x', 'Choose one of the offered values'],
  [{ const: 'x' }, 'y', 'This field has one fixed value'],
  [{ type: 'object', additionalProperties: false }, { a: 1 }, 'Remove the fields this does not take'],
  [{ type: 'array', uniqueItems: true }, [1, 1], 'Remove the repeated entry'],
  [{ not: { const: 1 } }, 1, 'This value is not allowed here'],
];

describe('plain messages', () => {
  it("says each of the validator's errors in the editor's words, by its keyword and params", () => {
    for (const [schema, data, plain] of CASES) {
      const error = ajvError(schema, data);
      expect(plainMessage({ keyword: error.keyword, params: error.params, message: error.message! }), error.message).toBe(plain);
    }
  });

  it("never reads Ajv's English: the words come from the keyword and params alone", () => {
    for (const [schema, data, plain] of CASES) {
      const error = ajvError(schema, data);
      expect(plainMessage({ keyword: error.keyword, params: error.params, message: 'anything' })).toBe(plain);
    }
  });

  it("says the gate's problem as the form's own check says it, so a problem both find shows once", () => {
    for (const [schema, data, plain] of CASES) {
      const validate = ajv.compile(schema);
      validate(data);
      const [issue] = describeErrors(validate.errors);
      if (issue.at === 'key') continue; // an unknown property: the gate names it and its likely meaning
      expect(plainMessage(issue), issue.message).toBe(plain);
    }
  });

  it("passes the project's own messages, and a keyword without words, through; drops a oneOf branch's repeat", () => {
    expect(plainMessage({ message: "unknown source 'faq' (did you mean 'faqs'?)" })).toBe("unknown source 'faq' (did you mean 'faqs'?)");
    expect(plainMessage({ keyword: 'errorMessage', params: {}, message: 'You must agree to continue' })).toBe('You must agree to continue');
    const oneOf = ajvError({ oneOf: [{ type: 'string' }, { type: 'number' }] }, true);
    expect(plainMessage({ keyword: 'oneOf', params: oneOf.params, message: oneOf.message! })).toBe('');
  });

  it('says a problem once when the form and the gate both find it', () => {
    const integer = { keyword: 'type', params: { type: 'integer' } };
    expect(
      plainMessages([
        { ...integer, message: 'must be integer' },
        { ...integer, message: 'must be an integer' },
      ]),
    ).toEqual(['Use a whole number']);
    const label = { keyword: 'required', params: { missingProperty: 'label' } };
    expect(
      plainMessages([
        { ...label, message: "must have required property 'label'" },
        { ...label, message: 'anything' },
      ]),
    ).toEqual(['Enter a label']);
  });

  it("rewrites rjsf's errors, message and stack alike, with no raw phrase left", () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['label'],
      properties: { label: { type: 'string' }, count: { type: 'integer' }, kind: { oneOf: [{ const: 'a' }, { const: 'b' }] } },
    };
    const { errors } = customizeValidator().validateFormData({ count: 1.5, kind: 'c' }, schema);
    const plain = transformErrors(errors);
    expect(plain.map((error) => error.message)).toEqual(['Enter a label', 'Use a whole number', 'This field has one fixed value']);
    for (const error of plain) expect(error.stack).not.toMatch(RAW);
  });

  it("names a missing field by the title rjsf gives it, else by its property's name", () => {
    const error = { name: 'required', params: { missingProperty: 'cta' }, message: "must have required property 'Button text'" };
    expect(plainValidatorError({ ...error, title: 'Button text' })).toBe('Enter a button text');
    expect(plainValidatorError(error)).toBe('Enter a cta');
  });
});
