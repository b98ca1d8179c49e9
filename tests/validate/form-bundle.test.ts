import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForm, originOf } from '../../domain/form-bundle';
import { readJson } from '../../scripts/lib/json-file';
import { bundleForm as editorBundle } from '../../editor/src/forms/bundle';
import { REPO } from './helpers';

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder holding the given files (path -> JSON value), and the bundle of forms/form.json in it. */
function bundle(files: Record<string, unknown>) {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  dirs.push(root);
  for (const [file, value] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  }
  return bundleForm('forms/form.json', (file) => readJson(root, file));
}

const NAME = { type: 'string', title: 'Name', minLength: 1, maxLength: 100, errorMessage: { maxLength: 'At most 100' } };

describe('bundleForm: $ref across files', () => {
  it('replaces a $ref by the value it names (a file, a pointer into it), relative to the file that holds it, in any part of the form', () => {
    const result = bundle({
      'forms/form.json': {
        key: 'f',
        schema: { type: 'object', properties: { name: { $ref: 'fragments/person.json#/name' }, self: { $ref: '#/definitions/x' } } },
        uiSchema: { $ref: 'fragments/ui.json' },
      },
      'forms/fragments/person.json': { name: { $ref: 'base.json#/text', title: 'Name' } },
      'forms/fragments/base.json': { text: { type: 'string', title: 'Text', maxLength: 10 } },
      'forms/fragments/ui.json': { 'ui:order': ['name', 'self'] },
    });
    expect(result.issues).toEqual([]);
    expect(result.data).toEqual({
      key: 'f',
      schema: { type: 'object', properties: { name: { type: 'string', title: 'Name', maxLength: 10 }, self: { $ref: '#/definitions/x' } } },
      uiSchema: { 'ui:order': ['name', 'self'] },
    });
    expect(result.fragments).toEqual(['forms/fragments/base.json', 'forms/fragments/person.json', 'forms/fragments/ui.json']);
    // Each value is traced to where it was written: maxLength to base.json, the overriding title to person.json.
    expect(originOf(result, '/schema/properties/name/maxLength')).toEqual({
      file: 'forms/fragments/base.json',
      pointer: '/text/maxLength',
    });
    expect(originOf(result, '/schema/properties/name/title')).toEqual({ file: 'forms/fragments/person.json', pointer: '/name/title' });
    expect(originOf(result, '/uiSchema/ui:order/1')).toEqual({ file: 'forms/fragments/ui.json', pointer: '/ui:order/1' });
    expect(originOf(result, '/key')).toEqual({ file: 'forms/form.json', pointer: '/key' });
  });

  it('merges the keys beside a $ref as a JSON Merge Patch: objects key by key, null removes, a $ref object replaces', () => {
    const result = bundle({
      'forms/form.json': {
        schema: {
          $ref: 'fragments/core.json#/schema',
          properties: {
            zip: null,
            phone: { $ref: 'fragments/core.json#/long' },
            source: { enum: null, maxLength: 200, errorMessage: { enum: null, maxLength: 'Too long' } },
          },
        },
        flow: { $ref: 'fragments/core.json#/flow', target: 'b' },
      },
      'forms/fragments/core.json': {
        schema: {
          type: 'object',
          properties: {
            zip: { type: 'string' },
            phone: { type: 'string', pattern: '^[0-9]*$', maxLength: 11 },
            source: { type: 'string', enum: ['a'], errorMessage: { enum: 'Pick one' } },
          },
        },
        long: { type: 'string', maxLength: 30 },
        flow: { submitLabel: 'Go', target: 'a' },
      },
    });
    expect(result.issues).toEqual([]);
    expect(result.data).toEqual({
      schema: {
        type: 'object',
        properties: {
          phone: { type: 'string', maxLength: 30 },
          source: { type: 'string', maxLength: 200, errorMessage: { maxLength: 'Too long' } },
        },
      },
      flow: { submitLabel: 'Go', target: 'b' },
    });
    // A replaced key keeps its place.
    expect(Object.keys((result.data as { schema: { properties: object } }).schema.properties)).toEqual(['phone', 'source']);
    expect(originOf(result, '/schema/properties/phone/maxLength')).toEqual({
      file: 'forms/fragments/core.json',
      pointer: '/long/maxLength',
    });
    expect(originOf(result, '/flow/target')).toEqual({ file: 'forms/form.json', pointer: '/flow/target' });
  });

  it('reports a missing file or pointer, a cycle, a file outside forms/ and an override of a non-object, at the $ref', () => {
    const result = bundle({
      'forms/form.json': {
        a: { $ref: 'fragments/none.json' },
        b: { $ref: 'fragments/x.json#/nothing' },
        c: { $ref: 'fragments/x.json#/loop' },
        d: { $ref: '../schemas/form.schema.json' },
        e: { $ref: 'fragments/x.json#/text', title: 'T' },
      },
      'forms/fragments/x.json': { loop: { $ref: '#/loop' }, text: 'plain', again: { $ref: 'x.json#/again' } },
    });
    expect(result.issues.map((i) => `${i.file} ${i.pointer} ${i.message}`)).toEqual([
      "forms/form.json /a/$ref cannot resolve $ref 'fragments/none.json': no file forms/fragments/none.json",
      "forms/form.json /b/$ref cannot resolve $ref 'fragments/x.json#/nothing': forms/fragments/x.json has nothing at '/nothing'",
      "forms/form.json /d/$ref $ref '../schemas/form.schema.json' must name a JSON file inside forms/",
      "forms/form.json /e/$ref $ref 'fragments/x.json#/text' gives no object, so the keys beside it cannot override anything",
    ]);
    // '#/loop' inside a fragment is a schema's own reference: left as it is.
    expect((result.data as { c: unknown }).c).toEqual({ $ref: '#/loop' });
    const cycle = bundle({
      'forms/form.json': { a: { $ref: 'fragments/x.json#/again' } },
      'forms/fragments/x.json': { again: { $ref: 'x.json#/again' } },
    });
    expect(cycle.issues.map((i) => `${i.file} ${i.pointer} ${i.message}`)).toEqual([
      "forms/fragments/x.json /again/$ref $ref 'x.json#/again' refers to itself (forms/form.json# -> forms/fragments/x.json#/again -> forms/fragments/x.json#/again)",
    ]);
  });
});

