import { describe, expect, it } from 'vitest';
import { MAX_FORM_DATA } from '../../server/studio/form-check-routes';
import { FROM_STUDIO, studioCaller, useStudio } from './helpers';

/** POST /api/studio/editor/forms/check: the studio's form preview, checked on the server with the form's own messages. */

const CONTACT = 'forms/contact.json';

describe("the studio's form check", () => {
  const studio = useStudio();
  const call = studioCaller(() => studio.started.studio, '/api/studio/editor');

  it('refuses no session (401), no Content right (403), no CSRF header (403), a path not a form (400), too much (413)', async () => {
    const editor = await studio.signIn(await studio.account('forms@content.example', ['editor']));
    const staff = await studio.signIn(await studio.account('forms-staff@content.example', ['staff']));
    const body = { file: CONTACT, formData: {} };
    expect((await call(undefined, 'POST', '/forms/check', body)).status).toBe(401);
    expect((await call(staff, 'POST', '/forms/check', body)).status).toBe(403);
    expect((await call(editor, 'POST', '/forms/check', body, { origin: FROM_STUDIO.origin })).status).toBe(403);
    for (const file of ['forms/fragments/email.json', 'content/shop-plans.json', 'forms/../package.json']) {
      const refused = await call(editor, 'POST', '/forms/check', { file, formData: {} });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`'${file}' is not a form`);
    }
    const long = { file: CONTACT, formData: { message: 'x'.repeat(MAX_FORM_DATA) } };
    expect((await call(editor, 'POST', '/forms/check', long)).status).toBe(413);
    const huge = { file: CONTACT, formData: {}, value: { padding: 'x'.repeat(400 * 1024) } };
    expect((await call(editor, 'POST', '/forms/check', huge)).status).toBe(413);
  });

  it("answers the draft's errors per field, and an unsaved form's own message", async () => {
    const editor = await studio.signIn(await studio.account('forms2@content.example', ['editor']));
    const project = (await call(editor, 'GET', '/project')).body as { files: Record<string, { value: Record<string, unknown> }> };
    const bad = { firstName: 'Ana', lastName: 'Cruz', email: 'not-an-address', phoneNumber: '09171234567', company: 'Acme' };
    const saved = await call(editor, 'POST', '/forms/check', { file: CONTACT, formData: bad });
    expect(saved).toMatchObject({ status: 200, body: { errors: { email: ['Email must be valid'] } } });

    const value = structuredClone(project.files[CONTACT].value) as { schema: { properties: Record<string, unknown> } };
    value.schema.properties.email = {
      type: 'string',
      pattern: '^[^@\\s]+@[^@\\s]+$',
      errorMessage: { pattern: 'Type the address you read mail at' },
    };
    const unsaved = await call(editor, 'POST', '/forms/check', { file: CONTACT, formData: bad, value });
    expect(unsaved).toMatchObject({ status: 200, body: { errors: { email: ['Type the address you read mail at'] } } });
    const good = await call(editor, 'POST', '/forms/check', { file: CONTACT, formData: { ...bad, email: 'ana@example.com' }, value });
    expect(good).toMatchObject({ status: 200, body: { errors: {} } });

    // A pattern that backtracks without end is refused before any code is made from it.
    value.schema.properties.email = { type: 'string', pattern: '^(a+)+$', errorMessage: { pattern: 'Only a' } };
    const slow = await call(editor, 'POST', '/forms/check', { file: CONTACT, formData: { ...bad, email: `${'a'.repeat(40)}!` }, value });
    expect(slow).toMatchObject({ status: 422, body: { reason: 'pattern' } });
  });
});
