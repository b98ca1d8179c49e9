import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { collectErrors } from './helpers';

/**
 * A content release that changes the contact form's e-mail message (server/forms/release-forms.ts):
 * the browser shows the release's message, loading the server-compiled validator under the site's
 * CSP. The release is made on a server of its own (release-forms-server.ts), so the shared e2e
 * server's forms stay the build's for the other specs.
 */

const NEW_MESSAGE = 'Please give an e-mail address like name@example.com';
const ROOT = resolve(import.meta.dirname, '../..');

let server: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  server = spawn(join('node_modules', '.bin', 'tsx'), ['tests/e2e/release-forms-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  origin = await new Promise<string>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) done(out.trim());
    });
    server.on('exit', (code) => fail(new Error(`release-forms-server.ts ended (${code})`)));
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test("the browser checks a changed form with the release's message, under the site's CSP", async ({ page }) => {
  const errors = collectErrors(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${origin}/contact`);
  const email = page.getByLabel(/^Email\s*\*?$/);
  await email.fill('juan@example');
  await page.locator('.form-runner').getByRole('button', { name: 'Submit' }).click();
  const id = await email.getAttribute('id');
  await expect(page.locator(`#${id}__error`)).toHaveText(NEW_MESSAGE);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
