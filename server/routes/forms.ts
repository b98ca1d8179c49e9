import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isObject } from '../../domain/guards';
import type { Readable } from 'node:stream';
import type { ServerContext } from '../context';
import { fieldErrors, inFormOrder, type FieldErrors } from '../forms/errors';
import { formBodyLimit } from '../forms/limits';
import { formMail } from '../mail/form-mail';
import type { FileRule } from '../../domain/file-rules';
import { followForm, loadSubmittableForms, type SubmittableForm } from '../forms/registry';
import type { ReleaseForms } from '../forms/release-forms';
import { acceptedType, admits, claimedType, cleanFileName, uploadProblem } from '../forms/uploads';
import { SubmissionStore, type UploadedFile } from '../forms/store';
import { checked, HttpError, list, notFound, QUERY, queryNumber } from '../http';
import {
  clientBudget,
  DEFAULT_FORM_FILE_RATE_LIMIT,
  formRateLimit,
  registerRateLimit,
  sharedPerMinute,
  perMinuteOf,
  type LimitedRoutesOptions,
} from '../rate-limit';

/** What a submission carries besides its files: `key` and `data` (the form data as JSON text). */
interface Envelope {
  key: unknown;
  data: unknown;
}

/** The route's options: the rate limits', the upload quota and the uploads' budget per client. */
export interface FormRoutesOptions extends LimitedRoutesOptions {
  /** Bytes the stored uploads may take in all (UPLOAD_QUOTA_MB); a submission with files beyond it is refused with 507. */
  uploadQuotaBytes?: number;
  /** Bytes of uploads one client may store a day (UPLOAD_CLIENT_DAILY_MB); beyond them 429. 0 or absent: no budget. */
  uploadClientBytesPerDay?: number;
  /** The live content release's forms: a form it changes is checked with its version (release-forms.ts). */
  releaseForms?: ReleaseForms;
}

const DAY_SECONDS = 86_400;
/** A multipart content type, the only kind of body that carries files. */
const MULTIPART = /^\s*multipart\//i;

/** What a visitor reads when the uploads' storage is full. */
export const UPLOADS_FULL_MESSAGE = 'We cannot accept files at the moment. Please try again later.';

/** An upload of a file field: accepted (with its bytes) or refused with the form's message. */
type Upload = { field: string; filename: string; file?: UploadedFile; error?: string };

/** A name that does not claim an accepted type is refused before its bytes are read. */
function mayBeAccepted(rule: FileRule, filename: string): boolean {
  const claimed = claimedType(filename);
  return claimed !== undefined && admits(rule, claimed);
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

/**
 * Reads a multipart submission: its text fields, and each file of a declared file field, bounded
 * by the form's maxBytes (busboy stops buffering past the limit; the part is refused with the
 * form's size message). Files of undeclared fields are read and discarded.
 */
async function readMultipart(
  request: FastifyRequest,
  form: SubmittableForm,
  textLimit: number,
): Promise<{ envelope: Envelope; uploads: Upload[] }> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const uploads: Upload[] = [];
  const maxBytes = Math.max(1, ...form.files.map((f) => f.maxBytes));
  const parts = request.parts({
    limits: {
      fileSize: maxBytes,
      files: Math.max(1, form.files.length),
      fields: 4,
      fieldSize: textLimit,
      parts: 4 + form.files.length,
      headerPairs: 20,
    },
  });
  try {
    for await (const part of parts) await readPart(part);
  } catch (error) {
    // The plugin's own errors (too many files or fields) carry their status; a broken body is the client's.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new HttpError(400, 'The multipart body could not be read.');
  }
  return { envelope: { key: fields.key, data: fields.data }, uploads };

  async function readPart(part: Multipart): Promise<void> {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      return;
    }
    const rule = form.files.find((f) => f.field === part.fieldname);
    const filename = cleanFileName(part.filename ?? '');
    if (!rule || filename === '' || uploads.some((u) => u.field === part.fieldname)) return drain(part.file);
    if (!mayBeAccepted(rule, filename)) {
      await drain(part.file);
      uploads.push({ field: rule.field, filename, error: rule.typeMessage });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) {
      uploads.push({ field: rule.field, filename, error: rule.sizeMessage });
      return;
    }
    // The content decides: its first bytes must be of an accepted type (the browser's MIME type is not trusted).
    const content = Buffer.concat(chunks);
    const type = acceptedType(rule, filename, content);
    // Beyond the first bytes: a DOCX must unpack within bounds, a PDF must not go on as HTML (uploads.ts).
    const problem = type && (await uploadProblem(type, content));
    if (problem) request.log.warn({ form: form.key, field: rule.field, problem }, 'upload refused');
    if (!type || problem) {
      uploads.push({ field: rule.field, filename, error: rule.typeMessage });
      return;
    }
    uploads.push({ field: rule.field, filename, file: { filename, mime: type.mime, content } });
  }
}

