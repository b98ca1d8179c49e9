import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_DATA_ID, BOOT_SCRIPT, INPUT_SCRIPT, SPECULATION_RULES } from './boot-script';

/**
 * The frame of every server-rendered page: the built index.html cut around `#root`, filled per page
 * with its head tags, its CSS inline, its scripts to fetch and its handed-over data, and the boot
 * script that runs them (render.ts streams the app between the two halves).
 */

interface Template {
  /** Up to and including `<div id="root">`, with the head tags still to fill in. */
  before: string;
  /** From `</div>` of #root to the end. */
  after: string;
  /** The app's entry script and the chunks Vite preloads with it: fetched after a page's first paint and run by the boot script (boot-script.ts). */
  entry: string;
  preload: string[];
}

/** Vite's manifest entry of a chunk (build.manifest). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const ROOT_MARK = '<div id="root"></div>';

function readTemplate(staticDir: string): Template & { css: string[] } {
  const css: string[] = [];
  const preload: string[] = [];
  let entry = '';
  const html = readFileSync(join(staticDir, 'index.html'), 'utf8')
    .replace(STYLESHEET, (_link, href: string) => {
      css.push(href);
      return '';
    })
    .replace(ENTRY_SCRIPT, (_script, src: string) => {
      entry = src;
      return '';
    })
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preload.push(href);
      return '';
    });
  if (!entry) throw new Error(`${join(staticDir, 'index.html')} has no module script`);
  const at = html.indexOf(ROOT_MARK);
  if (at < 0) throw new Error(`${join(staticDir, 'index.html')} has no ${ROOT_MARK}`);
  return {
    css,
    before: html.slice(0, at + ROOT_MARK.length - '</div>'.length).replace(/\n\s*\n/g, '\n'),
    after: html.slice(at + ROOT_MARK.length - '</div>'.length),
    entry,
    preload,
  };
}

function readManifest(staticDir: string): Record<string, ManifestChunk> {
  const path = join(staticDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * The modules a page with a form imports on demand to load it: the engine's form loader
 * (src/engine/registry.ts imports it) and rjsf's validator factory (which the loader imports).
 */
const FORM_LOADER = ['src/forms/use-form-definition.ts', 'node_modules/@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'];

/**
 * A module the app imports lazily but wants with the code that imports it: a part of a block that
 * the page shows without waiting for it (a checkout's Fluent UI form card), named `*.part.tsx`.
 */
const PART = /\.part\.tsx$/;

/** The files of manifest chunks and all they import, parts included (PART): JS chunks and their CSS. */
function chunkAssets(manifest: Record<string, ManifestChunk>, keys: readonly string[]): { css: string[]; js: string[] } {
  const seen = new Set<string>();
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
    parts.push(...(chunk.dynamicImports ?? []).filter((key) => PART.test(key)));
  };
  // The parts after everything else: the page shows without them.
  const parts: string[] = [];
  keys.forEach(visit);
  while (parts.length) visit(parts.shift() as string);
  return { css: [...css], js: [...js] };
}

/** A stylesheet link of the template: inlined into each page instead (one request less before the first paint). */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g;
/** The template's entry script and module preloads: a rendered page lists them to fetch after its first paint and runs them at the end of its body (boot-script.ts). */
const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;

/** JSON for a <script type="application/json"> element: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** What a rendered page puts into the frame (ssr-entry.ts SsrPage). */
export interface FramedPage {
  head: { lang: string };
  pageKey: string;
  blocks: readonly string[];
  scriptBlocks: readonly string[];
  /** The forms those blocks show: their file and validator chunks are among the page's own. */
  forms?: readonly string[];
  styles: string;
  data: unknown;
}

/**
 * The frame of the built site in `staticDir`: gives the HTML before and after the app for a page
 * (`headHtml`: its title and meta tags; `scripted`: whether the page runs any script).
 */
