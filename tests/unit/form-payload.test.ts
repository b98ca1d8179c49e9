import { afterEach, describe, expect, it, vi } from 'vitest';
import billing from '../../src/generated/form-files/billing.json';
import billingMerchant from '../../src/generated/form-files/billing-merchant.json';
import billingPromo from '../../src/generated/form-files/billing-promo.json';
import billingReseller from '../../src/generated/form-files/billing-reseller.json';
import contact from '../../src/generated/form-files/contact.json';
import keyAssignment from '../../src/generated/form-files/key-assignment.json';
import registration from '../../src/generated/form-files/registration.json';
import type { FormFile } from '../../src/generated/forms';
import { payloadOf, sendToTarget } from '../../src/forms/transport';
import { stubApi } from './api-stub';

afterEach(() => vi.unstubAllGlobals());

/** The JSON body of the fetch call `index`. */
const bodyOf = (fetchMock: ReturnType<typeof stubApi>, index = 0) =>
  JSON.parse(String(((fetchMock.mock.calls[index] as unknown[])[1] as RequestInit).body)) as Record<string, unknown>;
const urlOf = (fetchMock: ReturnType<typeof stubApi>, index = 0) => String(fetchMock.mock.calls[index][0]);

/** Some of what a buyer's billing form holds in the browser, its confirmations included. */
const TYPED_BILLING = { first_name: 'Maria', email: 'maria@example.com', confirm_email: 'maria@example.com', sex: 'female', agree: true };

describe('payloads: the fields sent, without the client-only confirmations', () => {
  it.each([
    ['billing', billing],
    ['billing-promo', billingPromo],
    ['billing-merchant', billingMerchant],
    ['billing-reseller', billingReseller],
  ])('%s: the confirm e-mail and the agreement are client-only, left out of what is sent', (_name, form) => {
    expect((form as FormFile).clientOnly).toEqual(['confirm_email', 'agree']);
    const sent = payloadOf(form as FormFile, TYPED_BILLING);
    expect(sent).not.toHaveProperty('confirm_email');
    expect(sent).not.toHaveProperty('agree');
    const { confirm_email: _c, agree: _a, ...rest } = TYPED_BILLING;
    expect(sent).toEqual(rest);
  });

  it('registration keeps its confirmations in the browser as well', () => {
    expect(payloadOf(registration as FormFile, { email: 'a@example.com', password: 'x', confirmPassword: 'x', terms: true })).toEqual({
      email: 'a@example.com',
      password: 'x',
    });
  });

  it('a form without client-only fields sends all of them', () => {
    const data = { firstName: 'Ana', email: 'ana@example.com' };
    expect(payloadOf(contact as FormFile, data)).toEqual(data);
  });

  it('the single key assignment posts the fields alone: no key, no data', async () => {
    const fetchMock = stubApi({ 'key-assignments': { body: { data: { status: 'used' } } } });
    const fields = {
      first_name: 'Maria',
      last_name: 'Santos',
      birthdate: '1990-05-01',
      email: 'maria@example.com',
      phone_number: '09171234567',
      access_key: 'BD-7KQ2-M4XA-P9TW',
      activation_code: '48201736',
      gender: 'female',
    };
    expect(await sendToTarget(keyAssignment as FormFile, fields, new Map())).toEqual({ data: { status: 'used' } });
    expect(urlOf(fetchMock)).toMatch(/\/api\/v1\/key-assignments$/);
    expect(bodyOf(fetchMock)).toEqual(fields);
  });

  it("a form-emails form still sends the spec's form submission: key, data (JSON text) and the fields", async () => {
    const fetchMock = stubApi({ 'form-emails/contact-us': { body: { data: { id: 1 } } } });
    const fields = { firstName: 'Ana', email: 'ana@example.com' };
    await sendToTarget(contact as FormFile, fields, new Map());
    expect(bodyOf(fetchMock)).toEqual({ key: 'contact-us', data: JSON.stringify(fields), ...fields });
  });
});
