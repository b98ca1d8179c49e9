import { expect, test, type Page } from '@playwright/test';
import { VALID_SUBMISSIONS } from '../server/requests';
import { PLANS, WRITE } from './content-helpers';
import { signInAs, SITE, STUDIO } from './helpers';

/**
 * Every studio screen at a phone's width (390 × 844): the page never scrolls sideways (a wide table
 * scrolls in its own region) and its main heading shows. The demo's staff, admin and editor accounts
 * each open the screens their roles allow; the editor's draft is sent for review, so that the review
 * screens and the draft box's review state are measured too.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Opens `url` and checks the page is no wider than the phone and shows a level-1 or -2 heading. */
async function fits(page: Page, url: string, heading: RegExp | string = /./) {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  // Fonts, lazy screens and the preview's frame settle before the width is read.
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${url} is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
}

const SHOTS = process.env.NARROW_SHOTS;
/** Full-page screenshots at 390 px and at a desktop's width, when NARROW_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

test('every studio screen fits a phone without sideways scrolling', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await page.goto('/sign-in');
  await fits(page, '/sign-in', 'Sign in to the studio');

  // Staff: the desk's lists and a record.
  const posted = await request.post(`${SITE}/api/v1/form-emails/contact-us`, {
    data: { key: 'contact-us', data: JSON.stringify({ ...VALID_SUBMISSIONS['contact-us'], firstName: 'Narrow', lastName: 'Reyes' }) },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await signInAs(page, 'staff');
  for (const url of ['/desk/submissions', '/desk/orders', '/desk/payments', '/desk/emails']) await fits(page, url);
  const submission = ((await posted.json()) as { data: { id: number } }).data.id;
  await fits(page, `/desk/submissions/${submission}`, /Narrow Reyes/);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();

  // Admin (a context of its own, kept to switch review off at the end): accounts, audit, settings.
  const adminContext = await browser.newContext({ baseURL: STUDIO, viewport: PHONE });
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  for (const url of ['/admin/accounts', '/admin/audit', '/admin/settings', '/account']) await fits(admin, url);
  await admin.goto('/admin/accounts');
  await admin
    .getByRole('link', { name: /editor/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/accounts\/\d+$/);
  await fits(admin, admin.url());
  const reviewOn = await admin.request.put('/api/studio/settings', { headers: WRITE, data: { reviewRequired: true } });
  expect(reviewOn.status(), await reviewOn.text()).toBe(200);

  try {
    // Editor: a draft sent for review, then every content screen.
    await signInAs(page, 'editor');
    const project = (await (await page.request.get('/api/studio/editor/project')).json()) as {
      release: number;
      files: Record<string, { value: { items: Array<{ name: string; price: number }> }; hash: string }>;
    };
    const value = structuredClone(project.files[PLANS].value);
    value.items[0].price += 1;
    const saved = await page.request.post('/api/studio/editor/save', {
      headers: WRITE,
      data: { files: { [PLANS]: { value, baseHash: project.files[PLANS].hash } } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const asked = await page.request.post('/api/studio/reviews', { headers: WRITE, data: { baseRelease: project.release, message: '' } });
    expect(asked.status(), await asked.text()).toBe(201);
    const { id } = (await asked.json()) as { id: number };

    await fits(page, '/content', 'Your draft');
    await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
    await page.locator('ul[aria-labelledby="content-items-heading"]').getByRole('button').first().click();
    // The preview shows the item's page, scaled into the column.
    await expect(page.frameLocator('iframe[data-device]').getByRole('heading').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `an open item is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'content');
    if (SHOTS) await page.getByRole('region', { name: 'Preview' }).screenshot({ path: `${SHOTS}/content-preview-390.png` });
    // The Pages screen: its three columns stack, the selected page's preview under its properties.
    await fits(page, '/pages', 'Your draft');
    await expect(page.frameLocator('iframe[data-device]').getByRole('heading').first()).toBeVisible();
    const pagesWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pagesWidth, `the Pages screen is ${pagesWidth}px wide`).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'pages');
    // The Forms screen: the list of forms above the form, its fields above the preview.
    await fits(page, '/forms', 'Your draft');
    await page.getByRole('region', { name: 'Preview', exact: true }).getByRole('textbox').first().fill('A');
    const formsWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(formsWidth, `the Forms screen is ${formsWidth}px wide`).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'forms');
    for (const url of ['/content/history', `/content/history/${project.release}`, '/content/schedule', '/content/media'])
      await fits(page, url);
    await fits(page, '/content/reviews');
    await fits(page, `/content/reviews/${id}`, new RegExp(`Review request ${id}`));
    await page.request.post(`/api/studio/reviews/${id}/withdraw`, { headers: WRITE });
  } finally {
    await admin.request.put('/api/studio/settings', { headers: WRITE, data: { reviewRequired: false } });
    await adminContext.close();
  }
});
