import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unsavedContent } from '../../server/preview/unsaved';
import { LIVE_PRICE, MERCHANT_PLANS_FILE, planPriced, PLANS_FILE, plansWith, STUDIO_URL, usePreviewSite } from './preview-helpers';

/**
 * The studio's content preview on the site's port (server/preview/): who may see it, what it shows
 * (the account's draft over the live release, by the production renderer), and that it never reaches
 * the public site, its HTML cache, a search engine or a frame of another origin.
 */

/** forms/contact.json with the e-mail field titled `title` (and its flow's target `target`). */
function contactWith(title: string, target?: string): string {
  const form = JSON.parse(readFileSync('forms/contact.json', 'utf8')) as { schema: { properties: Record<string, object> }; flow: object };
  form.schema.properties.email = { ...form.schema.properties.email, title };
  if (target) form.flow = { ...form.flow, target };
  return JSON.stringify(form);
}

/** Any script a browser would run (the JSON data blocks are not run). */
const RUNNABLE_SCRIPT = /<script(?![^>]*type="application\/json")[^>]*>/;

describe('content preview', () => {
  const preview = usePreviewSite();
  const ids = {} as Record<'editor' | 'other' | 'disabled', number>;

  it('refuses a missing, malformed, tampered, expired or foreign token with 404 and no content', async () => {
    ids.editor = await preview.account('editor@preview.example', ['editor']);
    ids.other = await preview.account('other@preview.example', ['editor', 'staff']);
    ids.disabled = await preview.account('gone@preview.example', ['editor'], true);
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: planPriced(1234) });
    const good = preview.token(ids.editor);
    expect((await preview.html(`/__preview/${good}/shop`)).statusCode).toBe(200);

    const [version, account, expiry, signature] = good.split('.');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1)!;
    const refused = {
      none: '/__preview/',
      noToken: '/__preview//shop',
      malformed: '/__preview/not-a-token/shop',
      tamperedSignature: `/__preview/${[version, account, expiry, flipped].join('.')}/shop`,
      otherAccount: `/__preview/${[version, String(ids.other), expiry, signature].join('.')}/shop`,
      longerLife: `/__preview/${[version, account, (Number.parseInt(expiry, 36) + 60_000).toString(36), signature].join('.')}/shop`,
      expired: `/__preview/${preview.token(ids.editor, -1)}/shop`,
      unknownAccount: `/__preview/${preview.token(999_999)}/shop`,
      disabled: `/__preview/${preview.token(ids.disabled)}/shop`,
    };
    for (const [name, url] of Object.entries(refused)) {
      const response = await preview.html(url);
      expect([name, response.statusCode]).toEqual([name, 404]);
      expect([name, response.body.includes('1,234')]).toEqual([name, false]);
    }
  });

  it('ends a token 10 minutes after it was issued', async () => {
    const url = `/__preview/${preview.token(ids.editor)}/shop`;
    preview.advance(10 * 60_000 - 1000);
    expect((await preview.html(url)).statusCode).toBe(200);
    preview.advance(1000);
    expect((await preview.html(url)).statusCode).toBe(404);
  });

  it("shows the draft's price while the public page keeps the live one", async () => {
    const public1 = await preview.html('/shop');
    expect(public1.body).toContain(LIVE_PRICE);
    const page = await preview.html(`/__preview/${preview.token(ids.editor)}/shop`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₱1,234.00');
    expect(page.body).not.toContain(LIVE_PRICE);
    await preview.pages().invalidate();
    const public2 = await preview.html('/shop');
    expect(public2.headers['x-render-cache']).toBe('miss');
    expect(public2.body).toContain(LIVE_PRICE);
    expect(public2.body).not.toContain('1,234');
  });

  it("never shows another account's draft", async () => {
    await preview.saveDraft(ids.other, { [PLANS_FILE]: planPriced(4321) });
    const mine = await preview.html(`/__preview/${preview.token(ids.editor)}/shop`);
    const theirs = await preview.html(`/__preview/${preview.token(ids.other)}/shop`);
    expect(mine.body).toContain('₱1,234.00');
    expect(mine.body).not.toContain('4,321');
    expect(theirs.body).toContain('₱4,321.00');
    expect(theirs.body).not.toContain('1,234');
  });

  it('renders public pages and previews side by side, each from its own content', async () => {
    const token = preview.token(ids.editor);
    const renamed = 'Individual (draft price)';
    await preview.saveDraft(ids.editor, {
      [PLANS_FILE]: planPriced(1234),
      [MERCHANT_PLANS_FILE]: plansWith((items) => {
        items[0].name = renamed;
      }, MERCHANT_PLANS_FILE),
    });
    // A merchant's shop loads its data in two rounds (the owner, then its plans): a render of the
    // other kind may start between them.
    const paths = ['/shop', '/shop/promo/demo-merchant'];
    for (let round = 0; round < 8; round++) {
      await preview.pages().invalidate();
      const urls = paths.flatMap((path) => [path, `/__preview/${token}${path}`]);
      if (round % 2 === 1) urls.reverse();
      const answers = await Promise.all(urls.map((url) => preview.html(url)));
      answers.forEach((answer, i) => {
        const isPreview = urls[i].startsWith('/__preview/');
        const shows = [answer.body.includes('₱1,234.00') || answer.body.includes(renamed), answer.body.includes(LIVE_PRICE)];
        expect([urls[i], ...shows]).toEqual([urls[i], isPreview, !isPreview && urls[i] === '/shop']);
      });
    }
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: planPriced(1234) });
  });

  it('follows each save of the draft', async () => {
    const token = preview.token(ids.editor);
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: planPriced(1111) });
    expect((await preview.html(`/__preview/${token}/shop`)).body).toContain('₱1,111.00');
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: planPriced(1234) });
    expect((await preview.html(`/__preview/${token}/shop`)).body).toContain('₱1,234.00');
  });

  it('renders a refresh once the send it names has landed, at most a second later without it', async () => {
    const token = preview.token(ids.editor);
    const unsaved = unsavedContent(preview.site.app.ctx.shared);
    const typed = (price: number) => ({ [PLANS_FILE]: JSON.parse(planPriced(price)) as unknown });
    await unsaved.put(ids.editor, typed(2001), 1_000);
    const refresh = (seq: string) => preview.html(`/__preview/${token}/shop`, { 'x-preview-seq': seq });
    // The frame's request leaves with the studio's send: it waits for that send, not the one before.
    const waiting = refresh('1001');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await unsaved.put(ids.editor, typed(2002), 1_001);
    expect((await waiting).body).toContain('₱2,002.00');
    // A send that never lands: the page kept, after the wait.
    const started = Date.now();
    expect((await refresh('1002')).body).toContain('₱2,002.00');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Only a whole number is a send's.
    for (const seq of ['-1', '1.5', 'x', '9'.repeat(16)]) expect([seq, (await refresh(seq)).statusCode]).toEqual([seq, 400]);
    await unsaved.clear(ids.editor);
  });

  it("shows the draft's form as the preview's only; a form the site's code must first have shows as built", async () => {
    const token = preview.token(ids.other);
    await preview.saveDraft(ids.other, { 'forms/contact.json': contactWith('Your work e-mail') });
    const shown = await preview.html(`/__preview/${token}/contact`);
    expect(shown.body).toContain('Your work e-mail');
    expect((await preview.html('/contact')).body).not.toContain('Your work e-mail');
    expect((await preview.html(`/__preview/${preview.token(ids.editor)}/contact`)).body).not.toContain('Your work e-mail');
    // A form being typed (the editor's unsaved value) shows at once.
    const unsaved = unsavedContent(preview.site.app.ctx.shared);
    await unsaved.put(ids.other, { 'forms/contact.json': JSON.parse(contactWith('Typed e-mail label')) as unknown });
    const typed = (await preview.html(`/__preview/${token}/contact`)).body;
    expect(typed).toContain('Typed e-mail label');
    await unsaved.clear(ids.other);
    // A new flow.target waits for a deploy once published: the preview shows the build's form, as the site would.
    await preview.saveDraft(ids.other, { 'forms/contact.json': contactWith('Your work e-mail', 'form-emails/elsewhere') });
    expect((await preview.html(`/__preview/${token}/contact`)).body).not.toContain('Your work e-mail');
  });

  it("shows the editor's unsaved values over the draft, and the draft again once they are cleared", async () => {
    const token = preview.token(ids.editor);
    const unsaved = unsavedContent(preview.site.app.ctx.shared);
    await unsaved.put(ids.editor, { [PLANS_FILE]: JSON.parse(planPriced(2222)) as unknown });
    expect((await preview.html(`/__preview/${token}/shop`)).body).toContain('₱2,222.00');
    expect((await preview.html(`/__preview/${preview.token(ids.other)}/shop`)).body).not.toContain('2,222');
    await unsaved.clear(ids.editor);
    expect((await preview.html(`/__preview/${token}/shop`)).body).toContain('₱1,234.00');
  });

  it('leaves out an item with a problem and takes a file that does not parse as the live one', async () => {
    const token = preview.token(ids.editor);
    const secondName = 'Individual plus Parents';
    await preview.saveDraft(ids.editor, {
      [PLANS_FILE]: plansWith((items) => {
        items[0].price = 1234;
        items[1].price = 'free';
      }),
    });
    const partial = await preview.html(`/__preview/${token}/shop`);
    expect(partial.statusCode).toBe(200);
    expect(partial.body).toContain('₱1,234.00');
    expect(partial.body).not.toContain(secondName);
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: '{ "items": [' });
    const broken = await preview.html(`/__preview/${token}/shop`);
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain(LIVE_PRICE);
    expect(broken.body).toContain(secondName);
    await preview.saveDraft(ids.editor, { [PLANS_FILE]: planPriced(1234) });
  });

  it('is never stored, indexed, framed by another origin than the studio, or run but for its live script', async () => {
    const token = preview.token(ids.editor);
    for (const url of [`/__preview/${token}/shop`, '/__preview/not-a-token/shop']) {
      const response = await preview.html(url);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${STUDIO_URL}`);
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
    expect((await preview.html('/__preview/not-a-token/shop')).headers['content-security-policy']).toContain("script-src 'none'");
    const page = await preview.html(`/__preview/${token}/shop`);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    // The one script is the live one, run by its nonce; it fetches its own origin only.
    const policy = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(policy).toContain("connect-src 'self'");
    const scripts = [...page.body.matchAll(new RegExp(RUNNABLE_SCRIPT, 'g'))].map((match) => match[0]);
    expect(scripts).toEqual([`<script nonce="${nonce}">`]);
    expect(page.body).toContain(`"${STUDIO_URL}"`);
    const again = await preview.html(`/__preview/${token}/shop`);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
    const site = await preview.html('/shop');
    expect(site.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(site.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(site.body).not.toContain('name="robots"');
  });

  it('keeps links to pages inside the preview, and files on the site', async () => {
    const token = preview.token(ids.editor);
    const page = await preview.html(`/__preview/${token}/shop`);
    const hrefs = [...page.body.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => match[1]);
    const local = hrefs.filter((href) => href.startsWith('/'));
    expect(local.length).toBeGreaterThan(3);
    expect(local.filter((href) => !href.startsWith(`/__preview/${token}/`) && !/\.[a-z0-9]+$/i.test(href))).toEqual([]);
    expect(page.body).toMatch(/<style data-file="\/assets\//);
    const other = await preview.html(`/__preview/${token}/SHOP?x=1`);
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe(`/__preview/${token}/shop?x=1`);
  });

  it('keeps three preview APIs at most, the least recently used closed first', async () => {
    const accounts = await Promise.all([1, 2, 3].map((n) => preview.account(`many${n}@preview.example`, ['editor'])));
    for (const id of [ids.editor, ...accounts]) expect((await preview.html(`/__preview/${preview.token(id)}/shop`)).statusCode).toBe(200);
    expect(preview.site.app.previewApis!.open()).toBe(3);
    // The first account's API was closed: its next preview starts one again, from its draft.
    expect((await preview.html(`/__preview/${preview.token(ids.editor)}/shop`)).body).toContain('₱1,234.00');
    expect(preview.site.app.previewApis!.open()).toBe(3);
  });

  it('puts no preview into the HTML cache', async () => {
    await preview.pages().invalidate();
    await preview.html('/shop');
    expect(preview.pages().cached()).toBe(1);
    const token = preview.token(ids.editor);
    for (const path of ['/shop', '/', '/about-us']) await preview.html(`/__preview/${token}${path}`);
    expect(preview.pages().cached()).toBe(1);
  });
});
