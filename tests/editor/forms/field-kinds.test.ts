import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { produce } from 'immer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../../scripts/lib/scratch-copy';
import { validateProject } from '../../../scripts/lib/validate-project';
import { FIELD_KIND_LABELS, FORM_FIELD_KINDS, newField } from '../../../editor/src/forms/field-kinds';
import { addField, moveField, removeField, setRequired } from '../../../editor/src/forms/field-ops';
import { setMaxLength, setOptions, setTitle } from '../../../editor/src/forms/field-settings-ops';
import { readForm } from '../../../editor/src/forms/form-read';
import type { FormContext, FormFile, FormRecipe } from '../../../editor/src/forms/types';

/**
 * Every kind of field the editor adds passes the gate (`npm run validate`'s validateProject) as it
 * is, required or not, in a form that states default messages and in one that does not, and in a
 * form built from a fragment (billing-merchant.json: `"schema": { "$ref": ... }`).
 */

const REPO = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
let root: string;

const CONTACT = 'forms/contact.json';
const MERCHANT = 'forms/billing-merchant.json';

function readJson(file: string): FormFile {
  return JSON.parse(readFileSync(path.join(REPO, file), 'utf8')) as FormFile;
}

const fragments: Record<string, unknown> = Object.fromEntries(
  readdirSync(path.join(REPO, 'forms/fragments'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [`forms/fragments/${name}`, readJson(`forms/fragments/${name}`)]),
);

const original = { contact: readJson(CONTACT), merchant: readJson(MERCHANT) };

/** Writes the changed form into the scratch project and returns the gate's problems of that file. */
function check(file: string, value: FormFile): string[] {
  writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  return validateProject(root)
    .filter((d) => d.file === file)
    .map((d) => `${d.pointer} ${d.message}`);
}

function edit(value: FormFile, ...steps: FormRecipe[]): FormFile {
  return steps.reduce((form, step) => produce(form, step), value);
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'form-editor-kinds-'));
  copyProject(REPO, root);
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('new fields pass the gate', () => {
  const ctx: FormContext = { file: CONTACT, fragments };

  it('the scratch copy of contact.json passes as it is', () => {
    expect(check(CONTACT, original.contact)).toEqual([]);
  }, 60_000);

  it('(control) a bare text field does not pass: the check sees the form', () => {
    const bare = edit(original.contact, (draft) => {
      draft.schema.properties.bare = { type: 'string', title: 'Bare' };
      draft.uiSchema['ui:order'].push('bare');
    });
    expect(check(CONTACT, bare).sort()).toEqual([
      expect.stringContaining('/schema/properties/bare text field accepts control characters'),
      expect.stringContaining('/schema/properties/bare text field has no maxLength'),
    ]);
  }, 60_000);

  for (const kind of FORM_FIELD_KINDS) {
    it(`a ${FIELD_KIND_LABELS[kind]} field, optional and required`, () => {
      let name = '';
      const added = edit(original.contact, (draft) => {
        name = addField(draft, kind, `Added ${FIELD_KIND_LABELS[kind]}`, ctx);
      });
      expect(added.schema.properties[name]).toBeDefined();
      expect(added.uiSchema['ui:order']).toContain(name);
      expect(check(CONTACT, added)).toEqual([]);
      const required = edit(added, (draft) => setRequired(draft, name, true, ctx));
      expect(required.schema.required).toContain(name);
      expect(check(CONTACT, required)).toEqual([]);
    }, 60_000);
  }

  it('every kind at once in a form without default messages, required, then removed again', () => {
    const { messages: _messages, ...bare } = original.contact;
    // Without `messages`, each required field states its own message.
    const withMessages = edit(bare, (draft) => {
      draft.schema.errorMessage = { required: Object.fromEntries(draft.schema.required.map((n: string) => [n, 'Required'])) };
    });
    const names: string[] = [];
    const all = edit(
      withMessages,
      ...FORM_FIELD_KINDS.map(
        (kind): FormRecipe =>
          (draft) =>
            void names.push(addField(draft, kind, 'Company size', ctx)),
      ),
    );
    expect(names).toEqual(['companySize', ...FORM_FIELD_KINDS.slice(1).map((_, i) => `companySize${i + 2}`)]);
    const required = edit(
      all,
      ...names.map(
        (name): FormRecipe =>
          (draft) =>
            setRequired(draft, name, true, ctx),
      ),
    );
    expect(required.schema.errorMessage.required.companySize).toBe('This field is required');
    expect(check(CONTACT, required)).toEqual([]);
    const removed = edit(
      required,
      ...names.map(
        (name): FormRecipe =>
          (draft) =>
            removeField(draft, name, ctx),
      ),
    );
    // What stays: the form now sends multipart (it had a file field), as apply-now.json does.
    expect(removed).toEqual({ ...withMessages, flow: { ...withMessages.flow, submitMode: 'multipart' } });
  }, 60_000);

  it('edits of labels, options, lengths and order', () => {
    const edited = edit(
      original.contact,
      (draft) => setTitle(draft, 'email', 'Work e-mail', ctx),
      (draft) => setOptions(draft, 'title', ['Dr.', 'Mrs.', 'Mr.'], ctx),
      (draft) => setMaxLength(draft, 'company', 120, ctx),
      (draft) => moveField(draft, 'message', 'title', ctx),
      (draft) => setRequired(draft, 'company', false, ctx),
    );
    expect(edited.schema.properties.email).toEqual({ $ref: 'fragments/email.json#/email', title: 'Work e-mail' });
    expect(edited.schema.properties.company.errorMessage.maxLength).toBe('Must be at most 120 characters');
    expect(edited.uiSchema['ui:order'][0]).toBe('message');
    expect(check(CONTACT, edited)).toEqual([]);
  }, 60_000);
});

