import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { BODY_SLACK_BYTES, formBodyLimit, patternMaxLength, stringMaxLength, valueMaxBytes } from '../../server/forms/limits';
import type { ValidateFunction } from '../../server/forms/form';

const ROOT = path.resolve(__dirname, '../..');
type Json = Record<string, any>;

const formNames = readdirSync(path.join(ROOT, 'forms'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.basename(f, '.json'))
  .sort();
const schemaOf = (name: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, 'src/generated/form-files', `${name}.json`), 'utf8')) as Json).schema as Json;

/** JSON as a client that escapes everything outside ASCII writes it (an emoji: two \uXXXX escapes). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The longest valid value of each field: free text as emoji (4 bytes raw, 12 escaped), e-mails 254 characters. */
function largestValue(field: Json, sample: Json): unknown {
  if (Array.isArray(field.enum)) return [...field.enum].sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
  if ('const' in field) return typeof field.const?.$data === 'string' ? sample[field.const.$data.slice(2)] : field.const;
  if (field.type === 'integer' || field.type === 'number') return Math.max(field.minimum ?? 1, 1);
  if (field.type === 'boolean') return true;
  if (field.format === 'date') return '1990-01-31';
  if (field.pattern === '^[0-9]*$') return '0'.repeat(field.maxLength);
  if (typeof field.pattern === 'string' && field.pattern.includes('@'))
    return `${'a'.repeat(64)}@${'b'.repeat(field.maxLength - 64 - 5)}.com`;
  if (typeof field.pattern === 'string') return '01/31/1990';
  return '😀'.repeat(field.maxLength);
}

function largestSample(schema: Json): Json {
  const sample: Json = {};
  const entries = Object.entries(schema.properties as Json);
  for (const [name, field] of entries) if (!field.const?.$data) sample[name] = largestValue(field, sample);
  for (const [name, field] of entries) if (field.const?.$data) sample[name] = largestValue(field, sample);
  return sample;
}

const validators = new Map<string, ValidateFunction>();
beforeAll(async () => {
  await generate(ROOT);
  for (const name of formNames) {
    const mod = (await import(pathToFileURL(path.join(ROOT, 'src/generated/validators', `${name}.js`)).href)) as {
      default: Record<string, ValidateFunction>;
      rootKey: string;
    };
    validators.set(name, mod.default[mod.rootKey]);
  }
});

describe('formBodyLimit on the real forms', () => {
  it('has a bound for every form, in whole KiB, above the slack', () => {
    for (const name of formNames) {
      const limit = formBodyLimit(schemaOf(name));
      expect(limit % 1024, name).toBe(0);
      expect(limit, name).toBeGreaterThan(BODY_SLACK_BYTES);
      expect(limit, name).toBeLessThan(1024 * 1024); // well below Fastify's default of 1 MiB
    }
  });

  it('computes the contact form by hand: fields 68,359 bytes, three copies plus slack, 209 KiB', () => {
    // Values: title "Mrs." 2+4*6; names 2+100*12 each; e-mail 2+254*12; phone 2+11*12; company 2+200*12; message 2+5000*12.
    const values = 26 + 1202 + 1202 + 3050 + 134 + 2402 + 60002;
    // Keys, escaped: 2 + 6 * length; then colons, commas, braces.
    const keys = ['title', 'firstName', 'lastName', 'email', 'phoneNumber', 'company', 'message'].reduce(
      (sum, k) => sum + 2 + 6 * k.length,
      0,
    );
    const bytes = values + keys + 7 + 6 + 2;
    expect(valueMaxBytes(schemaOf('contact'))).toBe(bytes);
    expect(bytes).toBe(68359);
    expect(formBodyLimit(schemaOf('contact'))).toBe(Math.ceil((3 * bytes + BODY_SLACK_BYTES) / 1024) * 1024);
    expect(formBodyLimit(schemaOf('contact'))).toBe(209 * 1024);
  });

  it('holds the largest valid submission, every character escaped, as forms, key assignments and billings send it', () => {
    for (const name of formNames) {
      const schema = schemaOf(name);
      const fields = largestSample(schema);
      const validate = validators.get(name)!;
      expect(validate(fields), `${name}: ${JSON.stringify(validate.errors?.[0])}`).toBe(true);
      // The generic flow: { key, data: <the fields as JSON text>, ...fields }.
      const submission = asciiJson({ key: 'contact-us', data: asciiJson(fields), ...fields });
      // The checkouts: the fields, the owner and one products line.
      const billing = asciiJson({
        ...fields,
        reseller_id: 123456,
        products: [
          {
            shop_plan_id: 1,
            quantity: 9999,
            discount: 149.9,
            amount: 1678.88,
            name: 'Family plus Employees',
            description: 'x'.repeat(2000),
            member: 10,
            promo_id: 12,
          },
        ],
      });
      const limit = formBodyLimit(schema);
      expect(Buffer.byteLength(submission), name).toBeLessThanOrEqual(limit);
      expect(Buffer.byteLength(billing), name).toBeLessThanOrEqual(limit);
    }
  });
});

