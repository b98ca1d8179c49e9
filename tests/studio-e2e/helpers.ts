import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate as totpCode } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoEmail } from '../../server/studio/demo';
import type { Role } from '../../server/studio/rights';

export const SITE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091)}`;
/** The studio's origin, as playwright.studio.config.ts gives it: a context of a test's own needs it as its baseURL. */
export const STUDIO = `http://localhost:${Number(process.env.E2E_STUDIO_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 1)}`;
const STEP_SECONDS = 30;

/**
 * A device of the DevTools protocol's WebAuthn domain (`WebAuthn.addVirtualAuthenticator`): it keeps
 * discoverable passkeys, passes user verification and needs no touch, as a phone's screen lock would.
 */
export const VIRTUAL_AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;

/**
 * Fluent UI's focus helpers (Tabster: toolbars, dialogs) put `<i tabindex="0" aria-hidden="true"
 * data-tabster-dummy>` around a group; each hands the focus on as soon as it gets it, and is hidden
 * so that a screen reader does not read it. Axe's aria-hidden-focus takes them for a hidden control
 * (microsoft/tabster#288): those nodes, and only for that rule, are not violations.
 */
const TABSTER_DUMMY = /^<i [^>]*data-tabster-dummy/;

/**
 * Axe finds no serious or critical violation. It reads once running CSS transitions are over: a
 * colour read halfway through a button's hover transition is neither of the two the page shows.
 */
export async function noSeriousViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !(v.id === 'aria-hidden-focus' && TABSTER_DUMMY.test(node.html))) }))
    .filter((v) => v.nodes.length > 0);
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The TOTP step each account last signed in with in this worker: a code signs in once. */
const usedSteps = new Map<string, number>();

/**
 * Types a TOTP code on the sign-in screen whose e-mail and password are filled, and signs in.
 * A code signs in once and the server takes one step of drift, so the code is that of the current
 * 30-second step, or the next one when this worker spent the current one; past that it waits for
 * the next step. A step spent by a worker before this one (a retried test) is refused: then it
 * waits for the next step and tries once more.
 */
export async function submitFreshCode(page: Page, email: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByLabel('Code from your authenticator app').fill(await freshCode(email));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/studio/sign-in'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    if ((await answer).ok()) break;
    // An earlier worker spent at most the step after the current one.
    usedSteps.set(email, (usedSteps.get(email) ?? 0) + 1);
  }
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/**
 * A TOTP code of the demo's authenticator for a step `email` has not spent in this worker (the
 * current one, or the next: the server takes one step of drift; waiting for the next step when
 * both are spent), marked spent.
 */
export async function freshCode(email: string): Promise<string> {
  const used = usedSteps.get(email) ?? -1;
  if (used > Math.floor(Date.now() / 1000 / STEP_SECONDS)) await waitForStep(used);
  const step = Math.max(Math.floor(Date.now() / 1000 / STEP_SECONDS), used + 1);
  usedSteps.set(email, step);
  return totpCode({ secret: DEMO_TOTP_SECRET, epoch: step * STEP_SECONDS });
}

/** Waits until the 30-second step `step` has begun. */
async function waitForStep(step: number) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, step * STEP_SECONDS * 1000 - Date.now() + 500)));
}

/** Signs in as one of the demo's accounts with its password and a fresh TOTP code. */
export async function signInAs(page: Page, role: Role) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(demoEmail(role));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await submitFreshCode(page, demoEmail(role));
}

/**
 * The enrolment link of the newest e-mail to `email`, read where the demo shows its e-mails
 * (`GET /api/dev/outbox` on the site's port): the link an invited person opens.
 */
export async function enrolmentLinkSentTo(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.get(`${SITE}/api/dev/outbox?limit=50`);
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { to: string; body: string }[] };
  const link = data.find((mail) => mail.to.includes(email))?.body.match(/https?:\/\/\S+\/enrol#[\w-]+/)?.[0];
  expect(link, `an enrolment link e-mailed to ${email}`).toBeTruthy();
  return link!;
}

/** The price the site's API serves for the plan `name` (the live release's). */
export async function servedPlanPrice(request: APIRequestContext, name: string): Promise<number | undefined> {
  const answer = await request.get(`${SITE}/api/v1/shop-plans`);
  const { data } = (await answer.json()) as { data: { name: string; price: number }[] };
  return data.find((plan) => plan.name === name)?.price;
}
