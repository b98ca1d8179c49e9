import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutboxStatus } from '../mail/outbox';
import { DeskError, type Actor, type DeskAction } from '../desk/action';
import { findOrders, openOrder, resendKeyEmail } from '../desk/orders';
import { emailItem, listEmails, resendEmail } from '../desk/outbox';
import { listReviews, resolveReview } from '../desk/payments';
import {
  addSubmissionNote,
  assignSubmission,
  exportSubmissionsCsv,
  listSubmissions,
  openSubmission,
  readSubmissionFile,
  setSubmissionStatus,
  type SubmissionFilters,
} from '../desk/submissions';
import {
  MAX_NOTE_LENGTH,
  MAX_ORDER_QUERY_LENGTH,
  MAX_PAGE_SIZE,
  MAX_RESOLUTION_LENGTH,
  MAX_SEARCH_LENGTH,
  SUBMISSION_STATUSES,
  type DeskActionSummary,
  type SubmissionStatus,
} from '../../domain/desk';
import { loadSubmittableForms } from '../forms/registry';
import { OrderStore } from '../shop/store';
import { accountByEmail } from './accounts';
import { audit } from './audit';
import { seedDemoSubmissions } from './demo';
import type { StudioContext } from './context';
import type { Access } from './rights';
import texts from './texts.json';

/**
 * The staff desk in the studio (under /api/studio/desk): submissions per form, orders, payments to
 * review and e-mails, through the desk's services (server/desk/), which the operator commands share.
 * Every action and every export writes an audit row (who, when, IP, request id, what, and the
 * service's short before/after); a refusal of the desk answers 404, 400, 410 or 409. Lists show no
 * personal data beyond a name and an e-mail: the rest is read by opening one record.
 */

const DESK_STATUS: Record<DeskError['reason'], number> = { 'not-found': 404, invalid: 400, gone: 410, conflict: 409 };
const DESK_TEXT: Record<DeskError['reason'], string> = {
  'not-found': texts.desk.notFound,
  invalid: texts.desk.invalid,
  gone: texts.desk.gone,
  conflict: texts.desk.conflict,
};

const ID = { type: 'string', pattern: '^[0-9]{1,12}$' } as const;
const params = (...names: string[]) => ({
  type: 'object',
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, name === 'form' ? { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } : ID])),
});
const body = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const DAY = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const FILTERS = {
  status: { enum: SUBMISSION_STATUSES },
  assignee: { type: 'string', minLength: 1, maxLength: 254 },
  unassigned: { enum: ['1'] },
  since: DAY,
  until: DAY,
  search: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
} as const;
const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...FILTERS,
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    pageSize: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
  },
} as const;
const EXPORT_QUERY = { type: 'object', additionalProperties: false, properties: { ...FILTERS, excel: { enum: ['1'] } } } as const;

interface FilterQuery {
  status?: SubmissionStatus;
  assignee?: string;
  unassigned?: '1';
  since?: string;
  until?: string;
  search?: string;
}

const filtersOf = (query: FilterQuery): SubmissionFilters => ({
  status: query.status,
  assignee: query.unassigned ? null : query.assignee,
  since: query.since,
  until: query.until,
  search: query.search,
});