describe('valueMaxBytes', () => {
  it('counts strings as escaped code points, numbers 24, booleans 5, the longest choice, arrays by maxItems', () => {
    expect(valueMaxBytes({ type: 'string', maxLength: 10 })).toBe(2 + 10 * 12);
    expect(valueMaxBytes({ type: 'string', format: 'date' })).toBe(2 + 10 * 12);
    expect(valueMaxBytes({ type: 'string', enum: ['a', 'bbb'] })).toBe(2 + 3 * 6);
    expect(valueMaxBytes({ type: 'integer', minimum: 1 })).toBe(24);
    expect(valueMaxBytes({ type: 'boolean' })).toBe(5);
    expect(valueMaxBytes({ type: ['string', 'null'], maxLength: 1 })).toBe(14);
    expect(valueMaxBytes({ type: 'array', maxItems: 3, items: { type: 'boolean' } })).toBe(2 + 3 * 5 + 2);
    expect(valueMaxBytes({ type: 'object', properties: { a: { type: 'boolean' }, bc: { type: 'null' } } })).toBe(
      2 + (8 + 1 + 5) + 1 + (14 + 1 + 4),
    );
  });

  it('refuses what has no bound, naming where', () => {
    expect(() => valueMaxBytes({ type: 'object', properties: { note: { type: 'string' } } })).toThrow(
      '/properties/note: a string without maxLength',
    );
    expect(() => valueMaxBytes({ type: 'array', items: { type: 'boolean' } })).toThrow('an array without maxItems');
    expect(() => formBodyLimit({ type: 'object', properties: { any: {} } })).toThrow('/properties/any: no type');
  });
});

describe('patternMaxLength and stringMaxLength', () => {
  it('bounds anchored patterns without unbounded repetition', () => {
    expect(patternMaxLength('^[0-9]{4}$')).toBe(4);
    expect(patternMaxLength('^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$')).toBe(10);
    expect(patternMaxLength('^(ab|c)?d{2,3}(?=x)\\.$')).toBe(6);
    expect(patternMaxLength('^\\u{1F600}\\p{L}$')).toBe(2);
  });

  it('leaves the rest unbounded', () => {
    for (const source of ['^[0-9]*$', '^a+$', '^a{2,}$', '^a|b$', '^(a)\\1$', '^ab', 'ab$', '^a\\$', NEW_EMAIL])
      expect(patternMaxLength(source), source).toBeUndefined();
  });

  it('takes the least of maxLength, format and pattern', () => {
    expect(stringMaxLength({ type: 'string', maxLength: 11, pattern: '^[0-9]*$' })).toBe(11);
    expect(stringMaxLength({ type: 'string', maxLength: 50, pattern: '^[0-9]{4}$' })).toBe(4);
    expect(stringMaxLength({ type: 'string', format: 'date' })).toBe(10);
    expect(stringMaxLength({ type: 'string', pattern: '^[0-9]*$' })).toBeUndefined();
  });
});

const NEW_EMAIL = '^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$';