function readJson(body: unknown): Envelope {
  if (!isObject(body)) throw new HttpError(400, 'The body must be a JSON object with key and data.');
  return { key: body.key, data: body.data };
}

/** The form data: `data` must be JSON text. */
function parseData(data: unknown): unknown {
  if (typeof data !== 'string') throw new HttpError(400, 'data must be the form data as JSON text.');
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw new HttpError(400, 'data is not valid JSON.');
  }
}

/**
 * POST form-emails/{key}, for every form whose flow.target is 'form-emails/<key>':
 * validates the data with the form's precompiled validator (the browser's own) and stores the
 * submission with its e-mail to the form's recipients (the outbox) before answering 201 { data: { id } }; 422 { message, errors: { field: [messages] } }
 * with the form's messages otherwise. Rate limited per IP. In demo mode the latest submissions are
 * listed by formDevRoutes (GET /api/dev/form-submissions).
 */
const formRoutes: FastifyPluginAsync<FormRoutesOptions> = async (app, opts) => {
  const forms = await loadSubmittableForms();
  const store = new SubmissionStore(opts.db);
  const quotaBytes = opts.uploadQuotaBytes ?? Number.POSITIVE_INFINITY;

  // Both plugins are scoped to this module: the content routes are neither limited nor multipart.
  await registerRateLimit(app, 'forms');
  // An oversized file is truncated at the limit (part.file.truncated) and refused with the form's message.
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  // One budget per client for every form endpoint, and a lower one for the submissions that carry
  // files (multipart: the only way a file comes), counted before the body is read.
  const formLimit = sharedPerMinute(app, formRateLimit(opts.formRateLimit));
  // (The content type is read: the multipart plugin marks a request only as it parses the body.)
  const fileLimit = perMinuteOf(opts.shared, 'rate-limit:forms:files', opts.formFileRateLimit ?? DEFAULT_FORM_FILE_RATE_LIMIT, (request) =>
    MULTIPART.test(request.headers['content-type'] ?? ''),
  );
  const limit = { onRequest: [formLimit.onRequest, fileLimit] };
  // A client may store UPLOAD_CLIENT_DAILY_MB of uploads a day, whatever the forms.
  const budgetBytes = opts.uploadClientBytesPerDay ?? 0;
  const uploadBudget =
    budgetBytes > 0 ? clientBudget(opts.shared, { keyPrefix: 'upload-bytes', points: budgetBytes, seconds: DAY_SECONDS }) : undefined;
  // One route per form, so that each has a body limit sized to its form (forms/limits.ts); files
  // are bounded by the form's own maxBytes (multipart limits), not by the body limit.
  for (const loaded of forms.values()) {
    const textLimit = formBodyLimit(loaded.schema);
    // In demo mode forms are edited while the server runs (`npm run dev`, `npm run edit`): a saved
    // form is taken in at its next submission (registry.ts); in production each is read once.
    const built = opts.demo ? followForm(loaded) : () => Promise.resolve(loaded);
    // The live content release's version of the form, where it changes it (its messages, its fields).
    const latest = async () => {
      const form = await built();
      return opts.releaseForms?.current().submittable(form) ?? form;
    };
    app.post(`/form-emails/${loaded.key}`, { ...limit, bodyLimit: textLimit }, async (request, reply) => {
      const form = await latest();
      const { envelope, uploads } = request.isMultipart()
        ? await readMultipart(request, form, textLimit)
        : { envelope: readJson(request.body), uploads: [] };
      if (envelope.key !== form.key) throw new HttpError(400, `key must be '${form.key}'.`);
      const parsed = parseData(envelope.data);

      // A file field's value is the name of the file uploaded with it, whatever `data` says.
      let data = parsed;
      if (form.files.length > 0 && isObject(parsed)) {
        const withFiles: Record<string, unknown> = { ...parsed };
        for (const rule of form.files) {
          const upload = uploads.find((u) => u.field === rule.field);
          if (upload) withFiles[rule.field] = upload.filename;
          else delete withFiles[rule.field];
        }
        data = withFiles;
      }

      const refusedUploads = uploads.filter((upload) => upload.error).length;
      if (refusedUploads > 0) opts.metrics.uploads.inc({ result: 'refused' }, refusedUploads);
      let errors: FieldErrors = form.validate(data) ? {} : fieldErrors(form.validate.errors);
      for (const upload of uploads) if (upload.error) errors[upload.field] = [upload.error];
      errors = inFormOrder(errors, form.order);
      const first = Object.values(errors)[0]?.[0];
      if (first !== undefined) return reply.code(422).send({ message: first, errors });

      // The submission, its files and its e-mail to staff are stored together, or not at all; the
      // visitor's success dialog means exactly that. The e-mail leaves after, from the outbox.
      const createdAt = opts.now().toISOString();
      const files = uploads.flatMap((u) => (u.file ? [u.file] : []));
      const bytes = files.reduce((sum, file) => sum + file.content.length, 0);
      const waitMs = uploadBudget && bytes > 0 ? await uploadBudget.take(request.ip, bytes) : 0;
      if (waitMs > 0) {
        request.log.warn(
          { form: form.key, bytes },
          'uploads: the client used its daily budget (UPLOAD_CLIENT_DAILY_MB), submission refused',
        );
        opts.metrics.uploads.inc({ result: 'refused' }, files.length);
        opts.metrics.uploadSubmissionsRefused.inc({ reason: 'budget' });
        const message = form.files.find((rule) => uploads.some((u) => u.file && u.field === rule.field))?.budgetMessage;
        return reply
          .code(429)
          .header('retry-after', String(Math.ceil(waitMs / 1000)))
          .send({ message });
      }
      // One write transaction: the quota is read and the files written under one write lock
      // ('uploads'), whatever other process or instance writes.
      const stored = await opts.db.write('uploads', async (q) => {
        // The quota: the files stored so far and these together stay within UPLOAD_QUOTA_MB.
        if (bytes > 0 && (await store.storedBytes(q)) + bytes > quotaBytes) return undefined;
        const submissionId = await store.add({ formKey: form.key, data, createdAt, ip: request.ip ?? null, files }, q);
        const fields = isObject(data) ? data : {};
        const mail = formMail({ form, data: fields, submissionId, createdAt, files: files.map((f) => f.filename) }, opts.mail.frame());
        await opts.mail.outbox.enqueue(mail, createdAt, q);
        return submissionId;
      });
      if (stored === undefined) {
        // The operator must act (raise UPLOAD_QUOTA_MB, shorten UPLOAD_RETENTION_DAYS): logged at error level.
        request.log.error({ form: form.key, bytes, quotaBytes }, 'uploads: storage quota (UPLOAD_QUOTA_MB) reached, submission refused');
        opts.metrics.uploads.inc({ result: 'refused' }, files.length);
        opts.metrics.uploadSubmissionsRefused.inc({ reason: 'quota' });
        // Nothing was stored: the client's budget is as it was.
        if (uploadBudget && bytes > 0) await uploadBudget.giveBack(request.ip, bytes);
        return reply.code(507).send({ message: UPLOADS_FULL_MESSAGE });
      }
      opts.metrics.formSubmissions.inc({ form: form.key });
      if (files.length > 0) opts.metrics.uploads.inc({ result: 'stored' }, files.length);
      opts.mail.notify();
      return reply.code(201).send({ data: { id: stored } });
    });
  }
  app.post<{ Params: { key: string } }>('/form-emails/:key', limit, async (request, reply) =>
    notFound(reply, `Unknown form '${request.params.key.slice(0, 50)}'.`),
  );
};

/** GET /api/dev/form-submissions[?form=<key>&limit=<n>] (demo mode only): the latest submissions, without file bytes. */
export const formDevRoutes: FastifyPluginAsync<ServerContext> = async (app, opts) => {
  if (!opts.demo) return;
  const store = new SubmissionStore(opts.db);
  app.get<{ Querystring: { form?: unknown; limit?: string } }>(
    '/form-submissions',
    checked({ querystring: { limit: QUERY.limit } }),
    async (request) => {
      const { form, limit } = request.query;
      const formKey = typeof form === 'string' && form !== '' ? form : undefined;
      return list(await store.latest({ formKey, limit: queryNumber(limit) }));
    },
  );
};

export default formRoutes;
