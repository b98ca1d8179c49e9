import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { FROM_STUDIO, useStudio } from '../studio/helpers';

/**
 * Scheduling one item (POST /api/studio/schedules with `item`): its new value in place of the live
 * one, or the item taken off the site; the rest of its file as the live release has it.
 */

const PLANS = 'content/shop-plans.json';
const API = '/api/studio/schedules';

type Plan = { id: number; name: string; price: number };

describe('scheduling one item', () => {
  const studio = useStudio();
  let session: string;
  const post = async (payload: unknown) => {
    const response = await studio.started.studio.inject({
      method: 'POST',
      url: API,
      headers: { ...FROM_STUDIO, cookie: session },
      payload: payload as Record<string, unknown>,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const inAnHour = () => new Date(studio.clock.now().getTime() + 3_600_000).toISOString();
  /** The scheduled items of the plans file of schedule `id`. */
  const scheduledPlans = async (id: unknown): Promise<Plan[]> => {
    const [row] = await all<{ changes: string }>(studio.started.db.query, sql`SELECT changes FROM content_schedules WHERE id = ${id}`);
    return (JSON.parse((JSON.parse(row.changes) as Record<string, string>)[PLANS]) as { items: Plan[] }).items;
  };
  const livePlans = async (): Promise<Plan[]> => {
    const project = await studio.started.studio.inject({ url: '/api/studio/editor/project', headers: { cookie: session } });
    return (project.json() as { files: Record<string, { value: { items: Plan[] } }> }).files[PLANS].value.items;
  };

  it("schedules an item's new value, the file's other items as they are live", async () => {
    session = await studio.signIn(await studio.account('items@schedule.example', ['editor']));
    const live = await livePlans();
    const made = await post({ runAt: inAnHour(), item: { file: PLANS, id: '2', value: { ...live[1], price: 2222 } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ state: 'waiting', changed: [PLANS] });
    expect(await scheduledPlans(made.body.id)).toEqual(live.map((plan) => (plan.id === 2 ? { ...plan, price: 2222 } : plan)));
  });

  it('schedules an item off the site: the file without it', async () => {
    const live = await livePlans();
    const made = await post({ runAt: inAnHour(), item: { file: PLANS, id: '3', value: null } });
    expect(made.status).toBe(201);
    expect(await scheduledPlans(made.body.id)).toEqual(live.filter((plan) => plan.id !== 3));
  });

  it('refuses a file that is not content, an item that is not there to remove, and a malformed item', async () => {
    const notContent = await post({ runAt: inAnHour(), item: { file: 'pages.config.json', id: '1', value: null } });
    expect(notContent.status).toBe(400);
    expect(notContent.body.message).toMatch(/pages\.config\.json/);
    const absent = await post({ runAt: inAnHour(), item: { file: PLANS, id: '999', value: null } });
    expect(absent.status).toBe(409);
    expect(absent.body.message).toMatch(/nothing to schedule/);
    expect((await post({ runAt: inAnHour(), item: { file: PLANS, id: '1' } })).status).toBe(400);
    expect((await post({ runAt: inAnHour(), item: { file: PLANS, id: '1', value: 5 } })).status).toBe(400);
    expect((await post({ runAt: inAnHour(), draft: true, item: { file: PLANS, id: '1', value: null } })).status).toBe(400);
  });
});
