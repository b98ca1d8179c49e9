import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../server/seed';
import { getJson, startServer, type Items } from './helpers';

const NOW = new Date('2026-05-20T04:00:00Z'); // 2026-05-20 in Manila
const TODAY = '2026-05-20';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ app, cleanup } = await startServer({ now: () => NOW }));
});
afterAll(async () => cleanup());

const data = async (url: string) => ((await getJson(app, url)).body as { data: Items }).data;
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('plans', () => {
  it('offers four standard plans with and without per-member prices and 1, 4 and 10 dependents', async () => {
    const plans = await data('/api/v1/shop-plans');
    expect(plans).toHaveLength(4);
    const maxima = plans.map((p) => p.no_key_generate);
    for (const n of [1, 4, 10]) expect(maxima).toContain(n);
    const perMember = (p: Record<string, unknown>) => {
      const details = p.other_details as { applyDetails: boolean; amountPerHousehold: number } | null;
      return details?.applyDetails ? details.amountPerHousehold : null;
    };
    expect(plans.some((p) => perMember(p) === null)).toBe(true);
    expect(plans.some((p) => (perMember(p) ?? 0) > 0)).toBe(true);
    expect(plans.filter((p) => p.discount === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('lists no promo codes: codes are only checked one at a time (GET promos of the spec is left out)', async () => {
    const response = await app.inject('/api/v1/promos');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(DEMO.promoCodes.valid);
  });

  it('keeps every price, discount and per-member price to at most two decimals', async () => {
    const lists = [
      await data('/api/v1/shop-plans'),
      await data(`/api/v1/merchant-shop-plans?reseller_id=${DEMO.merchant.id}`),
      await data(`/api/v1/promotion-shop-plans?reseller_id=${DEMO.promotion.id}`),
      await data(`/api/v1/reseller-shop-plans?reseller_id=${DEMO.reseller.id}`),
    ];
    const amounts = lists
      .flat()
      .flatMap((p) => [p.price, p.discount, (p.other_details as { amountPerHousehold?: number } | null)?.amountPerHousehold]);
    for (const amount of amounts.filter((a) => a !== undefined)) {
      expect(typeof amount).toBe('number');
      expect(Math.round((amount as number) * 100) / 100).toBe(amount);
    }
  });

  it('filters merchant, promotion and reseller lists by reseller_id', async () => {
    const demo = await data(`/api/v1/merchant-shop-plans?reseller_id=${DEMO.merchant.id}`);
    const other = await data(`/api/v1/merchant-shop-plans?reseller_id=${DEMO.otherMerchant.id}`);
    expect(demo.length).toBeGreaterThan(0);
    expect(other.length).toBeGreaterThan(0);
    expect(demo.every((p) => p.reseller_id === DEMO.merchant.id)).toBe(true);
    expect(other.every((p) => p.reseller_id === DEMO.otherMerchant.id)).toBe(true);
    expect(await data('/api/v1/merchant-shop-sliders?reseller_id=999')).toEqual([]);
    expect(await data('/api/v1/reseller-shop-plans?reseller_id=999')).toEqual([]);
    const sliders = await data(`/api/v1/merchant-shop-sliders?reseller_id=${DEMO.merchant.id}`);
    expect(sliders.every((s) => s.reseller_id === DEMO.merchant.id)).toBe(true);
  });

  it('returns one plan by id, and 404 for a plan of another list', async () => {
    const plan = await getJson(app, '/api/v1/merchant-shop-plans/12');
    expect(plan.status).toBe(200);
    expect((plan.body as { data: { id: number } }).data.id).toBe(12);
    expect((await getJson(app, '/api/v1/promotion-shop-plans/12')).status).toBe(404);
    expect((await app.ctx.repo.plan(32))?.resource).toBe('reseller-shop-plans');
  });
});

describe('merchants, promotions and resellers', () => {
  it('shows the demo merchant with its own sources and multiple purchase', async () => {
    const { status, body } = await getJson(app, `/api/v1/merchants/show/${DEMO.merchant.slug}`);
    expect(status).toBe(200);
    expect((body as { data: unknown }).data).toMatchObject({
      id: DEMO.merchant.id,
      slug: DEMO.merchant.slug,
      other_details: { is_multiple_purchase: true, minimum_quantity_purchase: 2, sources: expect.arrayContaining([expect.any(String)]) },
    });
  });

  it('checks a promotion slug', async () => {
    const found = await post('/api/v1/promotions/check/slug', { slug: DEMO.promotion.slug });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ data: { id: DEMO.promotion.id, slug: DEMO.promotion.slug } });
    const missing = await post('/api/v1/promotions/check/slug', { slug: 'nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: expect.any(String) });
    expect((await post('/api/v1/promotions/check/slug', {})).statusCode).toBe(400);
  });

  it('stores the promotion unlock code for one of its plans (not exposed in the lists)', async () => {
    const code = await app.ctx.repo.byCode<{ shop_plan_id: number }>('promotion-codes', DEMO.promotion.code, {
      resellerId: DEMO.promotion.id,
    });
    expect(code?.shop_plan_id).toBe(DEMO.promotion.planId);
    const plans = await data(`/api/v1/promotion-shop-plans?reseller_id=${DEMO.promotion.id}`);
    expect(plans.map((p) => p.id)).toContain(DEMO.promotion.planId);
    expect(JSON.stringify(plans)).not.toContain(DEMO.promotion.code);
  });
});

describe('promo codes', () => {
  const check = async (code: string) => post('/api/v1/promos/check/code', { code });
  type Promo = { id: number; name: string; discount: number; valid_start: string; valid_end: string; shop_plan_id: number };
  const promo = async (code: string) => ((await check(code)).json() as { data: Promo }).data;

  it('answers the check with id, name, discount, window and plan', async () => {
    const response = await check('WELCOME10');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      discount: expect.any(Number),
      valid_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      valid_end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      shop_plan_id: expect.any(Number),
    });
  });

  it('seeds windows relative to the seeding day: valid, expired, not started, other plan', async () => {
    const firstPlan = (await data('/api/v1/shop-plans'))[0].id;
    const valid = await promo(DEMO.promoCodes.valid);
    expect(valid.valid_start <= TODAY && TODAY <= valid.valid_end).toBe(true);
    expect(valid.shop_plan_id).toBe(firstPlan);
    const expired = await promo(DEMO.promoCodes.expired);
    expect(expired.valid_end < TODAY).toBe(true);
    const future = await promo(DEMO.promoCodes.future);
    expect(future.valid_start > TODAY).toBe(true);
    const other = await promo(DEMO.promoCodes.otherPlan);
    expect(other.valid_start <= TODAY && TODAY <= other.valid_end).toBe(true);
    expect(other.shop_plan_id).not.toBe(firstPlan);
  });

  it('ignores case and surrounding spaces, and answers 404 / 400 otherwise', async () => {
    expect((await check('  welcome10 ')).statusCode).toBe(200);
    const missing = await check('NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Sorry, promo code NOPE doesn't exist." });
    expect((await check('')).statusCode).toBe(400);
    const noBody = await app.inject({ method: 'POST', url: '/api/v1/promos/check/code' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ message: expect.any(String) });
  });
});
