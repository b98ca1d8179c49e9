import type { FastifyPluginAsync } from 'fastify';
import { isObject } from '../../domain/guards';
import type { Item, Repo } from '../repo';
import type { FieldErrors } from '../forms/errors';
import { HttpError, nested } from '../http';
import { BILLING_RATE_LIMIT_FLOOR, perMinuteAtLeast, registerRateLimit, type LimitedRoutesOptions } from '../rate-limit';
import { formOption, loadForm, type Form } from '../forms/form';
import { formBodyLimit } from '../forms/limits';
import { findOwner, findPlan, parseCartLine, priceLine, type CartLine, type CheckoutConfig, type PlanRecord } from '../shop/checkout';
import { formErrors } from '../shop/form';
import { providerObject, type ProviderObject } from '../shop/provider';
import { OrderStore } from '../shop/store';

/** One billing endpoint: its path, the checkout's rules, its form and how the reply wraps the provider object. */
export interface BillingEndpoint extends CheckoutConfig {
  /** Path under /api/v1, e.g. '/billing-informations'. */
  path: string;
  /** The billing form's file name (forms/<form>.json). */
  form: string;
  /** The reply body around the provider object; default: the object itself (reseller checkout: data.data). */
  envelope?: (provider: ProviderObject) => unknown;
  /**
   * Select fields whose choices the shop's owner may replace (the merchant's own 'source of
   * information' options): field -> the owner's list, or undefined to keep the form's own
   * ui:options choices. See choicesRule.
   */
  ownerChoices?: Readonly<Record<string, (owner: Item) => readonly string[] | undefined>>;
}

/** The standard checkout (POST billing-informations). */
export const STANDARD_BILLING: BillingEndpoint = {
  path: '/billing-informations',
  kind: 'standard',
  planResource: 'shop-plans',
  promos: true,
  form: 'billing',
};

/** A setting of an owner record's settings object (merchant other_details, promotion other_settings). */
function ownerSetting(owner: Item, group: string, key: string): unknown {
  const settings = owner[group];
  return isObject(settings) ? settings[key] : undefined;
}

/** The owner's minimum purchase (default 1 when unset or malformed). */
const minimumOf = (group: string) => (owner: Item) => {
  const value = ownerSetting(owner, group, 'minimum_quantity_purchase');
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : 1;
};

/** Whether the owner allows more than the minimum per order (default: no, as the spec's default). */
const multipleOf = (group: string) => (owner: Item) => ownerSetting(owner, group, 'is_multiple_purchase') === true;

/**
 * A promotion plan is sold only with the code that unlocks it: the line's promo_code must be one of
 * the promotion's codes (promotion-codes, case-insensitive) for that very plan.
 */
const unlockedByCode = async (repo: Repo, promotion: Item, plan: PlanRecord, line: CartLine) => {
  if (line.promoCode === null) return false;
  const unlock = await repo.byCode<{ shop_plan_id?: unknown }>('promotion-codes', line.promoCode, { resellerId: promotion.id });
  return unlock?.shop_plan_id === plan.id;
};

/** The promo-code shop's checkout (POST promotion-billing-informations; reseller_id = the promotion's id). */
export const PROMOTION_BILLING: BillingEndpoint = {
  path: '/promotion-billing-informations',
  kind: 'promotion',
  planResource: 'promotion-shop-plans',
  promos: false,
  unlockCode: true,
  owner: {
    resource: 'promotions',
    minimumQuantity: minimumOf('other_settings'),
    multiplePurchase: multipleOf('other_settings'),
    sellable: unlockedByCode,
  },
  form: 'billing-promo',
};

/** The merchant shop's checkout (POST merchant-billing-informations; reseller_id = the merchant's id). */
export const MERCHANT_BILLING: BillingEndpoint = {
  path: '/merchant-billing-informations',
  kind: 'merchant',
  planResource: 'merchant-shop-plans',
  promos: false,
  owner: { resource: 'merchants', minimumQuantity: minimumOf('other_details'), multiplePurchase: multipleOf('other_details') },
  form: 'billing-merchant',
  ownerChoices: {
    source: (merchant) => {
      const sources = ownerSetting(merchant, 'other_details', 'sources');
      return Array.isArray(sources) && sources.length > 0 ? sources.filter((s): s is string => typeof s === 'string') : undefined;
    },
  },
};

/* The reseller checkout reuses everything with its own settings: { path: '/reseller-billing-informations', kind: 'reseller', ..., envelope: nestedEnvelope }. */
const BILLING_ENDPOINTS: readonly BillingEndpoint[] = [STANDARD_BILLING, PROMOTION_BILLING, MERCHANT_BILLING];

