import { expect, test } from './fixtures';
import { type APIRequestContext, type Page } from '@playwright/test';
import { collectErrors, expectNoSeriousA11yViolations } from './helpers';

interface ApiArticle {
  id: number;
  title: string;
  description: string;
  post_date: string;
  created_at: string;
}
interface ApiJob {
  id: number;
  title: string;
  division: string;
  location: string;
}
interface ApiPartner {
  name: string;
  url: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The year in Asia/Manila, as the site computes it. */
function manilaYear(): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric' }).format(new Date()));
}

/** Spec: the title lowercased, spaces turned to hyphens (other punctuation dropped). */
function expectedSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

/** YYYY-MM-DD as M/D/YYYY. */
function mdy(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return `${m}/${d}/${y}`;
}

async function articlesOf(request: APIRequestContext, year: number): Promise<ApiArticle[]> {
  const response = await request.get(`/api/v1/articles?year=${year}&order_by=DESC`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiArticle[] }).data;
}

/** Expected month entries of a year: December down to January, only months with articles, with counts. */
function monthEntries(articles: ApiArticle[]): { month: number; label: string; items: ApiArticle[] }[] {
  const entries = [];
  for (let month = 12; month >= 1; month -= 1) {
    const items = articles.filter((a) => Number(a.post_date.slice(5, 7)) === month);
    if (items.length) entries.push({ month, label: `${MONTHS[month - 1]} (${items.length})`, items });
  }
  return entries;
}

function archive(page: Page) {
  return page.getByRole('navigation', { name: 'Articles by year' });
}

function yearButton(page: Page, year: number) {
  return archive(page).getByRole('button', { name: String(year), exact: true });
}

function yearPanel(page: Page, year: number) {
  return archive(page).getByRole('region', { name: String(year), exact: true });
}