export default async function deskRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }): Promise<void> {
  const { db } = ctx;
  const forms = await loadSubmittableForms();
  // A demo start's desk has a few submissions to show (server/studio/demo.ts); a production one, only the site's.
  if (ctx.demo) await seedDemoSubmissions(db, forms, ctx.now());
  const orders = new OrderStore(db);
  const read: { access: Access } = { access: { action: 'read', subject: 'Desk' } };
  const manage: { access: Access } = { access: { action: 'manage', subject: 'Desk' } };
  const exporting: { access: Access } = { access: { action: 'export', subject: 'Desk' } };

  /** The desk's refusals as answers; anything else goes on to the studio's error handler. */
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DeskError) {
      request.log.info({ reason: error.reason, detail: error.message }, 'studio desk: refused');
      return reply.code(DESK_STATUS[error.reason]).send({ message: DESK_TEXT[error.reason] });
    }
    throw error;
  });

  const actorOf = (request: FastifyRequest): Actor => ({
    id: `studio:${request.studio!.account.id}`,
    email: request.studio!.account.email,
  });

  /** Writes the audit row of what the desk did; an action that changed nothing is recorded as such. */
  const record = (request: FastifyRequest, done: DeskAction) =>
    audit(
      db,
      {
        actor: request.studio!.account.email,
        ip: request.ip,
        requestId: request.id,
        action: done.action,
        target: `${done.target.kind}#${done.target.id}`,
        before: done.before,
        after: done.changed ? done.after : { ...done.after, unchanged: true },
      },
      new Date(done.at),
    );
  const recordRead = (request: FastifyRequest, action: string, target: string | null, after: Record<string, unknown>) =>
    audit(db, { actor: request.studio!.account.email, ip: request.ip, requestId: request.id, action, target, after }, ctx.now());

  const formOf = (key: string) => {
    const form = forms.get(key);
    if (!form) throw new DeskError('not-found', `No form '${key}'.`);
    return form;
  };
  const summary = (done: DeskAction): DeskActionSummary => ({
    action: done.action,
    changed: done.changed,
    before: done.before,
    after: done.after,
  });

  // ---------------------------------------------------------------------------------------------
  // Submissions.

  app.get('/forms', { config: read }, async () => ({
    forms: [...forms.values()].map((form) => ({
      key: form.key,
      title: typeof form.schema.title === 'string' ? form.schema.title : form.key,
    })),
  }));

  app.get<{ Params: { form: string }; Querystring: FilterQuery & { page?: string; pageSize?: string } }>(
    '/forms/:form/submissions',
    { config: read, schema: { params: params('form'), querystring: LIST_QUERY } },
    async (request, reply) => {
      const pageSize = Number(request.query.pageSize ?? MAX_PAGE_SIZE);
      if (pageSize > MAX_PAGE_SIZE) return reply.code(400).send({ message: texts.desk.pageSize });
      const filters = { ...filtersOf(request.query), page: Number(request.query.page ?? 1), pageSize };
      return listSubmissions(db, formOf(request.params.form), filters, ctx.now());
    },
  );

  app.get<{ Params: { form: string }; Querystring: FilterQuery & { excel?: '1' } }>(
    '/forms/:form/submissions.csv',
    { config: exporting, schema: { params: params('form'), querystring: EXPORT_QUERY } },
    async (request, reply) => {
      const form = formOf(request.params.form);
      const { csv, submissions } = await exportSubmissionsCsv(db, form, filtersOf(request.query), { excel: request.query.excel === '1' });
      await recordRead(request, 'submission.export', `form#${form.key}`, { rows: submissions, ...request.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${form.key}-submissions.csv"`)
        .send(csv);
    },
  );

  app.get<{ Params: { id: string } }>('/submissions/:id', { config: read, schema: { params: params('id') } }, async (request) =>
    openSubmission(db, forms, Number(request.params.id), ctx.now()),
  );

  app.put<{ Params: { id: string }; Body: { status: SubmissionStatus } }>(
    '/submissions/:id/status',
    { config: manage, schema: { params: params('id'), body: body({ status: { enum: SUBMISSION_STATUSES } }) } },
    async (request) => {
      const done = await setSubmissionStatus(db, actorOf(request), Number(request.params.id), request.body.status, ctx.now());
      await record(request, done);
      return summary(done);
    },
  );

  // An assignee is an account of the studio that is not disabled (its e-mail), or nobody (null).
  app.put<{ Params: { id: string }; Body: { assignee: string | null } }>(
    '/submissions/:id/assignee',
    {
      config: manage,
      schema: { params: params('id'), body: body({ assignee: { type: ['string', 'null'], minLength: 3, maxLength: 254 } }) },
    },
    async (request, reply) => {
      const { assignee } = request.body;
      const account = assignee === null ? undefined : await accountByEmail(db.query, assignee.trim().toLowerCase());
      if (assignee !== null && (!account || account.disabled)) return reply.code(400).send({ message: texts.desk.noAssignee });
      const done = await assignSubmission(db, actorOf(request), Number(request.params.id), account?.email ?? null, ctx.now());
      await record(request, done);
      return summary(done);
    },
  );

  app.post<{ Params: { id: string }; Body: { note: string } }>(
    '/submissions/:id/notes',
    {
      config: manage,
      schema: { params: params('id'), body: body({ note: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH } }) },
    },
    async (request, reply) => {
      const done = await addSubmissionNote(db, actorOf(request), Number(request.params.id), request.body.note, ctx.now());
      await record(request, done);
      return reply.code(201).send(summary(done));
    },
  );

  // A file goes as an attachment of the type checked on upload, never shown inline (nosniff: every studio answer).
  app.get<{ Params: { id: string; file: string } }>(
    '/submissions/:id/files/:file',
    { config: exporting, schema: { params: params('id', 'file') } },
    async (request, reply) => {
      const file = await readSubmissionFile(db, Number(request.params.id), Number(request.params.file));
      await recordRead(request, 'submission.file', `submission#${request.params.id}`, {
        file: Number(request.params.file),
        name: file.downloadName,
        mime: file.mime,
      });
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', file.contentDisposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Orders.

  app.get<{ Querystring: { q: string } }>(
    '/orders',
    {
      config: read,
      schema: {
        querystring: body({ q: { type: 'string', minLength: 1, maxLength: MAX_ORDER_QUERY_LENGTH } }),
      },
    },
    async (request) => ({ orders: await findOrders(db, request.query.q) }),
  );

  app.get<{ Params: { id: string } }>('/orders/:id', { config: read, schema: { params: params('id') } }, async (request) =>
    openOrder(db, Number(request.params.id)),
  );

  app.post<{ Params: { id: string } }>('/orders/:id/resend-keys', { config: manage, schema: { params: params('id') } }, async (request) => {
    const done = await resendKeyEmail(db, ctx.mail.outbox, actorOf(request), Number(request.params.id), ctx.now());
    ctx.mail.notify();
    await record(request, done);
    return summary(done);
  });

  // ---------------------------------------------------------------------------------------------
  // Payments to review. Resolving is idempotent: of two staff at once, one resolves it (and issues
  // its keys when asked), the other's answer says it changed nothing.

  app.get('/payment-reviews', { config: read }, async () => ({ reviews: await listReviews(orders) }));

  app.post<{ Params: { id: string }; Body: { resolution: string; issueKeys: boolean } }>(
    '/payment-reviews/:id/resolve',
    {
      config: manage,
      schema: {
        params: params('id'),
        body: body({ resolution: { type: 'string', minLength: 1, maxLength: MAX_RESOLUTION_LENGTH }, issueKeys: { type: 'boolean' } }, [
          'resolution',
        ]),
      },
    },
    async (request) => {
      const done = await resolveReview(
        orders,
        actorOf(request),
        Number(request.params.id),
        { note: request.body.resolution, issueKeys: request.body.issueKeys ? { mail: ctx.mail, product: ctx.product } : undefined },
        ctx.now(),
      );
      await record(request, done);
      return summary(done);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // E-mails: those not sent yet and those that failed, with why; resend one.

  app.get<{ Querystring: { status?: OutboxStatus } }>(
    '/emails',
    {
      config: read,
      schema: { querystring: body({ status: { enum: ['pending', 'failed'] } }, []) },
    },
    async (request) => {
      const { counts, rows } = await listEmails(ctx.mail.outbox, request.query.status ? [request.query.status] : undefined);
      return { counts, emails: rows.map(emailItem) };
    },
  );

  app.post<{ Params: { id: string }; Body: { evenIfSent?: boolean } }>(
    '/emails/:id/resend',
    { config: manage, schema: { params: params('id'), body: body({ evenIfSent: { type: 'boolean' } }, []) } },
    async (request: FastifyRequest<{ Params: { id: string }; Body: { evenIfSent?: boolean } }>, reply: FastifyReply) => {
      const done = await resendEmail(ctx.mail.outbox, actorOf(request), Number(request.params.id), {
        evenIfSent: request.body.evenIfSent,
        now: ctx.now(),
      });
      ctx.mail.notify();
      await record(request, done);
      return reply.send(summary(done));
    },
  );
}
