import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What hydrates and when (src/engine/hydration.ts): a section whose block never runs keeps the
 * server's HTML and its chunk is never fetched; the others hydrate when touched, in view, or once
 * the browser is idle after the load, in that order.
 */

const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const manifest = JSON.parse(readFileSync(`${staticDir}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;

/** The blocks whose schema says they never run. */
const neverBlocks = readdirSync('src/blocks').filter((block) => {
  try {
    return (JSON.parse(readFileSync(`src/blocks/${block}/schema.json`, 'utf8')) as { 'x-hydrate'?: string })['x-hydrate'] === 'never';
  } catch {
    return false;
  }
});

/** The built chunk of each block that never runs. */
const neverChunks = new Map<string, string>(
  neverBlocks.flatMap((block) => {
    const chunk = manifest[`src/generated/block-chunks/${block}.ts`];
    return chunk ? [[`/${chunk.file}`, block] as [string, string]] : [];
  }),
);

/** Holds back the built chunk of `module` (a manifest key) until the returned function is called. */
async function holdBack(page: Page, module: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${manifest[module].file}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  // When each section went live, and when the load event came (ms since navigation start).
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { __liveAt: Record<string, number> }).__liveAt = times;
    new MutationObserver((records) => {
      for (const record of records) {
        const slot = record.target as Element;
        const key = slot.getAttribute('data-section');
        if (key && slot.hasAttribute('data-live') && !(key in times)) times[key] = performance.now();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-live'] });
    window.addEventListener('load', () => (times['(load)'] = performance.now()));
  });
});

test('sections that never run stay as the server rendered them, and their chunks are not fetched', async ({ page }) => {
  expect(neverChunks.size).toBeGreaterThan(3);
  const fetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (neverChunks.has(path)) fetched.push(neverChunks.get(path) as string);
  });
  await page.goto('/shop');
  // Every section that runs comes alive (the last at idle after the load) ...
  await expect(page.locator('[data-section]:not([data-hydrate="never"])')).not.toHaveCount(0);
  await expect(page.locator('[data-section]:not([data-hydrate="never"]):not([data-live])')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // ... and those that never run do not, the banner, text, steps and testimonials of the shop.
  await expect(page.locator('[data-section][data-hydrate="never"]')).toHaveCount(4);
  await expect(page.locator('[data-section][data-hydrate="never"][data-live]')).toHaveCount(0);
  expect(fetched).toEqual([]);
  // Their content is still the server's, and works: a testimonial's See more opens.
  await expect(page.locator('section.banner')).toBeVisible();
  const more = page.locator('[data-section="Shop/testimonials"] summary').first();
  await more.scrollIntoViewIfNeeded();
  await more.click();
  await expect(page.locator('[data-section="Shop/testimonials"] details[open]')).toHaveCount(1);
});

test('a section in view hydrates at once; one below it waits for idle after the load, or until scrolled to', async ({ page }) => {
  // Images held back: the load event (and so the idle time after it) does not come.
  await page.route(/\.(png|jpe?g|webp|svg)(\?|$)/, () => undefined);
  await page.goto('/shop', { waitUntil: 'commit' });
  const cart = page.locator('[data-section="Shop/cart"]');
  const grid = page.locator('[data-section="Shop/plans"]');
  await expect(cart).toHaveAttribute('data-live', '');
  await expect(grid.locator('article').first()).toBeVisible();
  // Give a part that does not wait every chance to come alive.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  await expect(grid).not.toHaveAttribute('data-live', '');
  await grid.locator('article').first().scrollIntoViewIfNeeded();
  await expect(grid).toHaveAttribute('data-live', '');
});

test('once the page has loaded, the sections below the fold hydrate when the browser is idle', async ({ page }) => {
  await page.goto('/shop');
  const grid = page.locator('[data-section="Shop/plans"]');
  await expect(grid).toHaveAttribute('data-live', '');
  const times = await page.evaluate(() => (window as unknown as { __liveAt: Record<string, number> }).__liveAt);
  // Only the rule for sections below the fold: the test before covers the cart in view coming alive
  // without waiting for the load. (Which of the two is live first after the load is not a rule: on a
  // busy machine the cart's chunks may come after the grid's, and the idle grid does not wait for them.)
  expect(times['Shop/plans']).toBeGreaterThan(times['(load)']);
});

test.describe('code fetched ahead', () => {
  /** Whether the checkout block's chunk was requested. */
  function watchCheckoutChunk(page: Page): () => boolean {
    const file = `/${manifest['src/generated/block-chunks/checkout.ts'].file}`;
    let fetched = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === file) fetched = true;
    });
    return () => fetched;
  }

  test("with a plan in the cart, the shop fetches the checkout's code before the visitor asks for it", async ({ page }) => {
    const fetched = watchCheckoutChunk(page);
    await page.goto('/shop');
    await expect(page.locator('[data-section="Shop/cart"]')).toHaveAttribute('data-live', '');
    expect(fetched()).toBe(false);
    await page.locator('[data-section="Shop/plans"] article').first().getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(fetched).toBe(true);
    // The checkout opens from the cart as before.
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/shop\/checkout$/);
    await expect(page.getByRole('complementary', { name: 'Summary' })).toBeVisible();
  });

  test("the checkout shows its summary while its form card's code (Fluent UI, rjsf) is on its way", async ({ page }) => {
    const release = await holdBack(page, 'src/shop/billing-form.part.tsx');
    await page.goto('/shop');
    await page.locator('[data-section="Shop/plans"] article').first().getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByRole('button', { name: /^Cart/ });
    await expect(cart.locator('.cart-fab__badge')).toHaveText('1');
    await cart.click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary).toBeVisible();
    await expect(summary.getByTestId('plan-overview')).toContainText('Individual');
    // The form card keeps its place until its code is in, then the form shows.
    const card = page.locator('.checkout__form');
    await expect(card.getByLabel('Loading')).toBeVisible();
    await expect(card.getByRole('button', { name: /Proceed|Submit|Pay/ })).toHaveCount(0);
    release();
    await expect(card.getByLabel(/^First name/)).toBeVisible();
    await expect(card.getByLabel('Loading')).toHaveCount(0);
  });

  test("a returning visitor's stored plan starts the checkout's code with the cart's, its blocks' chunks alongside its sections", async ({
    page,
  }) => {
    const fetched = watchCheckoutChunk(page);
    // The checkout's sections file is held back: its blocks' chunks do not wait for it.
    const site = JSON.parse(readFileSync('src/generated/site-config.json', 'utf8')) as { pages: { path: string; key: string }[] };
    const checkout = site.pages.find((entry) => entry.path === '/shop/checkout');
    const release = await holdBack(page, `src/generated/page-sections/${checkout?.key}.json`);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        const line = { id: 1, name: 'Individual', price: 149_900, discount: 0, description: 'One', member: null, maxDependents: 1 };
        localStorage.setItem('item', JSON.stringify({ ...line, quantity: 1, memberQuantity: 0 }));
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/shop');
    await expect.poll(fetched).toBe(true);
    release();
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByRole('complementary', { name: 'Summary' })).toBeVisible();
  });

  test('with an empty cart, it does not', async ({ page }) => {
    const fetched = watchCheckoutChunk(page);
    await page.goto('/shop');
    await expect(page.locator('[data-section="Shop/plans"]')).toHaveAttribute('data-live', '');
    await page.waitForLoadState('networkidle');
    expect(fetched()).toBe(false);
  });
});

test.describe("a form's code", () => {
  test('a page with a form lists the form and its validator among its own chunks, so they download with the block', async ({ page }) => {
    const own = (file: string) => `/${manifest[file].file}`;
    const response = await page.request.get('/contact');
    const html = await response.text();
    const boot = JSON.parse(/<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      preload?: string[];
    };
    expect(boot.preload).toEqual(
      expect.arrayContaining([
        own('src/generated/block-chunks/form.ts'),
        own('src/generated/form-files/contact.json'),
        own('src/generated/validators/contact.js'),
      ]),
    );
    // In the browser the form's chunks are requested while the block's own chunk is still on its
    // way (held back here): the block's code, which asks for its form when it runs, is not what
    // fetches them.
    const blockChunk = own('src/generated/block-chunks/form.ts');
    let blockArrived = false;
    await page.route(`**${blockChunk}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      blockArrived = true;
      await route.continue();
    });
    const early = new Set<string>();
    page.on('request', (request) => {
      if (!blockArrived) early.add(new URL(request.url()).pathname);
    });
    await page.goto('/contact');
    await expect(page.locator('[data-section="Contact/2-form"]')).toHaveAttribute('data-live', '');
    expect(blockArrived).toBe(true);
    expect([...early]).toEqual(
      expect.arrayContaining([
        own('src/generated/form-files/contact.json'),
        own('src/generated/validators/contact.js'),
        // rjsf's validator factory, which the form loader imports on demand.
        own('node_modules/@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'),
      ]),
    );
  });
});

