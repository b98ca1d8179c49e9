import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer } from '../../server/app';
import { insertRelease, liveRelease, nextReleaseNumber, releaseFiles, setLiveRelease } from '../../server/content/release-rows';

/**
 * A demo server of the built site whose live content release changes the contact form's e-mail
 * message (release-forms.spec.ts starts it with tsx, which loads the server's modules as `npm run
 * serve` does). Prints its origin once the release's form is served; stops on SIGTERM.
 */

const ROOT = resolve(import.meta.dirname, '../..');
export const NEW_MESSAGE = 'Please give an e-mail address like name@example.com';

function contactWithNewMessage(): string {
  const form = JSON.parse(readFileSync(join(ROOT, 'forms/contact.json'), 'utf8')) as { schema: { properties: Record<string, unknown> } };
  form.schema.properties.email = { $ref: 'fragments/email.json#/email', errorMessage: { pattern: NEW_MESSAGE } };
  return `${JSON.stringify(form, null, 2)}\n`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'telmed-release-forms-'));
const app = await buildServer({
  demo: true,
  dataDir,
  staticDir: process.env.E2E_STATIC_DIR ?? join(ROOT, 'dist'),
  contentReleasePollMs: 50,
  logger: 'silent',
});
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const { db, repo } = app.ctx;
await db.write('content', async (q) => {
  const live = (await liveRelease(repo, q)) ?? 0;
  const number = await nextReleaseNumber(q);
  const files = { ...((await releaseFiles(q, live)) ?? {}), 'forms/contact.json': contactWithNewMessage() };
  await insertRelease(q, {
    number,
    files,
    changed: ['forms/contact.json'],
    summary: [],
    source: 'studio',
    author: null,
    createdAt: new Date().toISOString(),
  });
  await setLiveRelease(repo, q, number);
});
// The instance serves the release once it has compiled its form.
for (let tries = 0; !(await app.inject({ url: '/contact', headers: { accept: 'text/html' } })).body.includes('/release-forms/'); tries++) {
  if (tries > 200) throw new Error('the release was not served within 10 s');
  await new Promise((done) => setTimeout(done, 50));
}
process.stdout.write(`${origin}\n`);
process.on('SIGTERM', () => {
  void app.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
