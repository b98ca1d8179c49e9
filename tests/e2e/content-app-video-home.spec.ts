import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import config from '../../pages.config.json' with { type: 'json' };
import { collectErrors, expectNoSeriousA11yViolations } from './helpers';

/**
 * Content screens of issue 4: the App screen, Play Video, and Home / Shop. The machine running the
 * tests has no internet, so the YouTube player is answered by a stub page: the tests check the
 * iframe's address, attributes and size, not the video.
 */
const APP = `/${config.site.product.short}-app`;
const PLAYER_STUB = '<!doctype html><html lang="en"><head><title>Player</title></head><body>player</body></html>';

async function stubPlayer(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: PLAYER_STUB });
  });
  return requested;
}

test.describe('App screen', () => {
  test.beforeEach(async ({ page }) => {
    await stubPlayer(page);
  });

  test('embeds the intro video, 215 / 480 / 605 px high at 375 / 800 / 1280 px wide', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(APP);
    const player = page.locator('iframe[title="Introduction to the Bantay Doc app"]');
    await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+/);
    await expect(player).toHaveAttribute('loading', 'lazy');
    await expect(page.getByRole('heading', { name: 'See how Bantay Doc works' })).toBeVisible();

    for (const [width, height] of [
      [375, 215],
      [800, 480],
      [1280, 605],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(async () => (await player.boundingBox())?.height).toBe(height);
      // Full width of its column.
      const [frame, column] = await Promise.all([player.boundingBox(), player.locator('xpath=..').boundingBox()]);
      expect(Math.round(frame!.width)).toBe(Math.round(column!.width));
    }
    expect(errors).toEqual([]);
  });

  test('shows the consultation text, alternating features, Telmed benefits and services', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(APP);
    await expect(page.getByRole('heading', { name: 'Video consultation', level: 2 })).toBeVisible();

    const features = page.locator('.feature');
    await expect(features).toHaveCount(5);
    await expect(features.nth(0).getByRole('heading', { level: 3 })).toHaveText('Teleconsultation');
    await expect(features.nth(1).getByRole('heading', { level: 3 })).toHaveText('E-Prescription');
    const background = (i: number) => features.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor);
    // Odd and even items differ in colour; every other item matches.
    expect(await background(0)).not.toBe(await background(1));
    expect(await background(0)).toBe(await background(2));
    expect(await background(1)).toBe(await background(3));
    // ... and in side: the image is left of the text on odd items, right of it on even items.
    const imageLeftOfText = async (i: number) => {
      await features.nth(i).scrollIntoViewIfNeeded();
      const image = await features.nth(i).locator('img').boundingBox();
      const text = await features.nth(i).locator('.feature__text').boundingBox();
      return image!.x < text!.x;
    };
    expect(await imageLeftOfText(0)).toBe(true);
    expect(await imageLeftOfText(1)).toBe(false);
    expect(await imageLeftOfText(2)).toBe(true);

    const benefits = page.getByRole('region', { name: 'Insured under the Telmed model?' });
    await expect(benefits.getByRole('listitem')).toHaveCount(5);

    const services = page.getByRole('region', { name: 'Our services' });
    await expect(services.getByRole('heading', { level: 3 })).toHaveText(['Teleconsultation', 'E-Prescription']);
  });

  test('offers the iOS and Android apps from the site settings', async ({ page }) => {
    await page.goto(APP);
    const download = page.getByRole('region', { name: 'Download the Bantay Doc app' });
    const ios = download.getByRole('link', { name: config.site.stores.ios.label });
    const android = download.getByRole('link', { name: config.site.stores.android.label });
    await expect(ios).toHaveAttribute('href', config.site.stores.ios.href);
    await expect(android).toHaveAttribute('href', config.site.stores.android.href);
    await expect(ios).toHaveAttribute('target', '_blank');
    await expect(android).toHaveAttribute('rel', /noopener/);
  });

  test('the FAQ lists questions by precedence and opens and closes with the keyboard', async ({ page }) => {
    await page.goto(APP);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(8);
    // The question an editor added with precedence 25 sits between the second and the third.
    await expect(questions.nth(2)).toHaveText('Can I use the plan while travelling abroad?');

    const question = faq.getByRole('button', { name: 'How many times can I call a doctor?' });
    const answer = faq.getByText('As many times as you need.', { exact: false });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(faq.getByRole('region', { name: 'How many times can I call a doctor?' })).toBeVisible();

    await page.keyboard.press('Space');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();

    // Tab reaches the next question, which opens on its own.
    await page.keyboard.press('Tab');
    await expect(questions.nth(2)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await page.goto(APP);
    await expect(page.locator('.feature').first()).toBeVisible();
    await expect(page.locator('.faq__item').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Play Video', () => {
  test('shows the banner, breadcrumbs, three descriptions and the three-step guide', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/video');
    await expect(page.locator('.banner')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText('Video');

    const descriptions = page.locator('.cards .card');
    await expect(descriptions).toHaveCount(3);
    await expect(descriptions.getByRole('heading', { level: 3 })).toHaveText([
      'Face-to-face, from anywhere',
      'Safe and private',
      'Certificate included',
    ]);
    await expect(descriptions.first()).toContainText('lets the doctor see you');

    const steps = page.getByRole('region', { name: 'Three easy steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Schedule an appointment',
      'Speak to a doctor',
      'Receive your Certificate of Medical Teleconsultation by e-mail',
    ]);
    await expect(steps.locator('.step__number')).toHaveText(['1', '2', '3']);
    expect(errors).toEqual([]);
  });

  test("'Call Doc now!' opens on hover with the numbers by label and closes when the mouse leaves", async ({ page }) => {
    await page.goto('/video');
    const button = page.getByRole('button', { name: 'Call Doc now!' });
    const menu = page.getByRole('menu', { name: 'Call Doc now!' });
    await expect(button).toHaveAttribute('aria-haspopup', 'true');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await button.hover();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('group', { name: 'Globe' }).getByRole('menuitem')).toHaveText(['0917 555 0123', '0917 555 0456']);
    await expect(menu.getByRole('menuitem', { name: '(02) 8555 0100' })).toHaveAttribute('href', 'tel:0285550100');
    await expect(menu.getByRole('menuitem')).toHaveCount(5);

    // The pointer can travel from the button into the menu without closing it.
    await menu.getByRole('menuitem', { name: '0918 555 0789' }).hover();
    await expect(menu).toBeVisible();

    await page.mouse.move(5, 5);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Escape closes a menu the mouse opened.
    await button.hover();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test("'Call Doc now!' opens on keyboard focus; arrows move, Escape and leaving close", async ({ page }) => {
    await page.goto('/video');
    const button = page.getByRole('button', { name: 'Call Doc now!' });
    const menu = page.getByRole('menu', { name: 'Call Doc now!' });
    await expect(button).toBeVisible();

    // Start keyboard navigation just before the button.
    await page.getByText('Pick your network and call our Telemedicine Center.').click();
    await expect(menu).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: '0917 555 0123' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: '0917 555 0456' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: '(02) 8555 0101' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: '0917 555 0123' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Enter opens it again and moves into it; Tab leaves the menu and closes it.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(button).not.toBeFocused();
  });

  test('a tap (click without hover) toggles the menu', async ({ page }) => {
    await page.goto('/video');
    const button = page.getByRole('button', { name: 'Call Doc now!' });
    const menu = page.getByRole('menu', { name: 'Call Doc now!' });
    await expect(button).toBeVisible();
    // dispatchEvent sends a bare click, as a touch screen without hover does.
    await button.dispatchEvent('click', { detail: 1 });
    await expect(menu).toBeVisible();
    await button.dispatchEvent('click', { detail: 1 });
    await expect(menu).toBeHidden();
  });

  test("without JavaScript, 'Call Doc now!' opens its menu and the numbers are tel: links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/video');
    const button = page.getByRole('button', { name: 'Call Doc now!' });
    const menu = page.getByRole('menu', { name: 'Call Doc now!' });
    await expect(menu).toBeHidden();

    await button.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Globe' }).getByRole('menuitem')).toHaveText(['0917 555 0123', '0917 555 0456']);
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) await expect(item).toHaveAttribute('href', /^tel:\d+$/);
    await expect(menu.getByRole('menuitem', { name: '(02) 8555 0100' })).toHaveAttribute('href', 'tel:0285550100');
    // Under the button, centred on it, 8 px below.
    const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
    expect(menuBox!.y - (buttonBox!.y + buttonBox!.height)).toBeCloseTo(8, 0);
    expect(menuBox!.x + menuBox!.width / 2).toBeCloseTo(buttonBox!.x + buttonBox!.width / 2, 0);

    // Escape, a click outside and the button itself close it.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await page.getByText('Pick your network and call our Telemedicine Center.').click();
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await button.click();
    await expect(menu).toBeHidden();
    await context.close();
  });

  test('has no serious accessibility violation (menu open)', async ({ page }) => {
    await page.goto('/video');
    await expect(page.locator('.step').first()).toBeVisible();
    await page.getByRole('button', { name: 'Call Doc now!' }).hover();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

interface Testimonial {
  name: string;
  ratings: number;
  caption: string;
}

for (const { path, testimonials, bannerTitle } of [
  { path: '/', testimonials: 'home-testimonials', bannerTitle: 'Talk to a doctor anytime, anywhere' },
  { path: '/shop', testimonials: 'shop-testimonials', bannerTitle: 'Unlimited teleconsultation for one year' },
]) {
  test.describe(`Home / Shop at ${path}`, () => {
    test('one banner (the lowest precedence), the numbered notes and the four steps in order', async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await expect(page.locator('.banner')).toHaveCount(1);
      await expect(page.locator('.banner h1')).toHaveText(bannerTitle);

      const notes = page.getByRole('region', { name: 'Please note' }).locator('ol > li');
      await expect(notes).toHaveCount(5);
      await expect(notes.nth(0)).toContainText('residents of the Philippines only');
      await expect(notes.nth(1)).toContainText('not for immediate medical care at the time of purchase');
      await expect(notes.nth(2)).toContainText('two banking days');
      await expect(notes.nth(2)).toContainText('access key and activation code');
      await expect(notes.nth(3)).toContainText('on demand');
      await expect(notes.nth(4)).toContainText('non-transferable');
      // The numbers are visible (list counter badges).
      const marker = await notes.nth(1).evaluate((li) => getComputedStyle(li, '::before').content);
      expect(marker).toContain('counter');

      const steps = page.getByRole('region', { name: 'How to get your unlimited plan' }).getByRole('listitem');
      await expect(steps).toHaveCount(4);
      await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
        'Fill out the form',
        'Pay',
        'Wait for confirmation',
        'Activate your access key and activation code',
      ]);
      await expect(steps.locator('.step__number')).toHaveText(['1', '2', '3', '4']);
      await expect(steps.locator('img')).toHaveCount(4);
      await expect(steps.first().locator('img')).toHaveAttribute('src', /step-1/);
      await expect(steps.first().locator('img')).toHaveAttribute('loading', 'lazy');
      expect(errors).toEqual([]);
    });

    test(`testimonials from ${testimonials}: stars equal the rating; a long caption is clamped by words and 'See more' reveals the rest, at 1280 and 390 px`, async ({
      page,
      request,
    }) => {
      const response = await request.get(`/api/v1/${testimonials}`);
      const data = ((await response.json()) as { data: Testimonial[] }).data;
      await page.goto(path);
      const cards = page.locator('.testimonial');
      await expect(cards).toHaveCount(data.length);
      for (const item of data) {
        const card = cards.filter({ hasText: item.name });
        await expect(card.getByRole('img', { name: `${item.ratings} out of 5 stars` })).toBeVisible();
        await expect(card.locator('.stars > span')).toHaveCount(item.ratings);
      }

      // A caption of more than 30 words (of 3+ letters) is clamped after its 30th such word; the
      // demo content has one on each page. What is hidden and what 'See more' reveals agree at every
      // width: the shown text is exactly the clamp, never cut further by CSS. 'See more' is a native
      // disclosure (a <details> summary) and needs no script.
      const longWords = (text: string) => text.split(/\s+/).filter((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= 3).length;
      expect(data.some((item) => longWords(item.caption) > 30)).toBe(true);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const item of data) {
          const card = cards.filter({ hasText: item.name });
          const caption = card.locator('.testimonial__caption').filter({ visible: true });
          const fullyShown = () =>
            caption.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && getComputedStyle(el).overflow === 'visible');
          if (longWords(item.caption) <= 30) {
            await expect(caption).toHaveText(item.caption);
            await expect(card.locator('summary')).toHaveCount(0);
            expect(await fullyShown()).toBe(true);
            continue;
          }
          const toggle = card.locator('summary');
          await expect(toggle).toHaveText('See more', { useInnerText: true });
          await expect(card.locator('details')).not.toHaveAttribute('open');
          const clamped = (await caption.textContent()) ?? '';
          expect(clamped.endsWith('…'), `${width} px: ${clamped}`).toBe(true);
          expect(longWords(clamped)).toBe(30);
          expect(item.caption.startsWith(clamped.slice(0, -1).trimEnd())).toBe(true);
          expect(await fullyShown()).toBe(true);
          await toggle.click();
          await expect(toggle).toHaveText('See less', { useInnerText: true });
          await expect(card.locator('details')).toHaveAttribute('open');
          await expect(caption).toHaveText(item.caption);
          expect(await fullyShown()).toBe(true);
          // The whole caption stands where the clamped one stood, above 'See less'.
          const [captionBox, toggleBox] = [await caption.boundingBox(), await toggle.boundingBox()];
          expect(captionBox!.y + captionBox!.height).toBeLessThanOrEqual(toggleBox!.y);
          await toggle.click();
          await expect(caption).toHaveText(clamped);
          await expect(toggle).toHaveText('See more', { useInnerText: true });
        }
      }
    });

    test('has no serious accessibility violation', async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('.step').first()).toBeVisible();
      await expect(page.locator('.testimonial').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