test.describe('parts of a block (lib/Part.tsx)', () => {
  test("Add Dependent works before the cards' forms have run, which keep the server's HTML and what was typed", async ({ page }) => {
    const release = await holdBack(page, 'src/blocks/multiAssignment/card-form.part.tsx');
    await page.goto('/shop/keyassignmentfamily');
    const section = page.locator('[data-section="KeyAssignmentFamily/2-multiAssignment"]');
    const myself = page.getByRole('region', { name: 'Myself', exact: true });
    const firstName = myself.getByLabel(/^First name/);
    await page.getByRole('button', { name: 'Add Dependent' }).click();
    // The block runs without its forms' code: the dependent's card shows, with a placeholder for its form.
    await expect(section).toHaveAttribute('data-live', '');
    const dependent = page.getByRole('region', { name: 'Dependents 1', exact: true });
    await expect(dependent).toBeVisible();
    await expect(dependent.getByLabel('Loading')).toBeVisible();
    // The cards there before keep the server's fields (not a placeholder), and take text already
    // (kept until their form runs).
    await expect(myself.getByLabel('Loading')).toHaveCount(0);
    await firstName.fill('Maria');
    await expect(firstName).toHaveValue('Maria');
    await expect(myself.locator('.section-part')).not.toHaveAttribute('data-live', '');

    release();
    await expect(dependent.getByLabel(/^First name/)).toBeVisible();
    await expect(myself.locator('.section-part')).toHaveAttribute('data-live', '');
    await expect(firstName).toHaveValue('Maria');
    // The form holds the text typed before it ran: the rule for a missing last name is what it finds.
    await page.getByRole('button', { name: 'Assign Keys' }).click();
    await expect(myself).toContainText('This field is required');
    await expect(firstName).toHaveValue('Maria');
    await expect(myself.getByLabel(/^First name/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("Assign Keys pressed before the cards' forms have run checks every card once they have", async ({ page }) => {
    const release = await holdBack(page, 'src/blocks/multiAssignment/card-form.part.tsx');
    await page.goto('/shop/keyassignmentsingle');
    const button = page.getByRole('button', { name: 'Assign Keys' });
    // The button's own part runs without the cards' forms.
    await expect(page.locator('.multi-assignment__actions .section-part')).toHaveAttribute('data-live', '');
    await button.click();
    // The press waits for the forms: no card is judged (nor said to be wrong) without its form.
    const alert = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' });
    await page.waitForTimeout(500);
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Myself', exact: true }).locator('.section-part')).not.toHaveAttribute('data-live', '');
    release();
    await expect(alert).toBeVisible();
    for (const title of ['Myself', 'Mother', 'Father']) {
      await expect(page.getByRole('region', { name: title, exact: true })).toContainText('This field is required');
    }
  });

  test("a card added before its form's code is in gets the focus on its first field once the form shows", async ({ page }) => {
    const release = await holdBack(page, 'src/blocks/multiAssignment/card-form.part.tsx');
    await page.goto('/shop/keyassignmentfamily');
    await page.getByRole('button', { name: 'Add Dependent' }).click();
    const dependent = page.getByRole('region', { name: 'Dependents 1', exact: true });
    await expect(dependent.getByLabel('Loading')).toBeVisible();
    await expect(dependent.getByRole('heading', { name: 'Dependents 1' })).toBeFocused();
    release();
    await expect(dependent.getByLabel(/^First name/)).toBeFocused();
  });
});
