import { billingRoutes, nestedEnvelope, type BillingEndpoint } from './billing';

/**
 * The reseller-branded site's checkout (POST reseller-billing-informations). The
 * body is the reseller billing form (forms/billing-reseller.json: country fixed to PH, zip_code,
 * phone only required) plus reseller_id and one product: a plan of that reseller, quantity 1, no
 * promo (promo_id null, discount 0), amount = the plan overview's total. Everything else is the
 * standard checkout's: the same recomputation and refusal of a tampered amount, the same sandbox
 * payment; the reply nests the provider object under data.data.
 */
export const RESELLER_BILLING: BillingEndpoint = {
  path: '/reseller-billing-informations',
  kind: 'reseller',
  planResource: 'reseller-shop-plans',
  promos: false,
  // One plan per order: quantity 1.
  owner: { resource: 'resellers', minimumQuantity: () => 1, multiplePurchase: () => false },
  form: 'billing-reseller',
  envelope: nestedEnvelope,
};

export default billingRoutes([RESELLER_BILLING]);
