import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pageFrame } from '../page-frame';
import type { SsrEntry } from '../ssr-entry';
import type { PreviewForms } from '../forms/preview-forms';
import { createLayouts, LAYOUT_FILE } from '../release-layout';
import { withApi, type ApiFetch } from './fetch-scope';
import { PREVIEW_PREFIX } from './token';

/**
 * A content preview's page: rendered by the site's production renderer (the built SSR bundle and
 * the built page frame, exactly as a public page) with its data from the draft's API, then made a
 * preview: none of the site's scripts (they would route and fetch as the public site does), only the
 * head's addition the route gives (the live script, live-script.ts), a robots noindex tag, and every link to a page of the site kept inside the preview
 * (`/shop` becomes `/__preview/<token>/shop`); images, styles and fonts stay the site's own files.
 */

type PreviewAnswer = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string };

export interface PreviewPages {
  /**
   * The page at `href` (path and query, as the site spells it) from the API `api`, its links under
   * `token`, with `head` (HTML) at the end of its head, and the sections and forms of the draft's
   * `texts` (its pages.config.json and forms/<name>.json) where they differ from the build's: a draft
   * that changes the route table or the site settings shows the build's layout
   * (server/release-layout.ts), a form the site's code has not yet the build's (forms/preview-forms.ts).
   */
  render(href: string, token: string, api: ApiFetch, head?: string, texts?: Readonly<Record<string, string>>): Promise<PreviewAnswer>;
}

const SPECULATION_RULES = /<script type="speculationrules">[\s\S]*?<\/script>/g;
const NOINDEX = '<meta name="robots" content="noindex">';
/** An href to a path of this origin: `href="/…"`, not `href="//host/…"`. */
const LOCAL_HREF = /(<a\b[^>]*?\shref=")(\/(?!\/)[^"]*)"/g;
/** Paths that are files, not pages: the built assets, content images, the API. */
const FILE_PREFIXES = ['/assets/', '/content-media/', '/content-images/', '/api/', `${PREVIEW_PREFIX}/`];
const FILE_NAME = /\.[A-Za-z0-9]{1,12}$/;

function isPagePath(href: string): boolean {
  const path = href.replace(/[?#].*$/, '');
  if (FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return !FILE_NAME.test(path.slice(path.lastIndexOf('/') + 1));
}

/** `path` of the site as the same path inside the preview of `token`. */
const previewPath = (token: string, path: string): string => `${PREVIEW_PREFIX}/${token}${path}`;

/** The page's links to the site's pages kept inside the preview. */
function keepLinksInside(html: string, token: string): string {
  return html.replace(LOCAL_HREF, (whole, start: string, href: string) =>
    isPagePath(href) ? `${start}${previewPath(token, href)}"` : whole,
  );
}

/** Everything React writes into `pipe`, as one text. */
function collect(pipe: (destination: Writable) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    destination.on('error', reject);
    pipe(destination);
  });
}

/** The previews of the built site in `staticDir`, or null without its SSR bundle or with an external API. */
export async function createPreviewPages(
  staticDir: string,
  publicUrl: string,
  live: ApiFetch,
  forms?: PreviewForms,
): Promise<PreviewPages | null> {
  const entryPath = join(staticDir, '.ssr', 'entry-server.js');
  if (!existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as SsrEntry;
  // A site built for an external API renders from it: a draft has no API of its own there.
  if (entry.BUILT_API_ORIGIN !== '') return null;
  const frame = pageFrame(staticDir);
  // The same fetch as the site's renders (fetch-scope.ts): the draft's API inside withApi only.
  const base = { publicUrl, apiBaseUrl: publicUrl, fetch: live };
  const layouts = entry.builtLayout ? createLayouts(await entry.builtLayout()) : null;

  return {
    async render(href, token, api, head = '', texts = {}) {
      // The draft's sections and forms go with this render only (the SSR bundle scopes them): never a public page's.
      const options = { ...base, sections: layouts?.choose(texts[LAYOUT_FILE]).sections, forms: forms?.render(texts) };
      let result = await withApi(api, () => entry.render(href, options));
      if (result.kind === 'redirect') {
        const location = result.location.startsWith('/') ? previewPath(token, result.location) : result.location;
        return { kind: 'redirect', location };
      }
      if (result.kind === 'not-found') result = await withApi(api, () => entry.renderNotFound(options));
      const page = result;
      const { before, after } = frame(page, entry.headHtml(page.head), false);
      const app = await collect(page.pipe);
      const html = keepLinksInside(`${before}${app}${after}`, token)
        .replace(SPECULATION_RULES, '')
        .replace('</head>', `${NOINDEX}${head}</head>`);
      return { kind: 'page', status: page.status, html };
    },
  };
}
