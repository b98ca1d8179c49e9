import type { FormValidation, UiSchema } from '@rjsf/utils';
import { resolveLocalRef } from '../../../../domain/schema-ref';
import { ALT_REQUIRED_MESSAGE } from './ImageField';

/** A JSON schema as the content schemas write them (draft 7, local `#/definitions/` references). */
export type ContentSchema = { [key: string]: unknown };

/** The widgets and fields `contentUiSchema` names (keys of `contentWidgets` and `contentFields`). */
export const WIDGET = { richText: 'RichTextWidget', date: 'DateWidget', dateTime: 'DateTimeWidget', peso: 'PesoWidget' } as const;
export const FIELD = { image: 'ImageField' } as const;

/**
 * The text fields the site renders as HTML through its sanitiser (src/lib/RichText.tsx), by resource
 * schema title: they are written in the rich-text editor. Job and section descriptions and FAQ
 * answers may be plain text (the site shows paragraphs) or HTML; the editor writes HTML. Besides
 * these, a string whose description says it is HTML is rich text too.
 */
export const RICH_TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Article: ['description'],
  Terms: ['description'],
  PrivacyPolicy: ['description'],
  Faq: ['answer'],
  Job: ['description'],
  Section: ['description'],
};

/**
 * Resources whose images carry meaning (an article's picture, a job's, a partner's logo, a person's
 * photo): their alt text is required. Banner, feature, step and section images are backgrounds.
 */
export const ALT_REQUIRED: ReadonlySet<string> = new Set(['Article', 'Job', 'Partner', 'Testimonial']);

/** Hints under peso amounts, by property name. */
const PESO_HINTS: Readonly<Record<string, string>> = {
  price: 'Pesos a year, VAT excluded.',
  amountPerHousehold: 'Pesos per household member a year, VAT excluded.',
  discount: 'Pesos off the price.',
};

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_TIME_PREFIX = '^\\d{4}-\\d{2}-\\d{2}T';

const isRecord = (value: unknown): value is ContentSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema a node's local `$ref` stands for, with the node's own keywords (a description) over it. */
function resolve(node: ContentSchema, root: ContentSchema): ContentSchema {
  const target = resolveLocalRef(node, root);
  return target === node ? node : { ...target, ...node, $ref: undefined };
}

const types = (node: ContentSchema): unknown[] => (Array.isArray(node.type) ? node.type : [node.type]);

/** An image object of content: an object whose `main` is a string (the image's URL). */
export function isImageSchema(node: ContentSchema): boolean {
  const properties = node.properties;
  return types(node).includes('object') && isRecord(properties) && isRecord(properties.main) && types(properties.main).includes('string');
}

/** A day written YYYY-MM-DD. */
export function isDateSchema(node: ContentSchema): boolean {
  return types(node).includes('string') && (node.format === 'date' || node.pattern === DATE_PATTERN);
}

/** A moment in full ISO 8601 (`2024-05-15T01:30:00.000Z`): format date-time, or a pattern that starts with a day and a 'T'. */
export function isDateTimeSchema(node: ContentSchema): boolean {
  return (
    types(node).includes('string') &&
    (node.format === 'date-time' || (typeof node.pattern === 'string' && node.pattern.startsWith(DATE_TIME_PREFIX)))
  );
}

/** An amount in pesos: a number named price or discount, or described as pesos. */
export function isPesoSchema(node: ContentSchema, key: string): boolean {
  if (!types(node).includes('number')) return false;
  return key === 'price' || key === 'discount' || (typeof node.description === 'string' && /\bin pesos\b/i.test(node.description));
}

/** A string the site renders as HTML. */
function isRichText(node: ContentSchema, key: string, kind: string, depth: number): boolean {
  if (!types(node).includes('string')) return false;
  if (depth === 0 && RICH_TEXT_FIELDS[kind]?.includes(key)) return true;
  return typeof node.description === 'string' && /\bas HTML\b/.test(node.description);
}

