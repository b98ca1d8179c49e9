/** What the server benchmarks (bench-server.ts, bench-mail.ts) share: their options and a valid billing. */

/** A whole-number option `--name <n>` of the command line (at least 1), or `fallback`. */
export function wholeNumberOption(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of 1 or more`);
  return value;
}

/** A standard-checkout billing as the site sends it: forms/billing.json and one unit of plan 1 (Individual, 1,678.88 with VAT). */
export const STANDARD_BILLING = {
  country: 'PH',
  first_name: 'Maria',
  last_name: 'Santos',
  address1: '12 Rizal Street',
  city: 'Makati',
  state: 'Metro Manila',
  zip: '1200',
  phone_number: '09171234567',
  email: 'maria@example.com',
  confirm_email: 'maria@example.com',
  birthdate: '1990-05-01',
  sex: 'female',
  agree: true,
  products: [
    { shop_plan_id: 1, quantity: 1, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null },
  ],
} as const;
