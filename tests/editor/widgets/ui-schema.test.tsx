// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form from '@rjsf/fluentui-rc';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentFields, contentUiSchema, contentWidgets, type ContentSchema } from '../../../editor/src/content/widgets';
import { formatPesos, parsePesos } from '../../../editor/src/content/widgets/PesoWidget';

// The project root (vitest runs there; under jsdom import.meta.url is no file URL).
const REPO = process.cwd();
const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO, file), 'utf8')) as ContentSchema;

afterEach(cleanup);

const rich = { 'ui:widget': 'RichTextWidget' };
const date = { 'ui:widget': 'DateWidget' };
const dateTime = { 'ui:widget': 'DateTimeWidget' };
const image = { 'ui:field': 'ImageField' };
const meaningfulImage = { 'ui:field': 'ImageField', 'ui:options': { altRequired: true } };
const peso = (hint?: string) => ({ 'ui:widget': 'PesoWidget', ...(hint ? { 'ui:options': { pesoHint: hint } } : {}) });

/** What each content schema's items get, by schema file: every file of schemas/content/ is listed. */
const EXPECTED: Record<string, object> = {
  article: { description: rich, post_date: date, created_at: dateTime, background_image: meaningfulImage },
  banner: { background_image: image },
  faq: { answer: rich },
  feature: { background_image: image },
  footer: {},
  job: { description: rich, background_image: meaningfulImage },
  merchant: {},
  partner: { background_image: meaningfulImage },
  plan: {
    price: peso('Pesos a year, VAT excluded.'),
    discount: peso('Pesos off the price.'),
    other_details: { amountPerHousehold: peso('Pesos per household member a year, VAT excluded.') },
  },
  'privacy-policy': { description: rich },
  'promo-code': { discount: peso('Pesos off the price.'), valid_start: date, valid_end: date },
  'promotion-code': {},
  promotion: {},
  reseller: {},
  section: { description: rich, background_image: image },
  step: { background_image: image },
  terms: { description: rich },
  testimonial: {},
  'video-description': {},
};

describe('contentUiSchema', () => {
  const files = readdirSync(path.join(REPO, 'schemas/content')).filter((name) => name.endsWith('.json'));

  it('knows every content schema', () => {
    expect(files.map((name) => name.replace(/\.json$/, '')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const file of files) {
    const name = file.replace(/\.json$/, '');
    it(`picks the widgets of ${name}`, () => {
      const content = readJson(`schemas/content/${file}`);
      const ref = ((content.properties as ContentSchema).items as { items: { $ref: string } }).items.$ref;
      const item = readJson(path.join('schemas/content', ref));
      expect(contentUiSchema(item, name)).toEqual(EXPECTED[name]);
    });
  }

  it('finds rich text by its description, dates by format, and names a schema without title by its resource', () => {
    const schema = {
      type: 'object',
      properties: {
        body: { type: 'string', description: 'Text as HTML (sanitize before rendering).' },
        day: { type: 'string', format: 'date' },
        description: { type: 'string' },
      },
    };
    expect(contentUiSchema(schema, 'articles')).toEqual({ body: rich, day: date, description: rich });
    expect(contentUiSchema(schema, 'videos')).toEqual({ body: rich, day: date });
  });
});

const validator = customizeValidator();

describe('DateWidget and PesoWidget', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      valid_start: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: 'First valid day' },
      price: { type: 'number', minimum: 0, title: 'Price' },
      created_at: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}', title: 'Created at' },
    },
  };
  function renderForm(formData: Record<string, unknown>) {
    const onChange = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <Form
          schema={schema}
          uiSchema={contentUiSchema(schema as ContentSchema, 'plan')}
          validator={validator}
          widgets={contentWidgets}
          fields={contentFields}
          formData={formData}
          onChange={(event) => onChange(event.formData)}
          noHtml5Validate
        />
      </FluentProvider>,
    );
    return onChange;
  }

  it('a date is a native date input under its label, stored as YYYY-MM-DD', () => {
    const onChange = renderForm({ valid_start: '2026-01-31' });
    const input = screen.getByLabelText('First valid day') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-01-31');
    fireEvent.change(input, { target: { value: '2026-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ valid_start: '2026-02-01' });
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('a moment is a native date-and-time input in Manila time, stored as full ISO 8601 in UTC', () => {
    const onChange = renderForm({ created_at: '2024-05-15T01:30:00.000Z' });
    const input = screen.getByLabelText('Created at') as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.value).toMatch(/^2024-05-15T09:30(:00)?$/);
    fireEvent.change(input, { target: { value: '2024-06-01T07:05' } });
    expect(onChange).toHaveBeenLastCalledWith({ created_at: '2024-05-31T23:05:00.000Z' });
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('a price shows ₱ and two decimals and stores a number; its hint is shown', () => {
    const onChange = renderForm({ price: 1499.5 });
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    expect(input.value).toBe('1499.50');
    expect(screen.getByText('₱')).toBeTruthy();
    expect(screen.getByText('Pesos a year, VAT excluded.')).toBeTruthy();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1,999.9' } });
    expect(onChange).toHaveBeenLastCalledWith({ price: 1999.9 });
    fireEvent.blur(input);
    expect(input.value).toBe('1999.90');
    fireEvent.change(input, { target: { value: 'free' } });
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('reads and writes peso amounts', () => {
    expect(formatPesos(12)).toBe('12.00');
    expect(formatPesos(undefined)).toBe('');
    expect(parsePesos('₱ 1,234.56')).toBe(1234.56);
    expect(parsePesos('12.')).toBe(12);
    expect(parsePesos('1e3')).toBeUndefined();
    expect(parsePesos('.')).toBeUndefined();
  });
});
