import { createErrorHandler, unwrapErrorHandler, type UiSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import applyNow from '../../src/generated/form-files/apply-now.json';
import billing from '../../src/generated/form-files/billing.json';
import billingMerchant from '../../src/generated/form-files/billing-merchant.json';
import type { FormFile } from '../../src/generated/forms';
import { clientChecks, fileErrors } from '../../src/forms/client-checks';
import { mergeUiSchema } from '../../src/forms/ui-schema';
import { dependentsField } from '../../src/shop/dependents';
import { fileRules } from '../../domain/file-rules';

/**
 * What a form checks in the browser beside its schema: the page's ui hints merged over the form
 * file's (src/forms/ui-schema.ts), and the chosen files and the page's own rules (src/forms/client-checks.ts).
 */

const uiOf = (form: unknown) => (form as FormFile).uiSchema as UiSchema;

describe("mergeUiSchema: a checkout's ui hints over the billing form's", () => {
  it('asks for the number of dependents: a required select with its choices, keeping the form file’s placeholder and messages', () => {
    const base = uiOf(billing);
    const before = structuredClone(base);
    const { uiSchema } = dependentsField(billing as FormFile, 3, 'Number of dependents');
    const merged = mergeUiSchema(base, uiSchema);
    expect(merged.no_dependents).toEqual({
      'ui:placeholder': 'Select number of dependents',
      'ui:widget': 'select',
      'ui:title': 'Number of dependents',
      'ui:options': {
        requiredMessage: 'This field is required',
        maxMessage: 'Choose between 1 and {max}',
        required: true,
        choices: [1, 2, 3].map((n) => ({ value: n, label: String(n) })),
      },
    });
    expect(merged['ui:order']).toBe(base['ui:order']);
    expect(merged.email).toBe(base.email);
    expect(base).toEqual(before);
  });

  it('hides the number of dependents for a plan of one', () => {
    const merged = mergeUiSchema(uiOf(billing), dependentsField(billing as FormFile, 1, 'x').uiSchema);
    expect(merged.no_dependents?.['ui:widget']).toBe('hidden');
  });

  it("replaces a merchant's source choices whole, its message kept", () => {
    const choices = [{ value: 'Radio', label: 'Radio' }];
    const merged = mergeUiSchema(uiOf(billingMerchant), { source: { 'ui:widget': 'select', 'ui:options': { choices } } });
    expect(merged.source?.['ui:options']).toEqual({ choices, choiceMessage: 'Select one of the options' });
  });

  it('is the form file’s own hints without overrides', () => {
    const base = uiOf(billing);
    expect(mergeUiSchema(base, undefined)).toBe(base);
  });
});

describe('the checks a form makes beside its schema', () => {
  const rules = fileRules(uiOf(applyNow));
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  const MB = 1024 * 1024;

  it('finds the problems of the chosen files by field, with the form file’s messages', () => {
    expect(rules.map((rule) => rule.field)).toEqual(['file']);
    expect(fileErrors(rules, new Map([['file', file('cv.pdf', 10)]]))).toEqual({});
    expect(fileErrors(rules, new Map())).toEqual({});
    expect(fileErrors(rules, new Map([['file', file('cv.png', 5 * MB + 1)]]))).toEqual({
      file: ['Only PDF, DOCX or DOC files are allowed', 'The file must not be larger than 5 MB'],
    });
  });

  it('puts the file problems, then the page’s messages, on their fields; a field not in the data gets none', () => {
    const extra = vi.fn(() => ({ file: ['page rule'], name: ['needed'], absent: ['dropped'] }));
    const validate = clientChecks(rules, new Map([['file', file('cv.png', 10)]]), extra);
    const data: Record<string, unknown> = { file: 'cv.png', name: '' };
    const errors = validate(data, createErrorHandler(data));
    expect(extra).toHaveBeenCalledWith(data);
    expect(unwrapErrorHandler(errors)).toEqual({
      __errors: [],
      file: { __errors: ['Only PDF, DOCX or DOC files are allowed', 'page rule'] },
      name: { __errors: ['needed'] },
    });
  });

  it('gives the page’s checks an empty object for a form without data', () => {
    const extra = vi.fn(() => ({}));
    clientChecks([], new Map(), extra)(undefined, createErrorHandler({}));
    expect(extra).toHaveBeenCalledWith({});
  });
});
