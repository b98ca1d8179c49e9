import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checked, getById, list, notFound, one, PLAN_NOT_FOUND, QUERY, queryNumber, type Checked, type Query } from '../http';
import {
  BODY_LIMITS,
  CODE_CHECK_RATE_LIMIT_FLOOR,
  DEFAULT_PROMO_CHECK_LIMIT,
  perMinute,
  perMinuteAtLeast,
  registerRateLimit,
  SITE_CHECK_LIMIT_MESSAGE,
  siteBudget,
  WRITE_RATE_LIMITS,
  type LimitedRoutesOptions,
} from '../rate-limit';
import { MAX_PROMO_CODE_LENGTH } from '../shop/checkout';

/** Longest slug a slug check takes. */
const MAX_SLUG_LENGTH = 200;

/** The fields of the check bodies: text that is not blank (trimmed when read), bounded; a shop id as a number or digits. */
const BODY = {
  code: {
    schema: { type: 'string', maxLength: MAX_PROMO_CODE_LENGTH, pattern: '\\S' },
    message: 'code is required.',
    messages: { maxLength: `code must be at most ${MAX_PROMO_CODE_LENGTH} characters.` },
  },
  slug: {
    schema: { type: 'string', maxLength: MAX_SLUG_LENGTH, pattern: '\\S' },
    message: 'slug is required.',
    messages: { maxLength: `slug must be at most ${MAX_SLUG_LENGTH} characters.` },
  },
  reseller_id: {
    schema: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        { type: 'string', pattern: '^\\s*(?!0+\\s*$)\\d{1,12}\\s*$' },
      ],
    },
    message: 'reseller_id must be a whole number.',
  },
} as const satisfies Record<string, Checked>;

/**
 * Shop reads: standard plans and promo codes, merchant shops and promotion (promo-code) shops.
 * Merchant and promotion lists filter by `reseller_id` (the merchant's or promotion's id).
 */
const shopRoutes: FastifyPluginAsync<LimitedRoutesOptions> = async (app, ctx) => {
  const { repo } = ctx;
  // Codes can be guessed: their checks are limited per IP, and all together on the whole site.
  await registerRateLimit(app, 'shop');
  const siteChecks = siteBudget(ctx.shared, 'code-checks', ctx.promoCheckLimit ?? DEFAULT_PROMO_CHECK_LIMIT);
  /** Until when this instance is quiet about the site-wide limit (it warns once per spent window). */
  let warnedUntil = 0;
  // After the body is checked, before the code is looked up: every check of a valid body takes one
  // from the site-wide budget, found or not (a check that finds its code gives it back); once it is
  // spent, every check is refused without a look-up, so a refusal tells nothing about the code.
  const takeSiteCheck = async (_request: unknown, reply: FastifyReply) => {
    const wait = await siteChecks.take();
    if (wait === 0) return;
    ctx.metrics.codeChecksRefused.inc();
    if (Date.now() >= warnedUntil) {
      warnedUntil = Date.now() + wait * 1000;
      app.log.warn(
        { retryAfterSeconds: wait },
        'promo codes: the site-wide limit of checks an hour (PROMO_CHECK_LIMIT) is spent; checks refused',
      );
    }
    return reply.code(429).header('retry-after', String(wait)).send({ message: SITE_CHECK_LIMIT_MESSAGE });
  };
  const codeCheck = {
    ...perMinuteAtLeast(CODE_CHECK_RATE_LIMIT_FLOOR, ctx.formRateLimit),
    bodyLimit: BODY_LIMITS.codeCheck,
    preHandler: takeSiteCheck,
  };
  const slugCheck = { ...perMinute(WRITE_RATE_LIMITS.slugCheck), bodyLimit: BODY_LIMITS.codeCheck };

  // Standard shop
  app.get('/shop-plans', async () => list(await repo.list('shop-plans')));
  getById(app, repo, 'shop-plans', PLAN_NOT_FOUND);
  // No endpoint lists the promo codes (GET promos of the spec is left out on purpose): a code is
  // only ever checked, one at a time, rate limited.
  app.post<{ Body: { code: string } }>(
    '/promos/check/code',
    { ...codeCheck, ...checked({ body: { code: BODY.code } }) },
    async (request, reply) => {
      const code = request.body.code.trim();
      const promo = await repo.byCode('promos', code);
      if (!promo) return notFound(reply, `Sorry, promo code ${code} doesn't exist.`);
      await siteChecks.giveBack();
      return one(promo);
    },
  );

  // Merchant shops and promotion shops share one shape: an owner with a slug, sliders and plans.
  for (const kind of ['merchant', 'promotion'] as const) {
    const owners = `${kind}s`;
    app.get(`/${owners}`, async () => list(await repo.list(owners)));
    app.get<{ Params: { slug: string } }>(`/${owners}/show/:slug`, async (request, reply) => {
      const owner = await repo.bySlug(owners, request.params.slug);
      return owner ? one(owner) : notFound(reply, `No ${kind} with slug '${request.params.slug}'.`);
    });
    for (const what of ['sliders', 'plans'] as const) {
      const resource = `${kind}-shop-${what}`;
      app.get<{ Querystring: Query }>(`/${resource}`, checked({ querystring: { reseller_id: QUERY.reseller_id } }), async (request) =>
        list(await repo.list(resource, { resellerId: queryNumber(request.query.reseller_id) })),
      );
    }
    getById(app, repo, `${kind}-shop-plans`, PLAN_NOT_FOUND);
  }

  app.post<{ Body: { slug: string } }>(
    '/promotions/check/slug',
    { ...slugCheck, ...checked({ body: { slug: BODY.slug } }) },
    async (request, reply) => {
      const slug = request.body.slug.trim();
      const promotion = await repo.bySlug('promotions', slug);
      return promotion ? one(promotion) : notFound(reply, `No promotion with slug '${slug}'.`);
    },
  );

  // The promo-code shop's card: a code of the promotion (reseller_id) unlocks one of its plans.
  // The codes live in the internal 'promotion-codes' resource (never listed); the answer is the plan.
  const unlockCheck = checked({ body: { reseller_id: BODY.reseller_id, code: BODY.code } });
  app.post<{ Body: { reseller_id: number | string; code: string } }>(
    '/promotion-shop-plans/check/code',
    { ...codeCheck, ...unlockCheck },
    async (request, reply) => {
      const resellerId = Number(request.body.reseller_id);
      const code = request.body.code.trim();
      const unlock = await repo.byCode<{ shop_plan_id?: unknown }>('promotion-codes', code, { resellerId });
      const planId = typeof unlock?.shop_plan_id === 'number' ? unlock.shop_plan_id : undefined;
      const plan = planId === undefined ? undefined : await repo.get<{ reseller_id?: unknown }>('promotion-shop-plans', planId);
      if (!plan || plan.reseller_id !== resellerId) return notFound(reply, `Sorry, promo code ${code} doesn't unlock a plan of this shop.`);
      await siteChecks.giveBack();
      return one(plan);
    },
  );
};

export default shopRoutes;