function walk(schema: unknown, root: ContentSchema, kind: string, depth: number): UiSchema {
  const ui: UiSchema = {};
  if (!isRecord(schema) || depth > 8) return ui;
  const node = resolve(schema, root);
  const options = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])];
  // A choice of schemas (an object or null): each option's fields get the same widgets.
  for (const option of options) Object.assign(ui, walk(option, root, kind, depth + 1));
  if (isRecord(node.properties)) {
    for (const [key, raw] of Object.entries(node.properties)) {
      if (!isRecord(raw)) continue;
      const child = resolve(raw, root);
      if (isImageSchema(child))
        ui[key] = { 'ui:field': FIELD.image, ...(ALT_REQUIRED.has(kind) ? { 'ui:options': { altRequired: true } } : {}) };
      else if (isDateSchema(child)) ui[key] = { 'ui:widget': WIDGET.date };
      else if (isDateTimeSchema(child)) ui[key] = { 'ui:widget': WIDGET.dateTime };
      else if (isPesoSchema(child, key))
        ui[key] = { 'ui:widget': WIDGET.peso, ...(PESO_HINTS[key] ? { 'ui:options': { pesoHint: PESO_HINTS[key] } } : {}) };
      else if (isRichText(child, key, kind, depth)) ui[key] = { 'ui:widget': WIDGET.richText };
      else {
        const nested = walk(child, root, kind, depth + 1);
        if (Object.keys(nested).length > 0) ui[key] = nested;
      }
    }
  }
  if (isRecord(node.items)) {
    const items = walk(node.items, root, kind, depth + 1);
    if (Object.keys(items).length > 0) ui.items = items;
  }
  return ui;
}

/**
 * The uiSchema that puts the content widgets on an item's fields, from the item's schema (a resource
 * schema of schemas/api/resources/): rich text for the HTML fields, the image field for image
 * objects (alt text required for articles, jobs, partners and testimonials), a date picker for
 * YYYY-MM-DD days and a peso input for amounts. `resource` names the content (`articles`, or the
 * schema's own name `article`); the schema's title decides, the name is the fallback. Only widget
 * choices are returned: merge labels and other options over it.
 */
export function contentUiSchema(itemSchema: ContentSchema, resource: string): UiSchema {
  const kind = typeof itemSchema.title === 'string' && itemSchema.title ? itemSchema.title : kindOfResource(resource);
  return walk(itemSchema, itemSchema, kind, 0);
}

/** 'articles' or 'article' -> 'Article', 'data-privacies' -> 'DataPrivacy' (a fallback when a schema has no title). */
function kindOfResource(resource: string): string {
  const singular = resource.replace(/ies$/, 'y').replace(/s$/, '');
  return singular
    .split(/[-_\s]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * rjsf `customValidate` for a content item: an image that carries meaning (uiSchema `altRequired`)
 * needs its alt text. The JSON schema cannot say it (alt is optional where images are decoration).
 */
export function validateImageAlt<T>(formData: T | undefined, errors: FormValidation<T>, uiSchema: UiSchema | undefined): FormValidation<T> {
  if (!isRecord(formData) || !uiSchema) return errors;
  for (const [key, ui] of Object.entries(uiSchema)) {
    if (!isRecord(ui) || ui['ui:field'] !== FIELD.image || !isRecord(ui['ui:options']) || ui['ui:options'].altRequired !== true) continue;
    const image = formData[key];
    if (!isRecord(image) || typeof image.main !== 'string' || !image.main) continue;
    if (typeof image.alt === 'string' && image.alt.trim()) continue;
    type Slot = { addError: (message: string) => void; alt?: Slot };
    const slot = (errors as unknown as Record<string, Slot | undefined>)[key];
    (slot?.alt ?? slot)?.addError(ALT_REQUIRED_MESSAGE);
  }
  return errors;
}
