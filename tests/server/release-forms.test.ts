import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_HELPERS } from '../../scripts/lib/generate/validators';
import { MAX_FORM_TEXT } from '../../server/forms/release-form-compile';
import { createReleaseForms, formChangesNeedingDeploy, NO_CHANGES } from '../../server/forms/release-forms';
import { loadSubmittableForms } from '../../server/forms/registry';
import { modules } from '../../src/forms/validator-runtime';
import { PRODUCT, submission, VALID_SUBMISSIONS } from './helpers';

/**
 * A content release's forms (server/forms/release-forms.ts) without a built site: which changes need
 * a deploy, what is refused, and that a changed form checks submissions with the release's messages.
 */

const ROOT = resolve(__dirname, '../..');
const CONTACT = readFileSync(join(ROOT, 'forms/contact.json'), 'utf8');
const MESSAGE = 'Please give an e-mail address like name@example.com';

function contactWith(change: (form: Record<string, any>) => void): string {
  const form = JSON.parse(CONTACT) as Record<string, any>;
  change(form);
  return JSON.stringify(form, null, 2);
}
const newMessage = contactWith((form) => {
  form.schema.properties.email = { $ref: 'fragments/email.json#/email', errorMessage: { pattern: MESSAGE } };
});

const warnings: object[] = [];
const log = { warn: (details: object) => void warnings.push(details) };

describe('formChangesNeedingDeploy', () => {
  it("names an added form and a changed target, and not a changed message or the project's own", () => {
    const added = contactWith((form) => void (form.key = 'new-one'));
    const moved = contactWith((form) => void (form.flow = { ...form.flow, target: 'form-emails/elsewhere' }));
    expect(
      formChangesNeedingDeploy({ 'forms/contact.json': newMessage, 'forms/fragments/email.json': '{}', 'pages.config.json': '{}' }),
    ).toEqual([]);
    expect(formChangesNeedingDeploy({ 'forms/brand-new.json': added, 'forms/contact.json': moved })).toEqual([
      { form: 'brand-new', reason: 'added' },
      { form: 'contact', reason: 'target' },
    ]);
  });
});

describe('createReleaseForms', () => {
  const forms = createReleaseForms({ product: PRODUCT, log });

  it('changes nothing for a release of the project’s own forms', async () => {
    expect(await forms.prepare({ 'forms/contact.json': CONTACT })).toBe(NO_CHANGES);
  });

  it("checks a submission with the release's message, under the built route's key", async () => {
    const built = (await loadSubmittableForms()).get('contact-us')!;
    const set = await forms.prepare({ 'forms/contact.json': newMessage });
    const form = set.submittable(built)!;
    expect(form.key).toBe('contact-us');
    expect(form.mail).toEqual(built.mail);
    const data = JSON.parse(submission('contact-us', { ...VALID_SUBMISSIONS['contact-us'], email: 'nope' }).data) as unknown;
    expect(form.validate(data)).toBe(false);
    expect(form.validate.errors?.map((error) => error.message)).toContain(MESSAGE);
    // Without a built site there is no browser module to name.
    expect(set.render).toBeUndefined();
    expect(set.submittable((await loadSubmittableForms()).get('quote')!)).toBeUndefined();
  });

  it("refuses a form file that is too large, not JSON, not bundled or sent elsewhere, and keeps the build's", async () => {
    warnings.length = 0;
    const huge = contactWith((form) => void (form.flow.success.message = 'x'.repeat(MAX_FORM_TEXT)));
    const unbundled = contactWith((form) => void (form.schema.properties.email = { $ref: 'fragments/none.json#/x' }));
    const moved = contactWith((form) => void (form.flow.target = 'form-emails/elsewhere'));
    for (const text of [huge, '{ not json', unbundled, moved]) {
      expect(await forms.prepare({ 'forms/contact.json': text })).toBe(NO_CHANGES);
    }
    expect(warnings.map((warning) => (warning as { reason: string }).reason)).toEqual(['too-large', 'unreadable', 'unbundled', 'target']);
  });
});

it('the runtime chunk re-exports every helper a precompiled validator may import', () => {
  expect(Object.keys(modules).sort()).toEqual([...RUNTIME_HELPERS].sort());
});
