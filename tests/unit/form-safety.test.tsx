// @vitest-environment jsdom
import { render } from '@testing-library/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeOrder } from '../../src/forms/SafeObjectField';
import { ThemedForm } from '../../src/forms/theme';

afterEach(() => vi.restoreAllMocks());

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    firstName: { type: 'string', title: 'First name' },
    lastName: { type: 'string', title: 'Last name' },
    email: { type: 'string', title: 'Email' },
  },
};

function renderForm(uiSchema: UiSchema, formSchema: RJSFSchema = schema) {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(<ThemedForm schema={formSchema} uiSchema={uiSchema} validator={validator} />);
  const labels = [...container.querySelectorAll('label')].map((label) => label.textContent?.replace(/\s*\*$/, '').trim());
  return { container, labels, logged: error.mock.calls.flat().map(String).join(' ') };
}

describe('a form never prints its schema on the page', () => {
  it('renders a ui:order that misses a field (rjsf: red configuration error + schema JSON) with the field at the end, and logs it', () => {
    const { container, labels, logged } = renderForm({ 'ui:order': ['email', 'firstName'] });
    expect(container.querySelector('pre')).toBeNull();
    expect(container.querySelector('.rjsf-config-error')).toBeNull();
    expect(container.textContent).not.toContain('"properties"');
    expect(labels).toEqual(['Email', 'First name', 'Last name']);
    expect(logged).toContain("ui:order misses 'lastName'");
  });

  it('renders a ui:order with two wildcards, and logs it', () => {
    const { container, labels, logged } = renderForm({ 'ui:order': ['*', 'email', '*'] });
    expect(container.querySelector('pre')).toBeNull();
    expect(labels).toEqual(['First name', 'Last name', 'Email']);
    expect(logged).toContain("'*' more than once");
  });

  it('reads the order from ui:options as well, as rjsf does', () => {
    const { container, labels, logged } = renderForm({ 'ui:options': { order: ['email', 'firstName'] } });
    expect(container.querySelector('.rjsf-config-error')).toBeNull();
    expect(labels).toEqual(['Email', 'First name', 'Last name']);
    expect(logged).toContain("ui:order misses 'lastName'");
  });

  it('leaves a correct ui:order alone and logs nothing', () => {
    const { labels, logged } = renderForm({ 'ui:order': ['lastName', 'email', 'firstName'] });
    expect(labels).toEqual(['Last name', 'Email', 'First name']);
    expect(logged).toBe('');
  });

  it('shows a generic line for a field rjsf cannot render, never its schema', () => {
    const odd = { type: 'object', properties: { odd: { type: 'strnig', title: 'Odd', 'x-secret': 'internal' } } } as unknown as RJSFSchema;
    const { container, logged } = renderForm({}, odd);
    expect(container.querySelector('pre')).toBeNull();
    expect(container.textContent).not.toContain('x-secret');
    expect(container.textContent).toContain('This field is not available at the moment.');
    expect(logged).toContain('unsupported field');
  });
});

describe('safeOrder', () => {
  it('is the order itself when rjsf can apply it, else a usable one and the problem', () => {
    expect(safeOrder(undefined, ['a'])).toBeUndefined();
    expect(safeOrder(['b', 'a'], ['a', 'b'])).toEqual({ order: ['b', 'a'] });
    expect(safeOrder(['b', '*'], ['a', 'b'])).toEqual({ order: ['b', '*'] });
    expect(safeOrder(['b'], ['a', 'b'])).toEqual({ order: ['b', '*'], problem: "ui:order misses 'a'" });
    expect(safeOrder(['*', 'b', '*'], ['a', 'b'])).toEqual({ order: ['*', 'b'], problem: "ui:order holds '*' more than once" });
  });
});
