/**
 * Request bodies the server accepts, shared by the server tests (helpers.ts re-exports them) and the
 * tests of several instances (tests/scale), which run outside Vitest. The standard billing is the
 * benchmarks' (scripts/lib/bench-inputs.ts) without what only the browser checks.
 */

import { STANDARD_BILLING } from '../../scripts/lib/bench-inputs';

const { confirm_email: _confirm, agree: _agree, products: _products, ...billingFields } = STANDARD_BILLING;

/**
 * A standard-checkout billing as the site sends it: the fields of forms/billing.json
 * without its client-only confirmations (confirm_email, agree), which the browser checks.
 */
export const BILLING_FORM: Readonly<Record<string, unknown>> = billingFields;

/** A valid submission of each form-emails form. */
export const VALID_SUBMISSIONS: Record<string, Record<string, unknown>> = {
  'contact-us': {
    title: 'Ms.',
    firstName: 'Maria',
    lastName: 'Santos',
    email: 'maria@example.com',
    phoneNumber: '09171234567',
    company: 'Acme',
    message: 'Hello',
  },
  quote: {
    name: 'Maria Santos',
    designation: 'HR head',
    email: 'maria@example.com',
    contactNumber: '09171234567',
    companyName: 'Acme',
    natureOfBusiness: 'Retail',
    totalEmployees: '11-50',
    annualBudget: 'Below 20,000',
    hmoProvider: 'No',
    requirements: 'Telemedicine for 40 staff',
  },
  partner: {
    name: 'Maria Santos',
    email: 'maria@example.com',
    designation: 'CEO',
    companyName: 'Acme',
    contactNumber: '09171234567',
    website: 'https://acme.example',
    requirements: 'Reseller',
  },
  'apply-now': { name: 'Maria Santos', emailAddress: 'maria@example.com', contactNumber: '09171234567', jobTitle: 'Nurse' },
  'alarm-center-referral': { memberName: 'Rosa Reyes', cardNumber: 'GC-0001', contactNumber: '09171234567' },
  'customer-service-steerage': {
    memberName: 'Rosa Reyes',
    cardNumber: 'IC-0001',
    contactNumber: '09171234567',
    teamCode: 'TEAM-7',
    message: 'Please call back',
  },
};

/** A form-emails body as the site's form flow sends it: key, data as JSON text, and the fields. */
export const submission = (key: string, data: Record<string, unknown>) => ({ key, data: JSON.stringify(data), ...data });

/** The standard checkout's cart line: plan 1 (Individual, 1,499.00) × 1, billed 1,678.88. */
export const STANDARD_LINE: Readonly<Record<string, unknown>> = STANDARD_BILLING.products[0];

/** A key activation: the single form's fields (forms/key-assignment.json) or a multi-member card's (forms/member-card.json). */
export function keyActivation(
  pair: { accessKey: string; activationCode: string },
  kind: 'single' | 'card' = 'single',
): Record<string, unknown> {
  const person = {
    first_name: 'Maria',
    last_name: 'Santos',
    email: 'maria@example.com',
    phone_number: '09171234567',
    access_key: pair.accessKey,
    activation_code: pair.activationCode,
  };
  return kind === 'single'
    ? { ...person, birthdate: '1990-05-01', gender: 'female' }
    : { ...person, birthdate: '05/01/1990', employee: true };
}
