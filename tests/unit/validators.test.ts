import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../scripts/lib/ajv';
import { generate } from '../../scripts/lib/generate/run';
import { compileFormValidators, toEsModule } from '../../scripts/lib/generate/validators';
import { fieldErrors } from '../../server/forms/errors';
import type { ValidateFunction } from '../../server/forms/form';
import { addDays, manilaToday } from '../../domain/dates';

const ROOT = path.resolve(__dirname, '../..');
const FORMS_DIR = path.join(ROOT, 'forms');
const VALIDATORS_DIR = path.join(ROOT, 'src/generated/validators');
const FORM_FILES_DIR = path.join(ROOT, 'src/generated/form-files');
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$';
const DIGITS_PATTERN = '^[0-9]*$';
/** MM/DD/YYYY: the birthdate of the multi-member assignment cards (forms/member-card.json). */
const US_DATE_PATTERN = '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$';
/** The multi-member cards' shared e-mail rule has its own message. */
const emailMessage = (formName: string) => (formName === 'member-card' ? 'Must be a valid e-mail' : 'Email must be valid');

type Json = Record<string, any>;
interface FormCase {
  name: string;
  schema: Json;
  validate: ValidateFunction;
  rootKey: string;
  validators: Record<string, ValidateFunction>;
}

const formNames = readdirSync(FORMS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.basename(f, '.json'))
  .sort();
const forms = new Map<string, FormCase>();

beforeAll(async () => {
  await generate(ROOT);
  for (const name of formNames) {
    // The form as the site and the server run it (npm run generate fills the product's names).
    const schema = (JSON.parse(readFileSync(path.join(FORM_FILES_DIR, `${name}.json`), 'utf8')) as Json).schema as Json;
    const mod = (await import(pathToFileURL(path.join(VALIDATORS_DIR, `${name}.js`)).href)) as {
      default: Record<string, ValidateFunction>;
      rootKey: string;
    };
    forms.set(name, { name, schema, validate: mod.default[mod.rootKey], rootKey: mod.rootKey, validators: mod.default });
  }
});

const form = (name: string) => forms.get(name)!;

/** A value that every keyword of the field accepts. */
function validValue(field: Json): unknown {
  if (Array.isArray(field.enum)) return field.enum[0];
  if ('const' in field) return field.const;
  if (field.type === 'integer' || field.type === 'number') return Math.max(typeof field.minimum === 'number' ? field.minimum : 1, 1);
  if (field.type === 'boolean') return true;
  if (field.pattern === EMAIL_PATTERN) return 'juan.delacruz@example.com';
  if (field.pattern === DIGITS_PATTERN) return '09171234567'.slice(0, field.maxLength ?? 11);
  if (field.format === 'date' || 'x-maxDate' in field) return '1990-01-31';
  if (field.pattern === US_DATE_PATTERN) return '01/31/1990';
  return 'Sample text';
}

/** The sibling a field must equal (`"const": { "$data": "1/<sibling>" }`, e.g. confirm e-mail), if any. */
function equalsSibling(field: Json): string | undefined {
  const data = field.const?.$data;
  return typeof data === 'string' && data.startsWith('1/') ? data.slice(2) : undefined;
}

/** A valid sample; a field that must equal a sibling gets the sibling's value. */
function validSample(schema: Json): Json {
  const entries = Object.entries(schema.properties as Json);
  const sample = Object.fromEntries(
    entries.filter(([, field]) => !equalsSibling(field)).map(([name, field]) => [name, validValue(field as Json)]),
  );
  for (const [name, field] of entries) if (equalsSibling(field)) sample[name] = sample[equalsSibling(field)!];
  return sample;
}

/** The sample with `field` set to `value`, and the fields that must equal it following along. */
function withValue(schema: Json, field: string, value: unknown): Json {
  const sample: Json = { ...validSample(schema), [field]: value };
  for (const [name, sub] of Object.entries(schema.properties as Json)) if (equalsSibling(sub) === field) sample[name] = value;
  return sample;
}

/** Validates and returns the errors per field (required messages moved onto their fields). */
function errorsOf(c: FormCase, data: unknown) {
  const ok = c.validate(data);
  const errors = fieldErrors(c.validate.errors);
  expect(ok).toBe(Object.keys(errors).length === 0);
  return errors;
}

function fieldsWith(schema: Json, test: (field: Json) => boolean): string[] {
  return Object.entries(schema.properties as Json)
    .filter(([, field]) => test(field as Json))
    .map(([name]) => name);
}

