import { splitConfig } from '../../../domain/page-layout';
import { header, removeStale, type GenerateContext, type GeneratedFile, type GenerateStep } from './step';

/** Where the site's share of pages.config.json goes, relative to the project root. */
export const SITE_CONFIG_FILE = 'src/generated/site-config.json';
export const PAGE_SECTIONS_DIR = 'src/generated/page-sections';
const PAGE_SECTIONS_INDEX = 'src/generated/page-sections.ts';

/**
 * pages.config.json as the browser loads it: the site settings and the route table (every page
 * without its sections) in one small file every page imports, and each page's sections (presets
 * applied) in a file of its own that its route loads. A visitor downloads the sections of the pages
 * they open, not the whole config; the server preloads the page's file with its block chunks.
 *
 * The split is domain/page-layout.ts's, which the server applies to a content release's config too.
 * Cheap (no schema compiling): it runs at each edit of the config, in `npm run dev` too, and only
 * then; an unreadable config writes nothing (validate reports it).
 */
export const pageFiles: GenerateStep = {
  name: 'page-files',
  reads: ['config'],
  async run(ctx: GenerateContext): Promise<GeneratedFile[]> {
    const read = ctx.inputs.config;
    if (!read?.ok) return [];
    const layout = splitConfig(read.json.data);
    if (!layout) return [];
    const keys = layout.pages.map((page) => page.key);
    const files: GeneratedFile[] = keys.map((key) => ({
      path: `${PAGE_SECTIONS_DIR}/${key}.json`,
      content: `${JSON.stringify(layout.sections[key])}\n`,
    }));
    files.push({ path: SITE_CONFIG_FILE, content: `${JSON.stringify({ site: layout.site, pages: layout.pages })}\n` });
    const loaders = keys.map((key) => `  ${key}: () => import('./page-sections/${key}.json'),`);
    const blockLists = keys.map((key) => `  ${key}: ${JSON.stringify(layout.blocks[key])},`);
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
    removeStale(ctx.root, PAGE_SECTIONS_DIR, new Set(keys.map((key) => `${key}.json`)));
    return files;
  },
};
