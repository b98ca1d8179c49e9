import { describe, expect, it } from 'vitest';
import { run, sql } from '../../server/db';
import { insertSchedule, SCHEDULE_LOCK } from '../../server/content/schedule-rows';
import { planPriced, PLANS_FILE, plansWith, usePreviewSite } from './preview-helpers';

/**
 * The preview as of a date (server/preview/draft.ts): the account's draft, then each waiting
 * scheduled change due by then, in the scheduler's order; a cancelled one never shows.
 */

const DAY = 24 * 3600_000;

describe('content preview as of a date', () => {
  const preview = usePreviewSite();

  it('shows a scheduled change as of its time and after, not before', async () => {
    const editor = await preview.account('asof@preview.example', ['editor']);
    await preview.saveDraft(editor, { [PLANS_FILE]: planPriced(1234) });
    const at = (days: number) => new Date(preview.now().getTime() + days * DAY);
    const schedule = (days: number, price: number) =>
      preview.site.app.ctx.db.write(SCHEDULE_LOCK, (q) =>
        insertSchedule(q, {
          author: { id: editor, name: 'asof', email: 'asof@preview.example' },
          changes: { [PLANS_FILE]: plansWith((items) => void (items[0].price = price)) },
          summary: [],
          baseRelease: 1,
          runAt: at(days).toISOString(),
          createdAt: preview.now().toISOString(),
        }),
      );
    await schedule(2, 2345);
    await schedule(1, 1999);
    const cancelled = await schedule(3, 3456);
    await preview.site.app.ctx.db.write(SCHEDULE_LOCK, (q) =>
      run(q, sql`UPDATE content_schedules SET state = 'cancelled' WHERE id = ${cancelled}`),
    );
    const shown = async (asOf?: Date) => (await preview.html(`/__preview/${preview.token(editor, undefined, asOf)}/shop`)).body;

    expect(await shown()).toContain('₱1,234.00');
    expect(await shown(new Date(at(1).getTime() - 1000))).toContain('₱1,234.00');
    expect(await shown(at(1))).toContain('₱1,999.00');
    const later = await shown(at(2.5));
    expect(later).toContain('₱2,345.00');
    expect(later).not.toContain('₱1,999.00');
    expect(await shown(at(4))).not.toContain('3,456');
  });
});