export function pageFrame(staticDir: string): (page: FramedPage, headHtml: string, scripted: boolean) => { before: string; after: string } {
  const template = readTemplate(staticDir);
  const manifest = readManifest(staticDir);
  // The entry's chunks are in the template already (its script); its CSS and the blocks' CSS are inlined.
  const entryKey = Object.entries(manifest).find(([, chunk]) => (chunk as { isEntry?: boolean }).isEntry)?.[0];
  const inTemplate = new Set(entryKey ? chunkAssets(manifest, [entryKey]).js : []);
  const inlineCss = (file: string) => {
    const path = join(staticDir, file);
    return existsSync(path) ? readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style') : '';
  };
  /**
   * What a page adds to the template (worked out once per page): in the head the list of the scripts
   * to fetch (the entry, its chunks, then the page's own: its sections chunk, the chunks of its blocks
   * that run and of their forms), the input script, which fetches them after the first contentful
   * paint, and the page's CSS inline;
   * at the end of the body the boot script, which runs the entry, and the speculation rules. A page
   * where nothing runs gets the speculation rules only.
   */
  const assetsByPage = new Map<string, { head: string; boot: string }>();
  const pageAssets = (
    pageKey: string,
    blocks: readonly string[],
    scriptBlocks: readonly string[],
    forms: readonly string[],
    scripted: boolean,
  ) => {
    const key = `${pageKey} ${blocks.join(' ')} ${scriptBlocks.join(' ')} ${forms.join(' ')} ${scripted}`;
    const known = assetsByPage.get(key);
    if (known !== undefined) return known;
    const chunks = (types: readonly string[]) => types.map((block) => `src/generated/block-chunks/${block}.ts`);
    const sectionsChunk = `src/generated/page-sections/${pageKey}.json`;
    // Every block's styles, but the scripts of the blocks that run only (a never-hydrated block's code never loads).
    const styles = chunkAssets(manifest, [sectionsChunk, ...chunks(blocks)]).css;
    // A form's file and validator are chunks of their own (src/forms/definitions.ts), as is the code
    // that loads them (FORM_LOADER), which the page would ask for only once the block's code has
    // run: listed here, they download with it.
    const formChunks = forms.length
      ? [...FORM_LOADER, ...forms.flatMap((form) => [`src/generated/form-files/${form}.json`, `src/generated/validators/${form}.js`])]
      : [];
    const scripts = chunkAssets(manifest, [sectionsChunk, ...chunks(scriptBlocks), ...formChunks]).js;
    const cssFiles = [...new Set([...template.css, ...styles])];
    const css = cssFiles.map((file) => `<style data-file="/${file}">${inlineCss(file)}</style>`);
    // The stylesheets inlined above, named for Vite's loader of lazy chunks: it fetches a chunk's CSS
    // unless a <link rel="stylesheet"> of it is in the document, and holds the chunk until that CSS
    // has loaded (a round trip on the way from a tap to its effect). A disabled link is not fetched.
    const inlined = cssFiles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');
    const pageChunks = [...new Set(scripts.filter((file) => !inTemplate.has(file)).map((file) => `/${file}`))];
    const speculation = `<script type="speculationrules">${SPECULATION_RULES}</script>`;
    // A page where nothing runs (every block `x-hydrate: never`) gets no script but its speculation rules.
    const boot = scripted ? `${inlined}<script>${BOOT_SCRIPT}</script>${speculation}` : speculation;
    // The input script first in the head: input is kept from the first paint of the first chunk on.
    // The entry (run at the end of the body, BOOT_SCRIPT), then its chunks and the page's own, all
    // fetched once the page has painted (INPUT_SCRIPT): no script is requested before the first paint,
    // so none takes bandwidth from it or sits in the path of its largest paint.
    const preload = [...new Set([template.entry, ...template.preload, ...pageChunks])];
    const list = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson({ entry: template.entry, preload })}</script>`;
    const page = { head: (scripted ? `${list}<script>${INPUT_SCRIPT}</script>` : '') + css.join(''), boot };
    assetsByPage.set(key, page);
    return page;
  };
  return (page, headHtml, scripted) => {
    const assets = pageAssets(page.pageKey, page.blocks, page.scriptBlocks, page.forms ?? [], scripted);
    const before = template.before
      .replace('<html lang="en">', `<html lang="${page.head.lang.replace(/[^A-Za-z0-9-]/g, '')}">`)
      .replace(TITLE, () => headHtml)
      .replace(DESCRIPTION, '')
      .replace('</head>', () => `${assets.head}${page.styles}</head>`);
    const after =
      `</div><script type="application/json" id="page-data">${scriptJson(page.data)}</script>${assets.boot}` +
      template.after.slice('</div>'.length);
    return { before, after };
  };
}
