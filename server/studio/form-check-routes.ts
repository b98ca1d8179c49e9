import type { FastifyInstance } from 'fastify';
import type { StudioEditor } from '../content/studio-editor';
import { createFormChecker } from '../forms/form-check';
import { formNameOf } from '../../scripts/lib/project';
import { MAX_FORM_TEXT } from '../forms/release-form-compile';
import type { StudioContext } from './context';
import { object } from './route-helpers';
import texts from './texts.json';

/**
 * POST /api/studio/editor/forms/check `{ file, formData, value? }`: the errors form `file`
 * (forms/<name>.json) gives for `formData`, per field with the form's own messages
 * (`{ errors: { field: [messages] } }`, as a submission's 422): the form as the account's draft
 * holds it, or `value` (the editor's unsaved file) in its place, compiled on the server
 * (server/forms/form-check.ts). The studio's form preview runs no compiled code: it shows these.
 * Content manage; CSRF as every write.
 */

/** The largest preview data (its JSON, characters): a form's data is small; more is refused (413). */
export const MAX_FORM_DATA = 64 * 1024;
/** The body: an unsaved form file up to the release's limit, the data and some room. */
const CHECK_BODY_LIMIT = MAX_FORM_TEXT + MAX_FORM_DATA + 4096;

const BODY = object({ file: { type: 'string', maxLength: 200 }, formData: {}, value: { type: 'object' } }, ['file', 'formData']);

export default async function formCheckRoutes(app: FastifyInstance, { ctx, editor }: { ctx: StudioContext; editor: StudioEditor }) {
  const checker = createFormChecker({ product: ctx.product });
  app.post<{ Body: { file: string; formData: unknown; value?: unknown } }>(
    '/forms/check',
    { config: { access: { action: 'manage', subject: 'Content' } }, bodyLimit: CHECK_BODY_LIMIT, schema: { body: BODY } },
    async (request, reply) => {
      const { file, formData, value } = request.body;
      if (formNameOf(file) === undefined) return reply.code(400).send({ message: texts.formCheck.notForm.replace('{file}', file) });
      if (JSON.stringify(formData).length > MAX_FORM_DATA) return reply.code(413).send({ message: texts.formCheck.dataTooLarge });
      const files = await editor.texts(request.studio!.account.id, value === undefined ? {} : { [file]: value });
      const outcome = checker.check(file, files, formData);
      if (!outcome) return reply.code(404).send({ message: texts.formCheck.noSuchForm.replace('{file}', file) });
      if (outcome.kind === 'refused') {
        const status = outcome.reason === 'too-large' ? 413 : 422;
        return reply.code(status).send({ message: texts.formCheck.refused[outcome.reason], reason: outcome.reason });
      }
      return { errors: outcome.errors };
    },
  );
}
