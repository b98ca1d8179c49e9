import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inProcessFetch } from '../in-process-fetch';
import { framedByStudio } from '../security';
import { createDraftApis, type DraftApisOptions } from './apis';
import { mayPreview, previewContent } from './draft';
import { scopedFetch } from './fetch-scope';
import { createPreviewForms } from '../forms/preview-forms';
import { createVmForms } from '../forms/vm-forms';
import { createPreviewPages } from './page';
import { liveScript } from './live-script';
import { PREVIEW_PREFIX, readPreviewGrant } from './token';
import { unsavedContent } from './unsaved';

/**
 * GET /__preview/<token>/<page path> on the site's port: the page as the account's draft makes it
 * (draft.ts: the draft over the live release, and the editor's unsaved values over both,
 * unsaved.ts; its pages.config.json gives the pages' sections, release-layout.ts, its form files the
 * forms, forms/preview-forms.ts), rendered by the
 * production renderer (page.ts) from an API over the draft's content (apis.ts). Never cached anywhere (no-store; not in the HTML cache,
 * which only the site's own renderer fills), never indexed (X-Robots-Tag and a robots meta tag),
 * framed only by the studio's origin. A token that is malformed, tampered with or expired, or whose
 * account no longer exists, is disabled or may no longer change the content, answers 404 with nothing
 * of the content. A page runs one script, its live script (live-script.ts, with the answer's own
 * nonce): the studio tells it when the draft changed and it brings the page up to date in place.
 * Its request names the studio's send it follows (header X-Preview-Seq, unsaved.ts): the page is
 * rendered once that send is kept, or after SEQ_WAIT_MS with what is kept then.
 */

export interface PreviewSettings {
  /** The preview token key (token.ts previewKey of STUDIO_SECRET_KEY). */
  key: Buffer;
  /** The studio's origin: the only one that may frame a preview. */
  studioUrl: string;
}

const NOT_FOUND = 'Not found';
const BAD_REQUEST = 'Bad request';
/** The header naming the studio's send a refresh follows (a whole number, as the studio counts them). */
const SEQ_HEADER = 'x-preview-seq';
const SEQ = /^\d{1,15}$/;
/** The longest a page waits for the send it follows (one lost on the way renders without it). */
const SEQ_WAIT_MS = 1000;

/** Headers of every preview answer, the refusals included (a page's with its live script's nonce). */
function previewHeaders(reply: FastifyReply, studioUrl: string, nonce?: string): FastifyReply {
  return framedByStudio(reply, studioUrl, nonce).header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
}

export async function registerPreview(
  app: FastifyInstance,
  options: PreviewSettings & { staticDir: string } & Omit<DraftApisOptions, 'log' | 'now' | 'product'>,
): Promise<void> {
  const { ctx } = app;
  const forms = createPreviewForms({ product: ctx.product, vmForms: createVmForms(), root: options.root });
  const pages = await createPreviewPages(options.staticDir, ctx.publicUrl, scopedFetch(inProcessFetch(app)), forms);
  if (!pages) return;
  const apis = createDraftApis({ ...options, product: ctx.product, now: ctx.now, log: app.log });
  app.addHook('onClose', async () => apis.close());
  const unsaved = unsavedContent(ctx.shared);
  const script = liveScript(options.studioUrl);

  const handler = async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    previewHeaders(reply, options.studioUrl);
    const { token } = request.params;
    const grant = readPreviewGrant(options.key, token, ctx.now());
    if (grant === undefined || !(await mayPreview(ctx.db.query, grant.accountId))) {
      return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
    }
    const seq = request.headers[SEQ_HEADER];
    if (seq !== undefined) {
      if (typeof seq !== 'string' || !SEQ.test(seq)) return reply.code(400).type('text/plain; charset=utf-8').send(BAD_REQUEST);
      await unsaved.reached(grant.accountId, Number(seq), SEQ_WAIT_MS);
    }
    // The page's path and query as the request spells them (the renderer redirects other spellings).
    const href = request.url.slice(`${PREVIEW_PREFIX}/${token}`.length) || '/';
    const { accountId, asOf } = grant;
    const content = await previewContent(ctx.db.query, accountId, options.root, await unsaved.get(accountId), asOf);
    const nonce = randomBytes(16).toString('base64');
    const head = `<script nonce="${nonce}">${script}</script>`;
    const path = href.startsWith('/') ? href : `/${href}`;
    // The draft's layout and forms (over the live release's) render its pages' sections and forms.
    const answer = await apis.use(accountId, content, (api) => pages.render(path, token, api, head, content.texts));
    if (answer.kind === 'redirect') return reply.code(302).header('location', answer.location).send();
    previewHeaders(reply, options.studioUrl, nonce);
    return reply.code(answer.status).type('text/html; charset=utf-8').send(answer.html);
  };
  app.get(`${PREVIEW_PREFIX}/:token`, handler);
  app.get(`${PREVIEW_PREFIX}/:token/*`, handler);
  app.decorate('previewApis', apis);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The previews' APIs (tests count them); absent without previews. */
    previewApis?: import('./apis').DraftApis;
  }
}
