import { expect, test } from './fixtures';
import { collectErrors, expectNoSeriousA11yViolations, gotoClientSide } from './helpers';

test.describe('routing and shell', () => {
  test('an unknown path redirects to /404 with its message and a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Bantay Doc');
    await page.getByRole('link', { name: 'Go to home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/Unlimited teleconsultation/);
  });

  test('each navigation scrolls to the top and sets the title', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Data Privacy Policy', level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle('About us | Bantay Doc');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the header takes its colour from the page banner', async ({ page }) => {
    const header = page.locator('header.site-header');
    // The demo content gives the Business banner a blue background and the Contact banner a white one.
    await page.goto('/business');
    await expect(page.locator('.banner')).toBeVisible();
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    await page.getByRole('link', { name: 'Contact Us' }).first().click();
    await expect(page.locator('.banner')).toBeVisible();
    await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test("the banner takes any background colour its content gives, 'blue' being the brand primary", async ({ page }) => {
    const banner = page.locator('section.banner');
    // Demo content: the Business banner is 'blue', the Contact banner 'white'.
    await page.goto('/business');
    await expect(banner).toHaveCSS('background-color', 'rgb(37, 139, 245)');
    await page.goto('/contact');
    await expect(banner).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    // The demo seed has no other colour: the content service's reply is given one here (the real
    // reply, only its backgroundColor changed), as an editor could.
    for (const [colour, css] of [
      ['#ffe8a3', 'rgb(255, 232, 163)'],
      ['darkgreen', 'rgb(0, 100, 0)'],
    ]) {
      await page.route('**/api/v1/contact-us-sliders*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { styles?: Record<string, string> }[] };
        for (const item of body.data) item.styles = { ...item.styles, backgroundColor: colour };
        await route.fulfill({ response, json: body });
      });
      await gotoClientSide(page, '/contact');
      await expect(banner).toHaveCSS('background-color', css);
      // The header rule is unchanged: anything but blue gives the white header.
      await expect(page.locator('header.site-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
      await page.unroute('**/api/v1/contact-us-sliders*');
    }
  });

  test('the footer shows the Telemedicine Center table, links, address and this year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('table', { name: 'Telemedicine Center' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'About Us' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Bantay Doc`);
    await expect(footer.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    await expect(footer.locator('address')).toContainText('Makati');
  });

  test('footer links fill {short}: the two Terms and Conditions pages open by the product short name', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms and Conditions', exact: true })).toHaveAttribute(
      'href',
      '/terms-and-conditions/bantaydoc',
    );
    await expect(footer.getByRole('link', { name: 'Shop Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions/bantaydoc-shop',
    );
    await footer.getByRole('link', { name: 'Shop Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions\/bantaydoc-shop$/);
    await expect(page.getByRole('heading', { name: 'Terms And Conditions' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions', exact: true }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions\/bantaydoc$/);
    expect(page.url()).not.toContain('%7B');
  });

  test('the header menu of large screens lists Shop among its links', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link')).toHaveText(['Media', 'Shop', 'Business', 'Jobs', 'FAQs', 'About', 'Contact Us']);
    await menu.getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.locator('main[data-page="Shop"]')).toBeAttached();
  });

  test('the logo links to the main company site', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Bantay Doc home' })).toHaveAttribute('href', 'https://www.bantaydoc.example/');
  });

  test('reseller pages hide the site header and footer from configuration', async ({ page }) => {
    await page.goto('/shop/reseller/demo-reseller');
    await expect(page).toHaveURL(/\/shop\/reseller\/demo-reseller\/$/);
    await expect(page.locator('main[data-page="ResellerHome"]')).toBeAttached();
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the drawer opens from the right with a Shop item', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    // The menu button sits at the right end of the header, like the drawer it opens.
    const button = page.getByRole('button', { name: 'Open menu' });
    const buttonBox = (await button.boundingBox())!;
    expect(buttonBox.x + buttonBox.width).toBeGreaterThan(375 - 24);
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Open menu' });
    await expect(drawer).toBeVisible();
    // It sits against the right edge (the surface keeps a small inner margin).
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box !== null && box.x > 20 && box.x + box.width > 350;
      })
      .toBe(true);
    // One Shop item, first: the header menu's own Shop link is not repeated.
    await expect(drawer.getByRole('link', { name: 'Shop' })).toHaveCount(1);
    await expect(drawer.getByRole('link').first()).toHaveText('Shop');
    await drawer.getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe('pages finished by the engine', () => {
  test('terms and conditions: default slug, by slug, sanitised rich text', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { name: 'Terms And Conditions' })).toBeVisible();
    const defaultText = await page.locator('.rich-text').innerText();
    expect(defaultText.length).toBeGreaterThan(100);
    await page.goto('/terms-and-conditions/bantaydoc-shop');
    await expect(page.locator('.rich-text')).not.toHaveText(defaultText);
    await expect(page.locator('.rich-text script')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('data privacy policy: banner, breadcrumbs, titles with descriptions', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('.banner')).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Data Privacy Policy');
    const items = page.locator('.policy-list__item');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    await expect(items.first().locator('h2')).not.toBeEmpty();
  });

  test('a failed content load leaves the page usable', async ({ page }) => {
    const errors = collectErrors(page);
    await page.route('**/api/v1/privacy-policy-sliders**', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
    // The browser loads the content itself (as after a click on a link); the server's own failures are unit-tested.
    await gotoClientSide(page, '/privacy');
    await expect(page.getByRole('heading', { name: 'Data Privacy Policy', level: 1 })).toBeVisible();
    await expect.poll(() => errors.some((e) => e.includes('source privacy-policy-sliders'))).toBe(true);
    await expect(page.locator('.banner')).toHaveCount(0);
    await expect(page.locator('.policy-list__item').first()).toBeVisible();
  });

  for (const path of ['/404', '/privacy', '/terms-and-conditions', '/about']) {
    test(`no serious accessibility violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('layout stability while content loads', () => {
  for (const width of [1280, 390]) {
    test(`the banner skeleton has the banner's box and the footer stays below the fold (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/contact-us-sliders*', async (route) => {
        await held;
        await route.continue();
      });
      // A navigation in the app: the browser loads the content while the skeleton holds its place.
      await gotoClientSide(page, '/contact');
      const skeleton = page.locator('.block-skeleton--banner');
      await expect(skeleton).toBeVisible();
      const footer = page.locator('footer.site-footer');
      const before = await skeleton.boundingBox();
      const footerTop = async () => (await footer.boundingBox())!.y;
      expect(await footerTop()).toBeGreaterThanOrEqual(800);

      release();
      const banner = page.locator('.banner');
      await expect(banner).toBeVisible();
      const after = await banner.boundingBox();
      expect(after).toEqual(before);
      expect(await footerTop()).toBeGreaterThanOrEqual(800);
    });
  }
});

test('a page with a form renders it complete: no loading shape ever shows in the form', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __formBusy: string[] }).__formBusy = seen;
    new MutationObserver(() => {
      // The loading shape a form block, the billing card or the member cards show until the form is in.
      if (document.querySelector('main :not(.block-skeleton) > .block-skeleton__shape')) seen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/contact', '/shop/assignment', '/shop/keyassignmentfamily', '/callback']) {
    await page.goto(path);
    await expect(page.getByRole('textbox').first()).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { __formBusy: string[] }).__formBusy)).toEqual([]);
});
