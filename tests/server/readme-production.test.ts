import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { signatureHeader, SIGNATURE_HEADER } from '../../server/shop/signature';
import { BILLING_FORM, tempDir } from './helpers';
import { startSmtp } from './smtp';

/**
 * The README's production start, followed as written on a fresh copy of the project: its commands run
 * in order with its settings, the placeholders (<...>) filled with what this machine has (a local SMTP
 * server, a secret, a provider URL) and a free PORT. One step is not run as written: `npm ci`, which
 * would download and compile every package again; the copy links this checkout's node_modules
 * instead (package by package). Then a buyer checks out, the payment provider confirms the payment with a signed
 * notification (the provider is the boundary we do not own), and the keys must arrive by e-mail.
 */

const ROOT = resolve(__dirname, '../..');

/** The README's production start block: its command lines and its `NAME=value \` settings. */
function productionStart(readme: string): { commands: string[]; settings: Record<string, string>; start: string } {
  const section = readme.slice(readme.indexOf('### Production start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README: no ```sh block under "### Production start"');
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  const settings: Record<string, string> = {};
  const commands: string[] = [];
  let start = '';
  for (const line of lines) {
    const setting = /^([A-Z_]+)=(.*?)\s*\\$/.exec(line);
    if (setting) {
      const value = setting[2];
      settings[setting[1]] = value.startsWith("'") && value.endsWith("'") ? value.slice(1, -1) : value;
    } else if (Object.keys(settings).length > 0) start = line.trim();
    else commands.push(...line.split('&&').map((c) => c.trim()));
  }
  return { commands, settings, start };
}

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * A copy of the working tree (tracked and new files, nothing ignored) in `to`, with this checkout's
 * packages linked one by one: the copy's node_modules/.cache (generate's memo, the scripts' bundles)
 * and .vite are its own, so its build never rewrites what a test of this checkout is reading.
 */
function freshCopy(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(to, file));
    } catch {
      // a file deleted in the working tree but not yet in the index
    }
  }
  mkdirSync(join(to, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '.cache' && entry !== '.vite') symlinkSync(join(ROOT, 'node_modules', entry), join(to, 'node_modules', entry));
  }
}

/**
 * The environment of an operator's shell: this one without what the test runner adds (NODE_ENV=test
 * and VITEST*), which would make `vite build` a development build.
 */
const operatorEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));

/** Signals a child's whole process group (it was spawned detached). */
function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) stopGroup(child, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the README's production start", () => {
  it('reads the block: its commands, every required setting, and the start', () => {
    const { commands, settings, start } = productionStart(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(commands).toEqual(['npm ci', 'npm run build']);
    expect(Object.keys(settings).sort()).toEqual(
      ['MAIL_FROM', 'PAYMENT_PROVIDER_URL', 'PAYMENT_WEBHOOK_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
    expect(start).toBe('npm run serve');
  });

  it("followed on a fresh copy with a local SMTP server, ends with a bought plan's keys in the mailbox", async () => {
    const { commands, settings, start } = productionStart(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const copy = tempDir('telmed-readme-');
    dirs.push(copy);
    freshCopy(copy);
    for (const command of commands) {
      if (command === 'npm ci') continue; // node_modules is linked (see above)
      const run = spawnSync('bash', ['-c', command], { cwd: copy, encoding: 'utf8', env: operatorEnv() });
      expect(run.status, `${command}\n${run.stdout}\n${run.stderr}`).toBe(0);
    }

    const smtp = await startSmtp();
    const secret = randomBytes(32).toString('hex');
    const fill: Record<string, string> = {
      PAYMENT_WEBHOOK_SECRET: secret,
      PAYMENT_PROVIDER_URL: 'https://pay.provider.test/payment-requests',
      SMTP_URL: smtp.url,
    };
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(settings)) env[name] = value.includes('<') && name in fill ? fill[name] : value;
    expect(Object.values(env).join(' ')).not.toMatch(/<[a-z ]+>/); // every placeholder filled
    const port = await freePort();
    // A process group of its own: npm, tsx and the server under it all stop with it.
    const server = spawn('bash', ['-c', start], {
      cwd: copy,
      env: { ...operatorEnv(), ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(server);
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Listening on')) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).not.toContain('demo mode');
    const base = `http://127.0.0.1:${port}`;
    try {
      // The buyer checks out one Individual plan.
      const billing = await fetch(`${base}/api/v1/billing-informations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...BILLING_FORM,
          products: [
            { shop_plan_id: 1, quantity: 1, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null },
          ],
        }),
      });
      expect(billing.status).toBe(201);
      const { post_redirect, payment_request } = (
        (await billing.json()) as { sandboxpay: { post_redirect: string; payment_request: { order_id: number; amount: number } } }
      ).sandboxpay;
      expect(post_redirect).toBe(fill.PAYMENT_PROVIDER_URL);

      // The provider confirms the payment, signed with the shared secret.
      const raw = JSON.stringify({
        id: 'evt_readme_1',
        type: 'payment.succeeded',
        order_id: payment_request.order_id,
        amount: payment_request.amount,
        currency: 'PHP',
      });
      const notified = await fetch(base + NOTIFICATIONS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(raw, secret, Math.floor(Date.now() / 1000)) },
        body: raw,
      });
      expect(await notified.json()).toMatchObject({ outcome: 'paid' });

      const [received] = await smtp.waitFor(1, 30_000);
      expect(received.to).toEqual([String(BILLING_FORM.email)]);
      expect(received.from).toBe('no-reply@example.ph');
      expect(received.mail.from?.value).toEqual([{ name: 'Bantay Doc', address: 'no-reply@example.ph' }]);
      expect(received.mail.subject).toBe('Your Bantay Doc access keys');
      expect(received.mail.text).toMatch(/Access key: BD-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}\n\s+Activation code: \d{8}/);
      expect(received.mail.text).toContain(`${settings.PUBLIC_URL}/shop/assignment`);
    } finally {
      stopGroup(server, 'SIGTERM');
      await smtp.close();
    }
  }, 300_000);
});