test.describe('media list', () => {
  test('opens the current year first with its months and counts; other years load when expanded', async ({ page, request }) => {
    const errors = collectErrors(page);
    const year = manilaYear();
    const requestedYears: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/v1/articles') {
        expect(url.searchParams.get('order_by')).toBe('DESC');
        requestedYears.push(url.searchParams.get('year') ?? '');
      }
    });

    await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Articles' })).toBeVisible();
    await expect(yearButton(page, year)).toHaveAttribute('aria-expanded', 'true');
    await expect(yearButton(page, year - 1)).toHaveAttribute('aria-expanded', 'false');
    await expect(yearButton(page, year - 2)).toHaveAttribute('aria-expanded', 'false');
    await expect(archive(page).getByRole('button', { name: String(year - 3), exact: true })).toHaveCount(0);

    const current = monthEntries(await articlesOf(request, year));
    expect(current.length).toBeGreaterThan(0);
    await expect(yearPanel(page, year).getByRole('button')).toHaveText(current.map((e) => e.label));
    // The server rendered the current year with the page: the browser has loaded no year so far.
    expect(requestedYears).toEqual([]);

    const previous = monthEntries(await articlesOf(request, year - 1));
    expect(previous.length).toBeLessThan(12); // the demo data leaves some months empty
    await yearButton(page, year - 1).click();
    await expect(yearButton(page, year - 1)).toHaveAttribute('aria-expanded', 'true');
    await expect(yearPanel(page, year - 1).getByRole('button')).toHaveText(previous.map((e) => e.label));
    expect(requestedYears).toContain(String(year - 1));
    expect(requestedYears).not.toContain(String(year - 2));

    // Collapsing hides the months again.
    await yearButton(page, year - 1).click();
    await expect(yearPanel(page, year - 1)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('picking a month shows its cards with M/D/YYYY dates and Read More links by slug', async ({ page, request }) => {
    const year = manilaYear();
    const entries = monthEntries(await articlesOf(request, year - 1));
    const oldest = entries[entries.length - 1];
    await page.goto('/media');

    // The newest month of the current year is shown until the visitor picks one.
    const currentEntries = monthEntries(await articlesOf(request, year));
    const results = page.locator('.media__results');
    await expect(results.getByRole('heading', { level: 3 })).toHaveText(`${MONTHS[currentEntries[0].month - 1]} ${year}`);

    await yearButton(page, year - 1).click();
    const monthButton = yearPanel(page, year - 1).getByRole('button', { name: oldest.label });
    await monthButton.click();
    await expect(monthButton).toHaveAttribute('aria-pressed', 'true');
    await expect(results.getByRole('heading', { level: 3 })).toHaveText(`${MONTHS[oldest.month - 1]} ${year - 1}`);

    const cards = results.getByRole('listitem');
    await expect(cards).toHaveCount(oldest.items.length);
    for (const [index, article] of oldest.items.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 4 })).toHaveText(article.title);
      await expect(card.locator('time')).toHaveText(mdy(article.post_date));
      await expect(card.locator('time')).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
      await expect(card.locator('img')).toHaveAttribute('width', '800');
      const more = card.getByRole('link', { name: 'Read More' });
      const slug = expectedSlug(article.title);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      await expect(more).toHaveAttribute('href', `/media/article/${article.id}/${slug}`);
      // The excerpt is plain text clamped to six lines.
      await expect(card.locator('.media-card__excerpt')).toHaveCSS('-webkit-line-clamp', '6');
    }

    const first = oldest.items[0];
    await cards.first().getByRole('link', { name: 'Read More' }).click();
    await expect(page).toHaveURL(new RegExp(`/media/article/${first.id}/${expectedSlug(first.title)}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  });

  test("a year without articles shows 'No records found'", async ({ page, request }) => {
    const year = manilaYear();
    // The demo data has articles in all three years: answer the oldest year's request with an empty list.
    expect((await articlesOf(request, year - 2)).length).toBeGreaterThan(0);
    let intercepted = 0;
    await page.route(
      (url) => url.pathname === '/api/v1/articles' && url.searchParams.get('year') === String(year - 2),
      (route) => {
        intercepted += 1;
        return route.fulfill({ json: { data: [] } });
      },
    );
    await page.goto('/media');
    await expect(yearPanel(page, year).getByRole('button').first()).toBeVisible();
    expect(intercepted).toBe(0);
    await yearButton(page, year - 2).click();
    await expect(yearPanel(page, year - 2)).toHaveText('No records found');
    await expect(yearPanel(page, year - 2).getByRole('button')).toHaveCount(0);
    expect(intercepted).toBe(1);
  });

  test('is accessible, and on a 375 px screen the cards sit below the archive', async ({ page }) => {
    await page.goto('/media');
    await expect(page.locator('.media-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    const nav = await archive(page).boundingBox();
    const results = await page.locator('.media__results').boundingBox();
    expect(nav && results).toBeTruthy();
    expect(results!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height);
    expect(Math.abs(results!.x - nav!.x)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('media article', () => {
  test('shows title, created date, image and the sanitised description', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const all = (await Promise.all([0, 1, 2].map((back) => articlesOf(request, manilaYear() - back)))).flat();
    const malicious = all.find((a) => a.description.includes('<script'));
    expect(malicious, 'the demo data carries an article with a script').toBeTruthy();
    const article = malicious!;

    await page.goto(`/media/article/${article.id}/${expectedSlug(article.title)}`);
    const body = page.locator('article.media-article');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(article.title);
    // created_at is 01:30 UTC, the same calendar day in Manila.
    await expect(body.locator('time')).toHaveText(mdy(article.created_at));
    await expect(body.locator('img').first()).toBeVisible();
    await expect(body.locator('.rich-text li').first()).toBeVisible();
    await expect(body.locator('.rich-text strong').first()).toBeVisible();
    // The script and the onerror handler of the seeded article are gone.
    await expect(page.locator('.rich-text script')).toHaveCount(0);
    await expect(page.locator('.rich-text [onerror]')).toHaveCount(0);
    await expect(body.locator('.rich-text img')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Media' })).toHaveAttribute(
      'href',
      '/media',
    );
    await expectNoSeriousA11yViolations(page);
    expect(dialogs).toEqual([]);
  });

  test('an unknown article id leads to the not-found page', async ({ page }) => {
    await page.goto('/media/article/999999/no-such-article');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  });
});

test.describe('careers', () => {
  async function jobs(request: APIRequestContext): Promise<ApiJob[]> {
    const response = await request.get('/api/v1/jobs');
    return ((await response.json()) as { data: ApiJob[] }).data;
  }
  const byText = (key: keyof ApiJob, dir: 1 | -1) => (a: ApiJob, b: ApiJob) =>
    dir * String(a[key]).localeCompare(String(b[key]), 'en', { sensitivity: 'base' }) ||
    a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });

  test('shows the sections in order and sorts the jobs table by each column', async ({ page, request }) => {
    const errors = collectErrors(page);
    const list = await jobs(request);
    await page.goto('/jobs');

    const advantages = page.locator('.advantages');
    for (const title of ['Innovative company', 'Varied responsibilities', 'Flexible job options and part-time work', 'Career options']) {
      await expect(advantages.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    // Order: banner, breadcrumbs, (video), advantages, jobs table, testimonials, apply form.
    // The video section is optional (the page shows it when one is configured).
    const selectors = ['.banner', '.breadcrumbs', '.video-block', '.advantages', '.jobs-table', '.testimonials', '.form-block'];
    await expect(page.locator('.testimonials')).toBeVisible();
    const positions = await page.locator('main').evaluate((main, wanted) => {
      const all = [...main.querySelectorAll('*')];
      return wanted.map((selector) => all.indexOf(main.querySelector(selector) as Element));
    }, selectors);
    const missing = selectors.filter((selector, i) => positions[i] < 0 && selector !== '.video-block');
    expect(missing).toEqual([]);
    const shown = positions.filter((position) => position >= 0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));

    const table = page.getByRole('table', { name: 'Open positions' });
    const titles = table.locator('tbody tr td:first-child');
    const header = (name: string) => table.getByRole('columnheader', { name });
    const sortButton = (name: string) => header(name).getByRole('button', { name });

    await expect(header('Job Title')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Division')).toHaveAttribute('aria-sort', 'none');
    await expect(titles).toHaveText([...list].sort(byText('title', 1)).map((j) => j.title));

    await sortButton('Job Title').click();
    await expect(header('Job Title')).toHaveAttribute('aria-sort', 'descending');
    await expect(titles).toHaveText([...list].sort(byText('title', -1)).map((j) => j.title));

    await sortButton('Division').click();
    await expect(header('Division')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Job Title')).toHaveAttribute('aria-sort', 'none');
    await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText([...list].sort(byText('division', 1)).map((j) => j.division));
    await expect(titles).toHaveText([...list].sort(byText('division', 1)).map((j) => j.title));

    await sortButton('Division').click();
    await expect(header('Division')).toHaveAttribute('aria-sort', 'descending');
    await expect(titles).toHaveText([...list].sort(byText('division', -1)).map((j) => j.title));

    await sortButton('Location').click();
    await expect(header('Location')).toHaveAttribute('aria-sort', 'ascending');
    await expect(titles).toHaveText([...list].sort(byText('location', 1)).map((j) => j.title));
    expect(errors).toEqual([]);
  });

  test('a row opens the job dialog, by mouse or keyboard, and Escape closes it', async ({ page, request }) => {
    const list = await jobs(request);
    const job = list[list.length - 1];
    await page.goto('/jobs');
    const table = page.getByRole('table', { name: 'Open positions' });

    // Clicking anywhere in the row (here the location cell) opens the dialog.
    await table.getByRole('row').filter({ hasText: job.title }).getByRole('cell').nth(2).click();
    const dialog = page.getByRole('dialog', { name: job.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('img')).toBeVisible();
    await expect(dialog).toContainText(job.division);
    await expect(dialog.getByRole('link', { name: 'careers@bantaydoc.example' })).toHaveAttribute(
      'href',
      'mailto:careers@bantaydoc.example',
    );
    await expect(dialog).toContainText('Interested? Send your CV to careers@bantaydoc.example or apply below.');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Keyboard: the title in each row is a button.
    const other = list[0];
    const opener = table.getByRole('button', { name: other.title });
    await opener.focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('dialog', { name: other.title });
    await expect(second).toBeVisible();
    await second.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(second).toHaveCount(0);
    // Focus goes back to the row's button.
    await expect(opener).toBeFocused();
  });

  test('is accessible and fits a 375 px screen', async ({ page }) => {
    await page.goto('/jobs');
    await expect(page.getByRole('table', { name: 'Open positions' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    // The advantages stack in one column and nothing scrolls sideways.
    const items = page.locator('.advantages__item');
    const [a, b] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const table = await page.locator('.jobs-table__scroller').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(table).toBe(true);
  });
});

test.describe('about', () => {
  test('shows the sections in order and partner cards linking out', async ({ page, request }) => {
    const errors = collectErrors(page);
    await page.goto('/about');
    const headings = page.locator('main h2');
    const expected = [
      'What is Telemedicine',
      'This is Bantay Doc',
      'Our Mission',
      'Our Values',
      'Tele-Treatment Program',
      'Our Partners',
      'Awards',
    ];
    await expect(headings).toHaveText(expected);
    await expect(page.locator('main')).toContainText('Innovative healthcare made easy.');
    await expect(page.locator('main')).toContainText('1998 in Switzerland');
    await expect(page.locator('main')).toContainText('Switzerland, the Middle East, India and the Philippines');

    const treatments = page.getByRole('region', { name: 'Tele-Treatment Program' });
    await expect(treatments.getByRole('heading', { level: 3 })).not.toHaveCount(0);

    const partners = ((await (await request.get('/api/v1/partners')).json()) as { data: ApiPartner[] }).data;
    const region = page.getByRole('region', { name: 'Our Partners' });
    const links = region.getByRole('link');
    await expect(links).toHaveCount(partners.length);
    for (const [index, partner] of partners.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(partner.name);
      await expect(links.nth(index)).toHaveAttribute('href', partner.url);
      await expect(links.nth(index)).toHaveAttribute('target', '_blank');
      await expect(links.nth(index)).toHaveAttribute('rel', /noopener/);
    }
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('stacks image and text on a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    const row = page.locator('.section-list--rows .section-list__item').nth(1);
    await expect(row).toBeVisible();
    const image = await row.locator('img').boundingBox();
    const text = await row.locator('.section-list__text').boundingBox();
    expect(text!.y).toBeGreaterThanOrEqual(image!.y + image!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