describe.each(formNames)('precompiled validator of forms/%s.json', (name) => {
  it('accepts a valid sample, also through rjsf’s createPrecompiledValidator', () => {
    const c = form(name);
    const sample = validSample(c.schema);
    expect(errorsOf(c, sample)).toEqual({});
    const validator = createPrecompiledValidator(c.validators, c.schema as RJSFSchema);
    expect(validator.validateFormData(sample, c.schema as RJSFSchema).errors).toEqual([]);
    expect(validator.isValid(c.schema as RJSFSchema, sample, c.schema as RJSFSchema)).toBe(true);
  });

  it('reports exactly the form’s required message on each missing required field', () => {
    const c = form(name);
    const required = (c.schema.required ?? []) as string[];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const data = validSample(c.schema);
      delete data[field];
      expect(errorsOf(c, data), field).toEqual({ [field]: [c.schema.errorMessage.required[field]] });
    }
    // All at once: one message per field, each on its own field.
    const all = errorsOf(c, {});
    expect(all).toEqual(Object.fromEntries(required.map((field) => [field, [c.schema.errorMessage.required[field]]])));
  });

  it('reports the spec’s messages for a bad e-mail and a bad phone number', () => {
    const c = form(name);
    for (const field of fieldsWith(c.schema, (f) => f.pattern === EMAIL_PATTERN)) {
      for (const bad of ['juan', 'juan@example', 'juan @example.com']) {
        expect(errorsOf(c, withValue(c.schema, field, bad)), `${field}=${bad}`).toEqual({ [field]: [emailMessage(name)] });
      }
    }
    for (const field of fieldsWith(c.schema, (f) => f.pattern === DIGITS_PATTERN && f.maxLength === 11)) {
      expect(errorsOf(c, withValue(c.schema, field, '091712345678'))).toEqual({ [field]: ['Up to 11 characters allowed'] });
      expect(errorsOf(c, withValue(c.schema, field, '0917abc'))).toEqual({ [field]: ['Only numbers are allowed'] });
      expect(errorsOf(c, withValue(c.schema, field, '0917-123'))).toEqual({ [field]: ['Only numbers are allowed'] });
      expect(errorsOf(c, withValue(c.schema, field, '09171234567'))).toEqual({});
    }
  });
});

describe('forms with an e-mail and a phone number', () => {
  it('cover the forms the spec names', () => {
    for (const name of ['contact', 'quote', 'partner', 'key-assignment', 'apply-now', 'speed-up']) {
      expect(
        fieldsWith(form(name).schema, (f) => f.pattern === EMAIL_PATTERN),
        name,
      ).toHaveLength(1);
    }
    for (const name of ['contact', 'quote', 'partner', 'key-assignment', 'apply-now', 'callback']) {
      expect(
        fieldsWith(form(name).schema, (f) => f.pattern === DIGITS_PATTERN && f.maxLength === 11),
        name,
      ).toHaveLength(1);
    }
  });
});