describe('bundleForm: default messages', () => {
  it("fills the form's default required message where a field states none, keeps the ones stated, and drops `messages`", () => {
    const result = bundle({
      'forms/form.json': {
        key: 'f',
        messages: { $ref: 'fragments/messages.json' },
        schema: {
          type: 'object',
          properties: {
            name: NAME,
            nick: { ...NAME, errorMessage: { minLength: 'Give a nick', maxLength: 'At most 100' } },
            agree: { type: 'boolean' },
            address: { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] },
          },
          required: ['name', 'nick', 'agree'],
          additionalProperties: false,
          errorMessage: { required: { agree: 'You must agree' } },
        },
      },
      'forms/fragments/messages.json': { required: 'This field is required' },
    });
    const required = 'This field is required';
    expect(result.data).toEqual({
      key: 'f',
      schema: {
        type: 'object',
        properties: {
          name: { ...NAME, errorMessage: { minLength: required, maxLength: 'At most 100' } },
          nick: { ...NAME, errorMessage: { minLength: 'Give a nick', maxLength: 'At most 100' } },
          agree: { type: 'boolean' },
          address: {
            type: 'object',
            properties: { city: { type: 'string', minLength: 1, errorMessage: { minLength: required } } },
            required: ['city'],
            errorMessage: { required: { city: required } },
          },
        },
        required: ['name', 'nick', 'agree'],
        additionalProperties: false,
        errorMessage: { required: { name: required, nick: required, agree: 'You must agree' } },
      },
    });
    // The message comes first, as an editor writes it; its origin is the fragment that states it.
    const data = result.data as { schema: { properties: { name: { errorMessage: object } } } };
    expect(Object.keys(data.schema.properties.name.errorMessage)).toEqual(['minLength', 'maxLength']);
    expect(originOf(result, '/schema/errorMessage/required/name')).toEqual({ file: 'forms/fragments/messages.json', pointer: '/required' });
    expect(originOf(result, '/schema/errorMessage/required/agree')).toEqual({
      file: 'forms/form.json',
      pointer: '/schema/errorMessage/required/agree',
    });
  });

  it('reports `messages` without a required text, or with an unknown one, where they are written', () => {
    const typo = bundle({ 'forms/form.json': { messages: { requird: 'Required' }, schema: { type: 'object' } } });
    expect(typo.issues).toEqual([
      { file: 'forms/form.json', pointer: '/messages', message: 'messages: unknown message \'requird\' (give { "required": "<text>" })' },
    ]);
    const none = bundle({ 'forms/form.json': { messages: { $ref: 'fragments/m.json' } }, 'forms/fragments/m.json': { required: 3 } });
    expect(none.issues.map((i) => `${i.file} ${i.pointer} ${i.message}`)).toEqual([
      'forms/fragments/m.json /required messages: no `required` message (give { "required": "<text>" })',
    ]);
  });

  it('leaves a form without `messages` as it is', () => {
    const form = { key: 'f', schema: { type: 'object', properties: { name: NAME }, required: ['name'] } };
    expect(bundle({ 'forms/form.json': form }).data).toEqual(form);
  });
});

