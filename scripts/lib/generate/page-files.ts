import { resolvePresets } from '../../../domain/page-presets';
import { isObject } from '../json-file';
import { header, removeStale, type GenerateContext, type GeneratedFile, type GenerateStep } from './step';

/** Where the site's share of pages.config.json goes, relative to the project root. */
export const SITE_CONFIG_FILE = 'src/generated/site-config.json';
export const PAGE_SECTIONS_DIR = 'src/generated/page-sections';
const PAGE_SECTIONS_INDEX = 'src/generated/page-sections.ts';

/** The name of a page's sections file (and the key the route table gives the page). */
export const pageKey = (index: number) => `p${index}`;

/** The distinct block types of a page's sections, in the order they first appear. */
function blockTypes(page: unknown): string[] {
  const sections = isObject(page) && Array.isArray(page.sections) ? page.sections : [];
  return [...new Set(sections.flatMap((section) => (isObject(section) && typeof section.type === 'string' ? [section.type] : [])))];
}

/**
 * pages.config.json as the browser loads it: the site settings and the route table (every page
 * without its sections) in one small file every page imports, and each page's sections (presets
 * applied) in a file of its own that its route loads. A visitor downloads the sections of the pages
 * they open, not the whole config; the server preloads the page's file with its block chunks.
 *
 * Cheap (no schema compiling): it runs at each edit of the config, in `npm run dev` too, and only
 * then; an unreadable config writes nothing (validate reports it).
 */
export const pageFiles: GenerateStep = {
  name: 'page-files',
  reads: ['config'],
  async run(ctx: GenerateContext): Promise<GeneratedFile[]> {
    const read = ctx.inputs.config;
    if (!read?.ok) return [];
    const config = resolvePresets(read.json.data);
    if (!isObject(config) || !Array.isArray(config.pages)) return [];
    const pages: unknown[] = config.pages;
    const files: GeneratedFile[] = [];
    const routes = pages.map((page, index) => {
      const { sections, ...route } = isObject(page) ? page : {};
      files.push({ path: `${PAGE_SECTIONS_DIR}/${pageKey(index)}.json`, content: `${JSON.stringify(sections ?? [])}\n` });
      return { ...route, key: pageKey(index) };
    });
    files.push({ path: SITE_CONFIG_FILE, content: `${JSON.stringify({ site: config.site, pages: routes })}\n` });
    const loaders = pages.map((_, index) => `  ${pageKey(index)}: () => import('./page-sections/${pageKey(index)}.json'),`);
    const blockLists = pages.map((page, index) => `  ${pageKey(index)}: ${JSON.stringify(blockTypes(page))},`);
    files.push({
      path: PAGE_SECTIONS_INDEX,
      content: [
        header('pages.config.json (scripts/lib/generate/page-files.ts)'),
        "/** Each page's sections, by the key its route carries: a chunk of its own, loaded with the route. */",
        'export const pageSections: Record<string, () => Promise<{ default: unknown }>> = {',
        ...loaders,
        '};',
        '',
        "/** The block types of each page's sections, by the same key: a navigation fetches their chunks alongside the sections file. */",
        'export const pageBlocks: Record<string, readonly string[]> = {',
        ...blockLists,
        '};',
        '',
      ].join('\n'),
    });
    removeStale(ctx.root, PAGE_SECTIONS_DIR, new Set(pages.map((_, index) => `${pageKey(index)}.json`)));
    return files;
  },
};
