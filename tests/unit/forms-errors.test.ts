import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { moveRequiredToFields, serverErrorsToErrorSchema } from '../../src/forms/errors';
import { fileProblems } from '../../domain/file-rules';

describe('moveRequiredToFields', () => {
  it("moves ajv-errors' required messages from the parent onto each missing field", () => {
    const parentError: RJSFValidationError = {
      name: 'errorMessage',
      property: '',
      message: 'This field is required',
      stack: 'This field is required',
      schemaPath: '#/errorMessage',
      params: {
        errors: [
          { keyword: 'required', params: { missingProperty: 'firstName' } },
          { keyword: 'required', params: { missingProperty: 'email' } },
        ],
      },
    };
    const moved = moveRequiredToFields([parentError]);
    expect(moved.map((e) => [e.property, e.message])).toEqual([
      ['.firstName', 'This field is required'],
      ['.email', 'This field is required'],
    ]);
  });

  it('keeps other errors as they are and places nested required errors under their object', () => {
    const pattern: RJSFValidationError = {
      name: 'errorMessage',
      property: '.email',
      message: 'Email must be valid',
      stack: '',
      params: { errors: [{ keyword: 'pattern', params: {} }] },
    };
    const nested: RJSFValidationError = {
      name: 'errorMessage',
      property: '.member',
      message: 'This field is required',
      stack: '',
      params: { errors: [{ keyword: 'required', params: { missingProperty: 'name' } }] },
    };
    expect(moveRequiredToFields([pattern, nested]).map((e) => e.property)).toEqual(['.email', '.member.name']);
  });
});

describe('serverErrorsToErrorSchema', () => {
  it("turns the server's per-field messages into rjsf's error schema", () => {
    expect(serverErrorsToErrorSchema({ email: ['Email must be valid'], 'a.b': ['x'] })).toEqual({
      email: { __errors: ['Email must be valid'] },
      a: { b: { __errors: ['x'] } },
    });
  });

  it("puts the form's own messages ('') at the root, beside the fields' and under a parent's", () => {
    expect(serverErrorsToErrorSchema({ '': ['Too many requests'], member: ['m'], 'member.name': ['n'] })).toEqual({
      __errors: ['Too many requests'],
      member: { __errors: ['m'], name: { __errors: ['n'] } },
    });
  });
});

describe('file checks', () => {
  const rule = {
    field: 'file',
    extensions: ['.pdf', '.docx', '.doc'],
    mimeTypes: [],
    maxBytes: 5 * 1024 * 1024,
    typeMessage: 'type',
    sizeMessage: 'size',
    budgetMessage: 'budget',
  };
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  it('accepts pdf, docx and doc (any case) up to 5 MB', () => {
    expect(fileProblems(rule, file('cv.pdf', 10))).toEqual([]);
    expect(fileProblems(rule, file('CV.DOCX', 10))).toEqual([]);
    expect(fileProblems(rule, file('cv.doc', 5 * 1024 * 1024))).toEqual([]);
  });
  it('refuses other types and larger files with the form file messages', () => {
    expect(fileProblems(rule, file('cv.png', 10))).toEqual(['type']);
    expect(fileProblems(rule, file('cv.pdf', 5 * 1024 * 1024 + 1))).toEqual(['size']);
  });
});