describe('hostile input (issue 12)', () => {
  const emailFields = () =>
    formNames.flatMap((name) => fieldsWith(form(name).schema, (f) => f.pattern === EMAIL_PATTERN).map((field) => [name, field] as const));
  const textFields = () =>
    formNames.flatMap((name) =>
      Object.entries(form(name).schema.properties as Json)
        .filter(([, f]) => 'x-text' in f)
        .map(([field, f]) => [name, field, f as Json] as const),
    );

  it('every form with an e-mail uses the linear pattern, none the old one', () => {
    expect(emailFields().length).toBeGreaterThanOrEqual(12);
    for (const name of formNames) expect(JSON.stringify(form(name).schema), name).not.toContain('^[^\\\\s@]+@[^\\\\s@]+\\\\.[^\\\\s@]+$');
  });

  it('rejects the old attack (a@ + 100,000 dots + @) in well under 50 ms per validation', () => {
    const attack = `a@${'.'.repeat(100_000)}@`;
    for (const [name, field] of emailFields()) {
      const c = form(name);
      const data = withValue(c.schema, field, attack);
      const started = performance.now();
      const ok = c.validate(data);
      const elapsed = performance.now() - started;
      expect(ok, `${name}.${field}`).toBe(false);
      // Generous bound for a loaded CI machine; the old pattern took 1.5 s on a third of this input.
      expect(elapsed, `${name}.${field}: ${elapsed.toFixed(1)} ms`).toBeLessThan(200);
      expect(fieldErrors(c.validate.errors)[field], name).toContain(emailMessage(name));
    }
  });

  it('accepts real addresses and refuses empty domain labels with the spec’s message', () => {
    for (const [name, field] of emailFields()) {
      const c = form(name);
      for (const good of ['juan.delacruz@example.com', 'a+b@mail.example.com.ph', 'o’neil@example.co']) {
        expect(errorsOf(c, withValue(c.schema, field, good)), `${name} ${good}`).toEqual({});
      }
      for (const bad of ['juan@example..com', 'juan@.example.com', 'juan@example.com.']) {
        expect(errorsOf(c, withValue(c.schema, field, bad)), `${name} ${bad}`).toEqual({ [field]: [emailMessage(name)] });
      }
    }
  });

  it('refuses control characters in every text field with the form’s message; textareas keep newlines and tabs', () => {
    expect(textFields().length).toBeGreaterThan(60);
    for (const [name, field, schema] of textFields()) {
      const c = form(name);
      const message = schema.errorMessage['x-text'] as string;
      expect(message, `${name}.${field}`).toBe('Must not contain control characters');
      for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
        const errors = errorsOf(c, withValue(c.schema, field, `ab${control}cd@example.com`));
        expect(errors[field], `${name}.${field} U+${control.charCodeAt(0).toString(16)}`).toContain(message);
      }
      const lines = withValue(c.schema, field, 'Line one\nLine\ttwo\r\n');
      if (schema['x-text'] === 'multi-line') expect(errorsOf(c, lines)[field], `${name}.${field}`).toBeUndefined();
      else expect(errorsOf(c, lines)[field], `${name}.${field}`).toContain(message);
    }
  });

  it('still accepts names with accents and long multi-line messages', () => {
    const contact = form('contact');
    const sample = {
      ...validSample(contact.schema),
      firstName: 'José Ñiño',
      lastName: 'Dela Cruz-Zoë',
      company: 'Café Ōsaka & Søn',
      message: `Kumusta!\n\n\tI would like a quote for 25 employees. 😀\n${'Salamat po. '.repeat(300)}`,
    };
    expect(errorsOf(contact, sample)).toEqual({});
  });

  it('bounds every text field with maxLength and the form’s message, counted in characters', () => {
    for (const name of formNames) {
      const c = form(name);
      for (const [field, schema] of Object.entries(c.schema.properties as Json)) {
        if (schema.type !== 'string' || typeof schema.maxLength !== 'number' || schema.pattern || schema.const) continue;
        const max = schema.maxLength as number;
        // Characters outside the BMP count once (Ajv counts code points), as server/forms/limits.ts assumes.
        expect(errorsOf(c, withValue(c.schema, field, '😀'.repeat(max)))[field], `${name}.${field}`).toBeUndefined();
        expect(errorsOf(c, withValue(c.schema, field, 'x'.repeat(max + 1)))[field], `${name}.${field}`).toEqual([
          schema.errorMessage.maxLength,
        ]);
      }
    }
  });
});

describe('x-maxDate (key assignment birthdate)', () => {
  const today = () => manilaToday(new Date());
  const message = () => form('key-assignment').schema.properties.birthdate.errorMessage['x-maxDate'] as string;

  it('refuses today and any later day in Asia/Manila, with the form’s message', () => {
    const c = form('key-assignment');
    expect(message()).toBe('Birthdate must not be later than yesterday');
    for (const day of [today(), addDays(today(), 1), '2999-12-31']) {
      expect(errorsOf(c, { ...validSample(c.schema), birthdate: day }), day).toEqual({ birthdate: [message()] });
    }
  });

  it('accepts yesterday and earlier', () => {
    const c = form('key-assignment');
    for (const day of [addDays(today(), -1), addDays(today(), -400), '1950-02-28']) {
      expect(errorsOf(c, { ...validSample(c.schema), birthdate: day }), day).toEqual({});
    }
  });

  it('leaves malformed dates to the format check', () => {
    const c = form('key-assignment');
    expect(errorsOf(c, { ...validSample(c.schema), birthdate: '31/12/2999' })).toEqual({ birthdate: ['Enter a valid date'] });
  });

  it('is the same keyword in the QA gate’s Ajv, which also rejects unknown values', () => {
    const ajv = createAjv();
    const yesterday = ajv.compile({ type: 'string', 'x-maxDate': 'yesterday' });
    expect(yesterday(today())).toBe(false);
    expect(yesterday(addDays(today(), -1))).toBe(true);
    const todayOk = ajv.compile({ type: 'string', 'x-maxDate': 'today' });
    expect(todayOk(today())).toBe(true);
    expect(todayOk(addDays(today(), 1))).toBe(false);
    expect(() => ajv.compile({ type: 'string', 'x-maxDate': 'tomorrow' })).toThrow(/x-maxDate/);
  });
});

