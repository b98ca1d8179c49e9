import { pageForContent } from '../../../editor/src/core/content-model';
import type { PagesConfigValue } from '../../../editor/src/core/types';
import { isObject } from '../../../domain/guards';
import PAGES from '../../../pages.config.json';

/**
 * The page the Content screen previews beside an item: the page that lists the item's resource
 * (an article: its own page), as the dev editor's preview chooses it (pageForContent), from the
 * page table the studio was built with (pages.config.json is not content: it changes with a
 * deploy, as the studio does). A page whose address needs a parameter the item does not give, or
 * no page at all, falls back to the home page.
 */

const config = PAGES as unknown as PagesConfigValue;
const short = isObject(config.site) && isObject(config.site.product) ? String(config.site.product.short ?? '') : '';

export function previewPath(resource: string, item: unknown): string {
  const target = pageForContent(config, resource, item, short);
  if (!target) return '/';
  if (target.url) return target.url;
  const path = target.page.path.replaceAll('{short}', short);
  return path.includes(':') || target.page.redirect !== undefined ? '/' : path;
}
