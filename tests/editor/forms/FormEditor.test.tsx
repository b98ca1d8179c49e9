// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { produce } from 'immer';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_HOST, HostContext } from '../../../editor/src/core/host';
import { FORM_FIELD_KINDS, FormEditor, type FormFile } from '../../../editor/src/forms/FormEditor';
import { displayOrder, reorderFields } from '../../../editor/src/forms/form-read';
import { problemPlace } from '../../../editor/src/forms/form-problems';
import { camelCaseName, uniqueFieldName } from '../../../editor/src/forms/field-kinds';
import type { Diagnostic } from '../../../editor/src/forms/types';

// The project root (vitest runs there; under jsdom import.meta.url is no file URL).
const REPO = process.cwd();
const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO, file), 'utf8')) as FormFile;
const fragments = Object.fromEntries(
  readdirSync(path.join(REPO, 'forms/fragments')).map((name) => [`forms/fragments/${name}`, readJson(`forms/fragments/${name}`)]),
);
const contact = readJson('forms/contact.json');

afterEach(cleanup);

// jsdom has no ResizeObserver, which Fluent's MessageBar uses to lay out long messages.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The editor as the page UI mounts it: each recipe applied to the form with immer. */
function Harness({ problems = [], onValue }: { problems?: Diagnostic[]; onValue: (value: FormFile) => void }) {
  const [value, setValue] = useState<FormFile>(contact);
  return (
    <FluentProvider theme={webLightTheme}>
      <FormEditor
        path="forms/contact.json"
        value={value}
        fragments={fragments}
        problems={problems}
        onChange={(recipe) =>
          setValue((current) => {
            const next = produce(current, recipe);
            onValue(next);
            return next;
          })
        }
      />
    </FluentProvider>
  );
}

describe('FormEditor', () => {
  it('lists the fields in ui:order, adds a field of a kind, moves and removes fields through recipes', () => {
    let value = contact;
    render(<Harness onValue={(next) => (value = next)} />);
    const list = screen.getByRole('list', { name: 'Fields of the form, in order' });
    const labels = () =>
      within(list)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent);
    expect(labels()).toEqual(['Title', 'First name', 'Last name', 'Email', 'Phone number', 'Company', 'Message']);

    const add = screen.getByRole('region', { name: 'Add a field' });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Label' }), { target: { value: 'Company size' } });
    fireEvent.change(within(add).getByRole('combobox', { name: 'Kind' }), { target: { value: 'number' } });
    act(() => fireEvent.click(within(add).getByRole('button', { name: 'Add field' })));
    expect(value.schema.properties.companySize).toMatchObject({ type: 'number', title: 'Company size', minimum: 0 });
    expect(value.uiSchema['ui:order'].at(-1)).toBe('companySize');

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Move Company size up' })));
    expect(value.uiSchema['ui:order'].slice(-2)).toEqual(['companySize', 'message']);

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Remove Company' })));
    expect(value.schema.properties.company).toBeUndefined();
    expect(value.schema.required).not.toContain('company');
    expect(value.uiSchema.company).toBeUndefined();
    expect(value.uiSchema['ui:order']).not.toContain('company');
    expect(labels()).toEqual(['Title', 'First name', 'Last name', 'Email', 'Phone number', 'Company size', 'Message']);
  });

  it('shows a problem on the field it points at and the others above the fields', () => {
    const at = (pointer: string, message: string): Diagnostic => ({ file: 'forms/contact.json', line: 1, column: 1, pointer, message });
    render(
      <Harness
        onValue={() => {}}
        problems={[
          at('/schema/properties/company/maxLength', 'too long a bound'),
          at('/key', 'key clash'),
          at('/uiSchema/ui:order/6', 'order'),
        ]}
      />,
    );
    expect(within(screen.getByRole('list', { name: 'Problems of Company' })).getByText('too long a bound')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Problems of Message' })).getByText('order')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Problems of the form' })).getByText('key clash')).toBeTruthy();
  });

  it('exports the kinds', () => {
    expect(FORM_FIELD_KINDS).toEqual(['text', 'email', 'phone', 'number', 'select', 'checkbox', 'date', 'file', 'long-text']);
  });
});

describe('pure helpers', () => {
  it('names fields in camelCase, unique', () => {
    expect(camelCaseName('Company size')).toBe('companySize');
    expect(camelCaseName('  E-mail (work) ')).toBe('eMailWork');
    expect(camelCaseName('1st choice')).toBe('field1stChoice');
    expect(camelCaseName('!!!')).toBe('field');
    expect(uniqueFieldName('Company size', ['companySize', 'companySize2'])).toBe('companySize3');
  });

  it('reorders like a drop onto another field, and reads the order with its *', () => {
    expect(reorderFields(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(reorderFields(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(reorderFields(['a', '*', 'b'], 'b', 'a')).toEqual(['b', 'a', '*']);
    expect(reorderFields(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
    expect(displayOrder(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(displayOrder(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });

  it('places a problem by its pointer', () => {
    const names = ['title', 'company', 'a/b'];
    expect(problemPlace('/schema/properties/a~1b/title', contact, names)).toEqual({ field: 'a/b' });
    expect(problemPlace('/schema/required/4', contact, names)).toEqual({ field: 'company' });
    expect(problemPlace('/uiSchema/title/ui:placeholder', contact, names)).toEqual({ field: 'title' });
    expect(problemPlace('/flow/confirm/title', contact, names)).toEqual({ section: 'flow' });
    expect(problemPlace('/mail/to/0', contact, names)).toEqual({ section: 'mail' });
    expect(problemPlace('/schema/properties', contact, names)).toEqual({ section: 'form' });
  });

  it("shows the host's check of the preview (the studio's server) at its field, with the form as the editor holds it", async () => {
    const asked: Array<{ file: string; value: unknown; formData: unknown }> = [];
    const host = {
      ...DEV_HOST,
      checkForm: async (file: string, value: unknown, formData: unknown) => {
        asked.push({ file, value, formData });
        return { email: ['The host says: not an address'] };
      },
    };
    render(
      <HostContext.Provider value={host}>
        <Harness onValue={() => undefined} />
      </HostContext.Provider>,
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    await act(async () => fireEvent.change(within(preview).getByRole('textbox', { name: /^Email/ }), { target: { value: 'juan@x' } }));
    expect((await within(preview).findAllByText('The host says: not an address')).length).toBeGreaterThan(0);
    expect(asked.at(-1)).toMatchObject({ file: 'forms/contact.json', value: contact, formData: { email: 'juan@x' } });
  });
});
