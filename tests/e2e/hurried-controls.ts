import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The hurried visitor: the server-rendered page shows a control, and the visitor taps it at once,
 * before the app has hydrated. The tap must take effect (the app captures it early and replays it,
 * or the control works before hydration); it is never lost. One list of cases, used by the end-to-end
 * test (tests/e2e/hurried.spec.ts) and by the bench's dead-window measurement (scripts/bench.ts).
 *
 * The dead window of a case is the time from the control being visible to its effect being visible
 * (from the end of typing, for a field). A tap is a real click at the control's place, made without
 * waiting for anything else: not for hydration, not for the control to be enabled or stable (a
 * visitor's tap on a control that is not ready yet is as lost as one that nothing listens to).
 */

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
/** A phone: the controls of small screens only (the header's drawer button) exist at this width. */
export const PHONE: Viewport = { width: 390, height: 844 };

/** What shows that an action took effect: a locator that becomes visible, or a check that resolves once it holds. */
export type Effect = Locator | ((timeout: number) => Promise<void>);

export interface HurriedCase {
  name: string;
  /** The path the visit starts at. */
  route: string;
  viewport: Viewport;
  /** Before the visit: init scripts only (a stored cart, as a returning visitor has); never a visit of the site. */
  setup?: (page: Page) => Promise<void>;
  /** Controls tapped first, each as hurriedly as the control itself: the Cart button opens the menu that holds the control. */
  steps?: ((page: Page) => Locator)[];
  control: (page: Page) => Locator;
  /**
   * What the visitor does with the control: a tap unless said otherwise (typing into a field). The
   * dead window of an act that takes time itself starts when it ends: what counts is how long the
   * page leaves what the visitor did without effect, not how fast the visitor types.
   */
  act?: (control: Locator, page: Page) => Promise<void>;
  effect: (page: Page) => Effect;
  /** After the effect, once the app has hydrated: what the app holds agrees with what the visitor saw. */
  settled?: (page: Page) => Promise<void>;
}

/** The regular cart's line as the shop stores it (localStorage 'item'): one Individual plan, amounts in centavos. */
const REGULAR_LINE = {
  id: 1,
  name: 'Individual',
  price: 149_900,
  discount: 0,
  description: 'Unlimited teleconsultation for one person for one year.',
  member: null,
  maxDependents: 1,
  quantity: 1,
  memberQuantity: 0,
};

/** The demo merchant's cart (multiple purchase, a minimum of 2): one unit of its Individual plan. */
const MERCHANT = { slug: 'demo-merchant', id: 101 };
const MERCHANT_LINE = { ...REGULAR_LINE, id: 11, name: 'Individual (merchant price)', price: 129_900 };

/** Stores `entries` (JSON values by key) before the page's own scripts run, once per tab: a reload keeps what the page stored since. */
async function storeBeforeLoad(page: Page, entries: Record<string, unknown>): Promise<void> {
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('hurried:seeded')) return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
    sessionStorage.setItem('hurried:seeded', '1');
  }, entries);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });
const cartMenu = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const contactField = (page: Page, label: string) => page.locator('.form-runner').getByLabel(new RegExp(`^${label}\\s*\\*?$`));
/** The message of a contact form field: its error list is linked to the input by id. */
async function contactError(page: Page, label: string): Promise<Locator> {
  return page.locator(`#${await contactField(page, label).getAttribute('id')}__error`);
}

/** What the hurried visitor types into the contact form's Email field: not an address, so the form's rule has something to say. */
const TYPED_EMAIL = 'juan@example';

