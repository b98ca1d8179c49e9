// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemedForm } from '../../src/forms/theme';

/** The form theme's markup is valid HTML (tests/e2e/html-valid.spec.ts checks whole pages with the Nu HTML checker). */

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  required: ['sex', 'agree'],
  properties: {
    sex: { type: 'string', title: 'Sex', enum: ['Male', 'Female'] },
    agree: { type: 'boolean', title: 'I agree', enum: [true] },
  },
};

function renderForm() {
  return render(<ThemedForm schema={schema} uiSchema={{ sex: { 'ui:widget': 'radio' } }} validator={validator} />).container;
}

describe('the radio group and checkbox of the form theme', () => {
  it('put no div inside the span of a radio or checkbox: the indicator is a span with Fluent’s class', () => {
    const container = renderForm();
    expect(container.querySelectorAll('.fui-Radio')).toHaveLength(2);
    expect(container.querySelectorAll('.fui-Checkbox')).toHaveLength(1);
    expect(container.querySelectorAll('span div')).toHaveLength(0);
    expect(container.querySelectorAll('span.fui-Radio__indicator')).toHaveLength(2);
    expect(container.querySelectorAll('span.fui-Checkbox__indicator')).toHaveLength(1);
  });

  it('names the radio group by its label, whose for names no element that is not a form control', () => {
    const container = renderForm();
    expect(screen.getByRole('radiogroup', { name: /^Sex/ })).toBeTruthy();
    for (const label of container.querySelectorAll('label[for]')) {
      const target = container.ownerDocument.getElementById(label.getAttribute('for')!);
      expect(target?.tagName, label.textContent ?? '').toBe('INPUT');
    }
    expect(screen.getByRole('radio', { name: 'Male' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeTruthy();
  });
});

describe('a placeholder', () => {
  it('goes on a text input, never on a date input (HTML allows it on text-like types only)', () => {
    const dates: RJSFSchema = {
      type: 'object',
      properties: { phone: { type: 'string', title: 'Phone' }, birthdate: { type: 'string', title: 'Birthdate', format: 'date' } },
    };
    const uiSchema = { phone: { 'ui:placeholder': '0917' }, birthdate: { 'ui:placeholder': 'MM/DD/YYYY' } };
    render(<ThemedForm schema={dates} uiSchema={uiSchema} validator={validator} />);
    expect(screen.getByLabelText('Phone').getAttribute('placeholder')).toBe('0917');
    const birthdate = screen.getByLabelText('Birthdate');
    expect(birthdate.getAttribute('type')).toBe('date');
    expect(birthdate.hasAttribute('placeholder')).toBe(false);
  });
});