describe('a form built from a fragment (billing-merchant.json)', () => {
  const ctx: FormContext = { file: MERCHANT, fragments };

  it('takes new fields, a removed fragment field and a new order as keys beside its $refs', () => {
    const names: string[] = [];
    const edited = edit(
      original.merchant,
      ...FORM_FIELD_KINDS.map(
        (kind): FormRecipe =>
          (draft) =>
            void names.push(addField(draft, kind, `Extra ${kind}`, ctx)),
      ),
      (draft) => setRequired(draft, names[0], true, ctx),
      (draft) => removeField(draft, 'middle_name', ctx),
      (draft) => removeField(draft, 'confirm_email', ctx),
      (draft) => moveField(draft, 'email', 'country', ctx),
    );
    expect(edited.schema.$ref).toBe('fragments/billing-core.json#/schema');
    expect(edited.uiSchema.$ref).toBe('fragments/billing-core.json#/uiSchema');
    expect(edited.schema.properties.middle_name).toBeNull();
    expect(edited.uiSchema.middle_name).toBeNull();
    const view = readForm(edited, ctx);
    expect(view.fields.map((f) => f.name)).not.toContain('middle_name');
    expect(view.fields[0].name).toBe('email');
    expect(view.fields.slice(-names.length).map((f) => f.name)).toEqual(names);
    expect(view.fields.find((f) => f.name === names[0])?.required).toBe(true);
    expect(check(MERCHANT, edited)).toEqual([]);
  }, 60_000);
});

describe('newField', () => {
  it('gives each kind a schema, a uiSchema and the fragment $ref for e-mail and phone when the project has it', () => {
    for (const kind of FORM_FIELD_KINDS) {
      const field = newField(kind, 'companySize');
      expect(field.schema.title).toBe('Company size');
      expect(field.uiSchema).toBeTypeOf('object');
    }
    expect(newField('email', 'email', { fragments, file: CONTACT }).schema).toEqual({ $ref: 'fragments/email.json#/email' });
    expect(newField('phone', 'phone', { fragments, file: CONTACT, label: 'Mobile' }).schema).toEqual({
      $ref: 'fragments/phone.json#/mobile',
      title: 'Mobile',
    });
    expect(newField('email', 'email').schema).toMatchObject({ format: 'email', maxLength: 254 });
  });
});