describe('x-maxDate "today" in a precompiled module', () => {
  const dir = path.join(ROOT, 'node_modules/.cache/validators-test');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('allows today and refuses tomorrow', async () => {
    const schema = {
      type: 'object',
      properties: { day: { type: 'string', 'x-maxDate': 'today', errorMessage: { 'x-maxDate': 'Not in the future' } } },
    } as RJSFSchema;
    const { js, rootKey } = compileFormValidators(schema, 'test');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `today-${Date.now()}.mjs`);
    writeFileSync(file, js);
    const mod = (await import(pathToFileURL(file).href)) as { default: Record<string, ValidateFunction>; rootKey: string };
    expect(mod.rootKey).toBe(rootKey);
    const validate = mod.default[rootKey];
    const today = manilaToday(new Date());
    expect(validate({ day: today })).toBe(true);
    expect(validate({ day: addDays(today, 1) })).toBe(false);
    expect(fieldErrors(validate.errors)).toEqual({ day: ['Not in the future'] });
  });
});

describe('generated modules', () => {
  const files = () => readdirSync(VALIDATORS_DIR).filter((f) => f.endsWith('.js'));

  it('exist for every form, with a .d.ts and an entry in index.ts', () => {
    expect(
      files()
        .map((f) => path.basename(f, '.js'))
        .sort(),
    ).toEqual(formNames);
    const index = readFileSync(path.join(VALIDATORS_DIR, 'index.ts'), 'utf8');
    for (const name of formNames) {
      expect(index).toContain(`${JSON.stringify(name)}: () => import("./${name}.js"),`);
      const dts = readFileSync(path.join(VALIDATORS_DIR, `${name}.d.ts`), 'utf8');
      expect(dts).toContain('export default validators;');
      expect(dts).toContain(`export declare const rootKey: ${JSON.stringify(form(name).rootKey)};`);
    }
  });

  it('import only Ajv’s runtime helpers: no compiler, no require, no code built from strings', () => {
    for (const file of files()) {
      const code = readFileSync(path.join(VALIDATORS_DIR, file), 'utf8');
      for (const banned of ['new Function', 'require(', 'ajv/dist/core', 'ajv/dist/compile', 'eval(']) {
        expect(code, `${file}: ${banned}`).not.toContain(banned);
      }
      expect(code).not.toMatch(/^\s*(module\.)?exports\b/m);
      const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
      for (const specifier of imports) expect(specifier).toMatch(/^(ajv\/dist\/runtime\/[a-z0-9_]+|ajv-formats\/dist\/formats)\.js$/i);
      expect(code).toMatch(/^export const rootKey = "[^"]+";$/m);
      expect(code).toMatch(/^export default \{$/m);
    }
  });
});

describe('toEsModule', () => {
  it('turns every export into an entry of the default export, whatever its name', () => {
    const cjs = [
      '"use strict";',
      'exports["1a2b"] = validate10;',
      'exports.other = validate11;',
      'const func1 = require("ajv/dist/runtime/equal").default;',
      'const f = require("ajv-formats/dist/formats").fullFormats.date;',
      'function validate10(data){return func1(data, f);}',
      'function validate11(data){return true;}',
    ].join('\n');
    const { code, keys } = toEsModule(cjs);
    expect(keys).toEqual(['1a2b', 'other']);
    expect(code).toContain('import * as __module0 from "ajv/dist/runtime/equal.js";');
    expect(code).toContain('import * as __module1 from "ajv-formats/dist/formats.js";');
    expect(code).toContain('const func1 = __cjs(__module0).default;');
    expect(code).toContain('export default {\n  "1a2b": validate10,\n  "other": validate11,\n};');
    expect(code).not.toContain('use strict');
  });

  it("takes the helpers from the runtime chunk's map for a validator the server compiles", () => {
    const cjs = [
      'exports.v = validate10;',
      'const func1 = require("ajv/dist/runtime/equal").default;',
      'function validate10(d){return func1(d, d);}',
    ];
    const { code } = toEsModule(cjs.join('\n'), [], { runtime: '/assets/validator-runtime-x.js' });
    expect(code).toContain('import { modules as __runtime } from "/assets/validator-runtime-x.js";');
    expect(code).toContain('const __module0 = __runtime["ajv/dist/runtime/equal"];');
    expect(code).not.toMatch(/from "ajv/);
  });

  it('refuses anything but a runtime helper, and code that needs eval', () => {
    expect(() => toEsModule('exports.a = v;\nconst x = require("ajv/dist/compile/codegen");')).toThrow(/not a runtime helper/);
    expect(() => toEsModule('exports.a = v;\nconst x = new Function("return 1");')).toThrow(/CSP/);
    expect(() => toEsModule('module.exports = v;')).toThrow(/unexpected export/);
  });
});