describe('the forms of this project', () => {
  const bundled = (name: string) => bundleForm(`forms/${name}.json`, (file) => readJson(REPO, file));

  it('bundle without problems', () => {
    for (const name of ['billing', 'billing-promo', 'billing-merchant', 'billing-reseller', 'contact', 'promo-code', 'member-card']) {
      expect(bundled(name).issues, name).toEqual([]);
    }
  });

  it("billing-promo is billing with 'zip' named 'zip_code', another key and another target (issue 16)", () => {
    const billing = JSON.stringify(bundled('billing').data)
      .replaceAll('"zip"', '"zip_code"')
      .replace('"key":"billing"', '"key":"billing-promo"')
      .replace('"target":"billing-informations"', '"target":"promotion-billing-informations"');
    expect(bundled('billing-promo').data).toEqual(JSON.parse(billing));
  });

  it("states 'This field is required' once, in forms/fragments/messages.json, and still gives every field its message", () => {
    const promo = bundled('promo-code').data as { schema: { errorMessage: { required: Record<string, string> } } };
    expect(promo.schema.errorMessage.required).toEqual({ code: 'This field is required.' });
    const contact = bundled('contact').data as { schema: { errorMessage: { required: Record<string, string> } } };
    expect(Object.values(contact.schema.errorMessage.required)).toEqual(Array(5).fill('This field is required'));
  });
});

describe('one bundler', () => {
  /** Forms of this project and the fragments they use, as the editor API hands them to the browser. */
  const fragments = Object.fromEntries(
    readdirSync(path.join(REPO, 'forms/fragments')).map((name) => [
      `forms/fragments/${name}`,
      JSON.parse(readFileSync(path.join(REPO, 'forms/fragments', name), 'utf8')),
    ]),
  );

  it("is the editor's too: the editor bundles each form of the project as npm run generate does", () => {
    for (const name of ['billing', 'billing-promo', 'contact', 'promo-code', 'member-card']) {
      const file = `forms/${name}.json`;
      const value = JSON.parse(readFileSync(path.join(REPO, file), 'utf8'));
      const inEditor = editorBundle(value, { file, fragments }, { expand: true });
      expect(inEditor.issues, name).toEqual([]);
      expect(inEditor.data, name).toEqual(bundleForm(file, (f) => readJson(REPO, f)).data);
    }
  });

  it("has no copy: no other module of the site, the server, the scripts or the editor splits a file $ref at its '#'", () => {
    const SPLITS_A_REF = /(?:indexOf|split)\(\s*'#'\s*\)/;
    /**
     * Files that split a `$ref` for another purpose: the editor's server inlines the content resource
     * schemas of schemas/ (plain JSON Schema refs, no overrides), and the type generator re-roots refs.
     */
    const OTHER_PURPOSE = new Set([
      'scripts/lib/editor/content-catalogue.ts',
      'scripts/lib/generate/compile-types.ts',
      'domain/json-pointer.ts',
    ]);
    const files = (dir: string): string[] =>
      readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return entry.name === 'generated' ? [] : files(file);
        return /\.tsx?$/.test(entry.name) ? [file] : [];
      });
    const copies = ['src', 'server', 'scripts', 'editor', 'domain']
      .flatMap(files)
      .filter((file) => file !== 'domain/form-bundle.ts' && !OTHER_PURPOSE.has(file))
      .filter((file) => {
        const code = readFileSync(path.join(REPO, file), 'utf8');
        return code.includes('$ref') && SPLITS_A_REF.test(code);
      });
    expect(copies).toEqual([]);
    expect(SPLITS_A_REF.test(readFileSync(path.join(REPO, 'domain/form-bundle.ts'), 'utf8'))).toBe(true);
  });
});