/**
 * Select fields offered from a list rather than a schema enum (ui:options choices of the form file,
 * e.g. the merchant form's source): a non-empty value must be one of the owner's own list when the
 * endpoint and the owner give one, else one of the form's choices. Message: ui:options choiceMessage.
 */
function choicesRule(form: Form, endpoint: BillingEndpoint, owner: Item | null, fields: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, choices] of Object.entries(form.choices)) {
    const value = fields[field];
    if (value === undefined || value === null || value === '') continue;
    const own = owner ? endpoint.ownerChoices?.[field]?.(owner) : undefined;
    const allowed = own ?? choices;
    if (!allowed.includes(value as never)) errors[field] = [formOption(form, field, 'choiceMessage', 'Select one of the options')];
  }
  return errors;
}

/**
 * no_dependents: required, and 1 to the plan's no_key_generate, only when that is
 * above 1; otherwise the field is not part of the order (dropped). Texts from the form's uiSchema
 * (ui:options requiredMessage / maxMessage, '{max}' filled).
 */
function dependentsRule(form: Form, plan: PlanRecord, fields: Record<string, unknown>): FieldErrors {
  const max = Number.isInteger(plan.no_key_generate) ? plan.no_key_generate : 1;
  if (max <= 1) {
    delete fields.no_dependents;
    return {};
  }
  const value = fields.no_dependents;
  const rangeMessage = formOption(form, 'no_dependents', 'maxMessage', 'Choose between 1 and {max}').replaceAll('{max}', String(max));
  if (value === undefined || value === null || value === '') {
    return { no_dependents: [formOption(form, 'no_dependents', 'requiredMessage', 'This field is required')] };
  }
  if (typeof value === 'number' && Number.isInteger(value) && (value < 1 || value > max)) return { no_dependents: [rangeMessage] };
  return {};
}

/**
 * POST /api/v1/billing-informations (and later the other checkouts' billing endpoints): validates the
 * billing form with the browser's own precompiled validator (422 { message, errors }), recomputes
 * the cart line from the database (422 { message } on any difference), stores the order as pending
 * with a payment token, and answers 201 with the sandbox provider object.
 */
export function billingRoutes(endpoints: readonly BillingEndpoint[] = BILLING_ENDPOINTS): FastifyPluginAsync<LimitedRoutesOptions> {
  return async (app, ctx) => {
    const store = new OrderStore(ctx.db);
    await registerRateLimit(app, 'billing');
    const limit = perMinuteAtLeast(BILLING_RATE_LIMIT_FLOOR, ctx.formRateLimit);
    for (const endpoint of endpoints) {
      const form = await loadForm(endpoint.form);
      app.post(endpoint.path, { ...limit, bodyLimit: formBodyLimit(form.schema) }, async (request, reply) => {
        if (!isObject(request.body)) throw new HttpError(400, 'The body must be a JSON object: the billing form fields and products.');
        const { products, ...rest } = request.body;
        const fields: Record<string, unknown> = { ...rest };
        let resellerId: unknown = null;
        if (endpoint.owner) {
          resellerId = fields.reseller_id;
          delete fields.reseller_id;
        }

        const line = parseCartLine(products, endpoint);
        const owner = await findOwner(ctx.repo, endpoint, resellerId);
        const plan = await findPlan(ctx.repo, endpoint, line, owner);

        const extra = { ...dependentsRule(form, plan, fields), ...choicesRule(form, endpoint, owner, fields) };
        const max = String(plan.no_key_generate);
        const errors = formErrors(form, fields, extra, (field, message) =>
          field === 'no_dependents' ? message.replaceAll('{max}', max) : message,
        );
        const first = Object.values(errors)[0]?.[0];
        if (first !== undefined) return reply.code(422).send({ message: first, errors });

        const now = ctx.now();
        const { totals } = await priceLine(ctx.repo, endpoint, line, plan, { now, owner });
        const order = await store.create({
          kind: endpoint.kind,
          planId: plan.id,
          planName: plan.name,
          resellerId: owner ? owner.id : null,
          quantity: line.quantity,
          members: line.members,
          promoId: line.promoId,
          totals,
          billing: fields,
          email: String(fields.email),
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + ctx.orderTtlMs).toISOString(),
        });
        ctx.metrics.ordersCreated.inc({ shop: endpoint.kind });
        const provider = providerObject(order, ctx.paymentProviderUrl);
        return reply.code(201).send(endpoint.envelope ? endpoint.envelope(provider) : provider);
      });
    }
  };
}

/** Kept for the reseller endpoint (reply under data.data). */
export const nestedEnvelope = (provider: ProviderObject) => nested(provider);

export default billingRoutes();
