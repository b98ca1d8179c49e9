import type { FastifyPluginAsync } from 'fastify';
import { isObject } from '../../domain/guards';
import { HttpError } from '../http';
import { loadKeyForms, memberRecord, normalizeAccessKey, normalizePayload, payloadErrors, payloadKind, REFUSALS } from '../keys/activation';
import { formBodyLimit } from '../forms/limits';
import { KeyLockout } from '../keys/lockout';
import { KeyActivationStore } from '../keys/store';
import { KEY_RATE_LIMIT_FLOOR, perMinuteAtLeast, registerRateLimit, type LimitedRoutesOptions } from '../rate-limit';
import { clientKey } from '../render-budget';

/**
 * POST key-assignments: activates a key pair once.
 * - Body: the single form's fields, or a multi-member card's (told apart by the card's `employee` flag).
 * - 422 { message, errors } with the form's own messages when the data is invalid; 400 when the body is not an object.
 * - 404 { message } for an unknown pair (or a wrong activation code); 409 { message } for a key already activated.
 * - 429 { message } with Retry-After while the key is locked for this client (keys/lockout.ts: too many
 *   wrong codes from this client, or from everyone), whether the key exists or not.
 * - 200 { data: { access_key, status, activated_at } } once activated: status 'used', activated_at,
 *   member = the payload without the codes.
 */
const keyRoutes: FastifyPluginAsync<LimitedRoutesOptions> = async (app, opts) => {
  const forms = await loadKeyForms();
  const store = new KeyActivationStore(opts.db, new KeyLockout(opts.shared));

  await registerRateLimit(app, 'keys');

  app.post(
    '/key-assignments',
    {
      ...perMinuteAtLeast(KEY_RATE_LIMIT_FLOOR, opts.formRateLimit),
      bodyLimit: Math.max(formBodyLimit(forms.single.schema), formBodyLimit(forms.member.schema)),
    },
    async (request, reply) => {
      if (!isObject(request.body)) throw new HttpError(400, 'The body must be a JSON object.');
      const kind = payloadKind(request.body);
      const data = normalizePayload(request.body);
      const errors = payloadErrors(forms, kind, data, opts.now());
      const first = Object.values(errors)[0]?.[0];
      if (first !== undefined) {
        opts.metrics.keyActivations.inc({ result: 'refused' });
        return reply.code(422).send({ message: first, errors });
      }

      const result = await store.activate(
        normalizeAccessKey(String(data.access_key)),
        String(data.activation_code),
        // An IPv6 /64 is one client, as for the page budget.
        clientKey(request.ip),
        memberRecord(data),
        opts.now().toISOString(),
      );
      opts.metrics.keyActivations.inc({ result: result.ok ? 'succeeded' : result.reason === 'locked' ? 'locked' : 'refused' });
      if (!result.ok) {
        const refusal = REFUSALS[result.reason];
        if (result.reason === 'locked') reply.header('retry-after', String(result.retryAfterSeconds));
        return reply.code(refusal.status).send({ message: refusal.message });
      }
      return reply.code(200).send({ data: { access_key: result.accessKey, status: 'used', activated_at: result.activatedAt } });
    },
  );
};

export default keyRoutes;
