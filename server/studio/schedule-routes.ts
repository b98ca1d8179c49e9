import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isContentFile, isReleaseFile } from '../../scripts/lib/editor/paths';
import type { Schedule } from '../content/schedule-rows';
import type { ContentSchedules, ItemChange, ScheduleOutcome } from '../content/schedules';
import { reviewRequired } from '../content/review-setting';
import { audit } from './audit';
import type { StudioContext } from './context';
import type { Access } from './rights';
import { entry } from './route-helpers';
import { EDITOR_MAX_BODY, EDITOR_MAX_FILES } from './editor-routes';
import texts from './texts.json';

/**
 * The studio's scheduled content changes (under /api/studio/schedules): what is coming and what
 * failed, scheduling the account's draft, new values of some content files or one item's new value
 * (or its removal) for a time to come,
 * and cancelling a waiting one. Every route needs Content manage; a schedule and a cancel write an
 * audit row.
 */

/** An ISO 8601 time with its zone (Z or ±hh:mm). */
export const RUN_AT = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
} as const;
const SCHEDULE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['runAt'],
  properties: {
    runAt: RUN_AT,
    draft: { const: true },
    files: { type: 'object', maxProperties: EDITOR_MAX_FILES, additionalProperties: { type: ['object', 'null'] } },
    item: {
      type: 'object',
      additionalProperties: false,
      required: ['file', 'id', 'value'],
      properties: {
        file: { type: 'string', maxLength: 200 },
        id: { type: 'string', minLength: 1, maxLength: 200 },
        value: { type: ['object', 'null'] },
      },
    },
  },
  oneOf: [{ required: ['draft'] }, { required: ['files'] }, { required: ['item'] }],
} as const;
const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,11}$' } },
} as const;

/** The time of an ISO 8601 text, or NaN when it names no real day (February 31st). */
export function timeOf(text: string): number {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const real = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  return real ? Date.parse(text) : Number.NaN;
}

/** A schedule as the studio shows it (its texts apart: the paths it changes). */
const shown = (schedule: Schedule) => ({
  id: schedule.id,
  state: schedule.state,
  runAt: schedule.runAt,
  authorName: schedule.authorName,
  summary: schedule.summary,
  changed: Object.keys(schedule.changes),
  baseRelease: schedule.baseRelease,
  release: schedule.release,
  error: schedule.error,
  createdAt: schedule.createdAt,
  finishedAt: schedule.finishedAt,
});

export default async function scheduleRoutes(
  app: FastifyInstance,
  { ctx, schedules }: { ctx: StudioContext; schedules: ContentSchedules },
): Promise<void> {
  const manage: { access: Access } = { access: { action: 'manage', subject: 'Content' } };
  const authorOf = (request: FastifyRequest) => {
    const { id, email } = request.studio!.account;
    return { id, name: email, email };
  };

  app.get('', { config: manage }, async () => {
    const { coming, failed } = await schedules.list(100);
    return { coming: coming.map(shown), failed: failed.map(shown) };
  });

  app.post<{ Body: { runAt: string; draft?: true; files?: Record<string, unknown>; item?: ItemChange } }>(
    '',
    { config: manage, bodyLimit: EDITOR_MAX_BODY, schema: { body: SCHEDULE_BODY } },
    async (request, reply) => {
      // A schedule publishes without a reviewer: none is made while review is on.
      if (await reviewRequired(ctx.db.query)) return reply.code(409).send({ message: texts.review.scheduleRefused });
      const { runAt, files, item } = request.body;
      const at = timeOf(runAt);
      if (Number.isNaN(at)) return reply.code(400).send({ message: texts.schedule.badTime.replace('{runAt}', runAt) });
      if (at <= ctx.now().getTime()) return reply.code(400).send({ message: texts.schedule.past.replace('{runAt}', runAt) });
      const file = Object.keys(files ?? {}).find((path) => !isReleaseFile(path));
      if (file !== undefined) return reply.code(400).send({ message: texts.editor.notReleaseFile.replace('{file}', file) });
      if (item && !isContentFile(item.file))
        return reply.code(400).send({ message: texts.editor.notContentFile.replace('{file}', item.file) });
      const when = new Date(at).toISOString();
      const outcome: ScheduleOutcome = files
        ? await schedules.files(authorOf(request), files, when)
        : item
          ? await schedules.item(authorOf(request), item, when)
          : await schedules.draft(authorOf(request), when);
      if (outcome.status === 'empty') return reply.code(409).send({ message: texts.schedule.nothing });
      const { schedule } = outcome;
      await audit(
        ctx.db,
        entry(request, 'content.schedule', {
          target: `schedule ${schedule.id}`,
          after: { runAt: when, changed: Object.keys(schedule.changes) },
        }),
        ctx.now(),
      );
      return reply.code(201).send(shown(schedule));
    },
  );

  app.delete<{ Params: { id: string } }>('/:id', { config: manage, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const outcome = await schedules.cancel(Number(request.params.id));
    if (outcome.status === 'missing') return reply.code(404).send({ message: texts.schedule.notFound });
    if (outcome.status === 'not-waiting')
      return reply.code(409).send({ message: texts.schedule.notWaiting.replace('{state}', outcome.schedule.state) });
    await audit(ctx.db, entry(request, 'content.schedule.cancel', { target: `schedule ${outcome.schedule.id}` }), ctx.now());
    return shown(outcome.schedule);
  });
}
