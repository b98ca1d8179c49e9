import type { FastifyPluginAsync } from 'fastify';
import { bodyId, bodyString, intParam, list, notFound, one, pathId, type Query } from '../http';
import { BODY_LIMITS, CODE_CHECK_RATE_LIMIT_FLOOR, perMinute, perMinuteAtLeast, registerRateLimit, WRITE_RATE_LIMITS, type LimitedRoutesOptions } from '../rateLimit';

/**
 * Shop reads: standard plans and promo codes, merchant shops and promotion (promo-code) shops.
 * Merchant and promotion lists filter by `reseller_id` (the merchant's or promotion's id).
 */
const shopRoutes: FastifyPluginAsync<LimitedRoutesOptions> = async (app, ctx) => {
  const { repo } = ctx;
  // Codes can be guessed: their checks are limited per IP.
  await registerRateLimit(app);
  const codeCheck = { ...perMinuteAtLeast(CODE_CHECK_RATE_LIMIT_FLOOR, ctx.formRateLimit), bodyLimit: BODY_LIMITS.codeCheck };
  const slugCheck = { ...perMinute(WRITE_RATE_LIMITS.slugCheck), bodyLimit: BODY_LIMITS.codeCheck };

  const plansById = (resource: string) =>
    app.get<{ Params: { id: string } }>(`/${resource}/:id`, async (request, reply) => {
      const id = pathId(request.params.id);
      const plan = id === undefined ? undefined : repo.get(resource, id);
      return plan ? one(plan) : notFound(reply, 'Plan not found');
    });

  // Standard shop
  app.get('/shop-plans', async () => list(repo.list('shop-plans')));
  plansById('shop-plans');
  // No endpoint lists the promo codes (GET promos of the spec is left out on purpose): a code is
  // only ever checked, one at a time, rate limited.
  app.post('/promos/check/code', codeCheck, async (request, reply) => {
    const code = bodyString(request.body, 'code');
    const promo = repo.byCode('promos', code);
    return promo ? one(promo) : notFound(reply, `Sorry, promo code ${code} doesn't exist.`);
  });

  // Merchant shops and promotion shops share one shape: an owner with a slug, sliders and plans.
  for (const kind of ['merchant', 'promotion'] as const) {
    const owners = `${kind}s`;
    app.get(`/${owners}`, async () => list(repo.list(owners)));
    app.get<{ Params: { slug: string } }>(`/${owners}/show/:slug`, async (request, reply) => {
      const owner = repo.bySlug(owners, request.params.slug);
      return owner ? one(owner) : notFound(reply, `No ${kind} with slug '${request.params.slug}'.`);
    });
    for (const what of ['sliders', 'plans'] as const) {
      const resource = `${kind}-shop-${what}`;
      app.get(`/${resource}`, async (request) => {
        const resellerId = intParam(request.query as Query, 'reseller_id');
        return list(repo.list(resource, { resellerId }));
      });
    }
    plansById(`${kind}-shop-plans`);
  }

  app.post('/promotions/check/slug', slugCheck, async (request, reply) => {
    const slug = bodyString(request.body, 'slug');
    const promotion = repo.bySlug('promotions', slug);
    return promotion ? one(promotion) : notFound(reply, `No promotion with slug '${slug}'.`);
  });

  // The promo-code shop's card: a code of the promotion (reseller_id) unlocks one of its plans.
  // The codes live in the internal 'promotion-codes' resource (never listed); the answer is the plan.
  app.post('/promotion-shop-plans/check/code', codeCheck, async (request, reply) => {
    const resellerId = bodyId(request.body, 'reseller_id');
    const code = bodyString(request.body, 'code');
    const unlock = repo.byCode<{ shop_plan_id?: unknown }>('promotion-codes', code, { resellerId });
    const planId = typeof unlock?.shop_plan_id === 'number' ? unlock.shop_plan_id : undefined;
    const plan = planId === undefined ? undefined : repo.get<{ reseller_id?: unknown }>('promotion-shop-plans', planId);
    return plan && plan.reseller_id === resellerId ? one(plan) : notFound(reply, `Sorry, promo code ${code} doesn't unlock a plan of this shop.`);
  });
};

export default shopRoutes;
