// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormFile } from '../../src/generated/forms';
import { FormRunner } from '../../src/forms/FormRunner';

// React's act() outside its testing library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FORM = {
  key: 'hydration-test',
  schema: { type: 'object', properties: { email: { type: 'string', title: 'Email' } } },
  flow: { submitLabel: 'Submit' },
} as unknown as FormFile;

const form = () => <FormRunner form={FORM} validator={validator} />;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a form hydrating over text the visitor typed', () => {
  it('keeps the text in the field when hydration ends (the fields are not rendered again with the empty state)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(form());
    document.body.append(container);
    const field = container.querySelector<HTMLInputElement>('input#hydration-test_email');
    if (!field) throw new Error('no email field in the server HTML');
    // Typed before the scripts ran (the boot script enables the fieldset at once).
    field.value = 'juan@exa';

    await act(async () => {
      hydrateRoot(container, form());
    });
    // Whatever hydration set off: its effects and the render after it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

    expect(container.querySelector<HTMLInputElement>('input#hydration-test_email')).toBe(field);
    expect(field.value).toBe('juan@exa');
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
  });
});