/** Resolves once `field` holds `value` (the element may be replaced meanwhile); throws after `timeout` ms. */
async function untilValue(field: Locator, value: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  let held = 'not found';
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`${String(field)} holds ${held}, not ${JSON.stringify(value)}, after ${timeout} ms`);
    const current = await field.inputValue({ timeout: left }).catch(() => null);
    if (current === value) return;
    if (current !== null) held = JSON.stringify(current);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const HURRIED_CASES: readonly HurriedCase[] = [
  {
    name: 'the Cart button opens the cart',
    route: '/shop',
    viewport: DESKTOP,
    control: cartButton,
    effect: cartMenu,
  },
  {
    name: 'Add to cart on the plan grid puts the plan in the cart',
    route: '/shop',
    viewport: DESKTOP,
    control: (page) =>
      page.getByRole('region', { name: 'Choose your plan' }).getByRole('article').first().getByRole('button', { name: 'Add to cart' }),
    // The Cart button's badge counts the line's units.
    effect: (page) => cartButton(page).locator('.cart-fab__badge').filter({ hasText: /^1$/ }),
  },
  {
    name: "the cart's quantity Increase button raises the quantity",
    route: `/shop/promo/${MERCHANT.slug}`,
    viewport: DESKTOP,
    // A returning visitor's merchant cart (multiple purchase): the shop's own slug and id, so it is kept.
    setup: (page) => storeBeforeLoad(page, { merchantItem: MERCHANT_LINE, merchantSlug: MERCHANT.slug, merchantId: MERCHANT.id }),
    steps: [cartButton],
    control: (page) => cartMenu(page).getByRole('button', { name: 'Increase' }).first(),
    effect: (page) => cartButton(page).locator('.cart-fab__badge').filter({ hasText: /^2$/ }),
  },
  {
    name: "the cart's Checkout button opens the checkout",
    route: '/shop',
    viewport: DESKTOP,
    setup: (page) => storeBeforeLoad(page, { item: REGULAR_LINE }),
    steps: [cartButton],
    control: (page) => cartMenu(page).getByRole('link', { name: 'Checkout' }),
    effect: (page) => page.getByRole('complementary', { name: 'Summary' }),
  },
  {
    name: "the phone header's menu button opens the drawer",
    route: '/',
    viewport: PHONE,
    control: (page) => page.getByRole('button', { name: 'Open menu' }),
    effect: (page) => page.getByRole('navigation', { name: 'Drawer' }),
  },
  {
    name: "a testimonial's See more reveals the whole caption",
    route: '/',
    viewport: DESKTOP,
    // A native disclosure: its summary works before any script.
    control: (page) => page.locator('.testimonials details').first().locator('.testimonial__see-more'),
    effect: (page) => page.locator('.testimonials details').first().locator('.testimonial__see-less'),
  },
  {
    name: "'Call Doc now!' opens the call menu",
    route: '/video',
    viewport: DESKTOP,
    control: (page) => page.getByRole('button', { name: 'Call Doc now!' }),
    effect: (page) => page.getByRole('menu', { name: 'Call Doc now!' }),
  },
  {
    name: "the family key assignment's Add Dependent adds a dependent's card",
    route: '/shop/keyassignmentfamily',
    viewport: DESKTOP,
    control: (page) => page.getByRole('button', { name: 'Add Dependent' }),
    effect: (page) => page.getByRole('region', { name: 'Dependents 1', exact: true }),
  },
  {
    name: 'text typed into a form field before hydration is kept and validated',
    route: '/contact',
    viewport: DESKTOP,
    control: (page) => contactField(page, 'Email'),
    act: async (control, page) => {
      // The visitor scrolls to the field first (a forced click does not always bring it into view
      // while the page is still loading).
      await control.scrollIntoViewIfNeeded();
      await control.click({ force: true });
      await page.keyboard.type(TYPED_EMAIL);
    },
    effect: (page) => (timeout) => untilValue(contactField(page, 'Email'), TYPED_EMAIL, timeout),
    settled: async (page) => {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // A moment for anything the hydration set off (a form that resets its fields would do it now).
      await page.waitForTimeout(500);
      await expect(contactField(page, 'Email')).toHaveValue(TYPED_EMAIL);
      await page.locator('.form-runner').getByRole('button', { name: 'Submit' }).click();
      // The form's own state has the text: its rule judges it, where an empty field would be 'required'.
      await expect(await contactError(page, 'Email')).toHaveText('Email must be valid');
      await expect(await contactError(page, 'First name')).toHaveText('This field is required');
    },
  },
];

/** A phone CPU and network: Chrome DevTools' 4x CPU slowdown and its 'Slow 4G' preset. */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

/** Slows the page's CPU and network (Chromium's DevTools protocol); call it before the visit. */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
}

/** A tap the app did not act on: what was tapped and what never showed. */
export class LostTap extends Error {}

/** Waits for an effect: a locator until visible, a check until it holds; a LostTap after `timeout` ms. */
async function untilEffect(effect: Effect, timeout: number, what: string, lost: string): Promise<void> {
  try {
    if (typeof effect === 'function') await effect(timeout);
    else await effect.waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new LostTap(
      `${what}: no effect within ${timeout} ms, ${lost} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
}

/**
 * A real click at the control's place, without Playwright's wait for the control to be enabled and
 * still: a hurried visitor does not wait either, and a tap on a control not ready yet is lost.
 */
const tap = (control: Locator) => control.click({ force: true });

/**
 * One hurried visit of a case on a fresh page (throttle it first if wanted): opens the route without
 * waiting for more than the response, taps each step and then the control as soon as it is visible,
 * and waits at most `timeout` ms for each effect. Returns the control's dead window in ms; throws a
 * LostTap when a tap had no effect. The case's `settled` check runs afterwards unless `settle` is false.
 */
export async function hurriedVisit(
  page: Page,
  c: HurriedCase,
  { timeout, settle = true }: { timeout: number; settle?: boolean },
): Promise<number> {
  await page.setViewportSize(c.viewport);
  await c.setup?.(page);
  await page.goto(c.route, { waitUntil: 'commit' });
  for (const step of c.steps ?? []) {
    const control = step(page);
    await control.waitFor({ state: 'visible', timeout });
    await tap(control);
    // The step's effect is the next control showing up.
  }
  const control = c.control(page);
  try {
    await control.waitFor({ state: 'visible', timeout });
  } catch (error) {
    const after = c.steps?.length ? 'after the tap on the step before it: that tap was lost' : 'the page did not show it';
    throw new LostTap(
      `${String(control)} never became visible, ${after} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  let start = performance.now();
  await (c.act ?? tap)(control, page);
  if (c.act) start = performance.now();
  await untilEffect(c.effect(page), timeout, String(control), c.act ? 'what the visitor did was lost' : 'the tap was lost');
  const deadWindow = performance.now() - start;
  if (settle) await c.settled?.(page);
  return deadWindow;
}
