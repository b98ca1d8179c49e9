import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRelease, liveRelease, nextReleaseNumber, releaseFiles, setLiveRelease } from '../../server/content/release-rows';
import { runtimeChunkUrl } from '../../server/forms/release-forms';
import { startServer, submission, VALID_SUBMISSIONS } from './helpers';

/**
 * A content release that changes a form's message, on the built site (server/forms/release-forms.ts):
 * the API answers with the new message, the page names the release's form and validator URLs, and
 * the validator module, served from this origin, runs in Node with the build's helper chunk.
 */

const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'dist');
export const NEW_MESSAGE = 'Please give an e-mail address like name@example.com';
export const NEW_LABEL = 'Your e-mail address';

/** forms/contact.json with the e-mail pattern's message replaced. */
export function contactWithNewMessage(): string {
  const form = JSON.parse(readFileSync(join(ROOT, 'forms/contact.json'), 'utf8')) as { schema: { properties: Record<string, unknown> } };
  form.schema.properties.email = { $ref: 'fragments/email.json#/email', title: NEW_LABEL, errorMessage: { pattern: NEW_MESSAGE } };
  return `${JSON.stringify(form, null, 2)}\n`;
}

/** The JSON the page hands to the browser. */
function pageData(html: string): { forms?: Record<string, { file: string; module: string }> } {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as { forms?: Record<string, { file: string; module: string }> };
}

let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ app, cleanup } = await startServer({ staticDir: DIST, contentReleasePollMs: 50, formRateLimit: 1000 }));
}, 120_000);
afterAll(async () => cleanup?.());

/** Makes release files over the live ones live, as a publish does, and waits until this instance serves it. */
async function publish(files: Record<string, string>): Promise<void> {
  const { db, repo } = app.ctx;
  await db.write('content', async (q) => {
    const live = (await liveRelease(repo, q)) ?? 0;
    const number = await nextReleaseNumber(q);
    const all = { ...((await releaseFiles(q, live)) ?? {}), ...files };
    await insertRelease(q, {
      number,
      files: all,
      changed: Object.keys(files),
      summary: [],
      source: 'studio',
      author: null,
      createdAt: new Date().toISOString(),
    });
    await setLiveRelease(repo, q, number);
  });
  await expect
    .poll(async () => pageData((await app.inject({ url: '/contact', headers: { accept: 'text/html' } })).body).forms !== undefined, {
      timeout: 10_000,
    })
    .toBe(true);
}

const badEmail = () => ({ ...VALID_SUBMISSIONS['contact-us'], email: 'not-an-address' });
const post = () => app.inject({ method: 'POST', url: '/api/v1/form-emails/contact-us', payload: submission('contact-us', badEmail()) });

describe("a release's changed form", () => {
  it('hands nothing over while every form is the build’s', async () => {
    const page = await app.inject({ url: '/contact', headers: { accept: 'text/html' } });
    expect(pageData(page.body).forms).toBeUndefined();
    expect(page.body).not.toContain(NEW_LABEL);
    expect((await post()).json()).toMatchObject({ errors: { email: ['Email must be valid'] } });
  });

  it('is checked, rendered and served as the release has it', async () => {
    await publish({ 'forms/contact.json': contactWithNewMessage() });
    // (a) The API's message is the release's.
    const refused = await post();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { email: [NEW_MESSAGE] } });

    // (b) The page names the module and the file, served content-addressed from this origin.
    const page = await app.inject({ url: '/contact', headers: { accept: 'text/html' } });
    // The server renders the release's form (its label).
    expect(page.body).toContain(NEW_LABEL);
    const urls = pageData(page.body).forms!.contact;
    expect(urls.module).toMatch(/^\/release-forms\/[0-9a-f]{32}\.js$/);
    const served = await app.inject({ url: urls.module });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/javascript/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).not.toMatch(/\beval\s*\(|\bnew Function\b|\bFunction\s*\(/);
    const runtime = runtimeChunkUrl(DIST)!;
    expect(served.body).toContain(JSON.stringify(runtime));
    const file = await app.inject({ url: urls.file });
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.body).toContain(NEW_MESSAGE);
    expect((await app.inject({ url: '/release-forms/0123456789abcdef0123456789abcdef.js' })).statusCode).toBe(404);

    // In Node, with the build's helper chunk as the module's import, it validates with the new message.
    const code = served.body.replace(JSON.stringify(runtime), JSON.stringify(pathToFileURL(join(DIST, runtime)).href));
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      default: Record<string, ((data: unknown) => boolean) & { errors?: Array<{ message?: string }> }>;
      rootKey: string;
    };
    const validate = mod.default[mod.rootKey];
    expect(validate(badEmail())).toBe(false);
    expect(validate.errors?.map((error) => error.message)).toContain(NEW_MESSAGE);
    expect(validate(VALID_SUBMISSIONS['contact-us'])).toBe(true);
  });
});
