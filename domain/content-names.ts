/**
 * How editors name the site's content: a resource by its file (content/<name>.json,
 * content/demo/<name>.json) and an item by its label field. The editor's Content tab, the studio and
 * the git record's change in words all read these, so a resource has one name everywhere.
 */

/** Human names of content resources (a file's name) where the words of the name are not enough. */
const CONTENT_NAMES: Record<string, string> = {
  faqs: 'Frequently asked questions',
  'shop-plans': 'Shop plans and prices',
  'home-sliders': 'Home page banners',
  promos: 'Promo codes',
  'promotion-codes': 'Reseller promotion codes',
  'data-privacies': 'Privacy policy',
  'terms-and-conditions': 'Terms and conditions',
  'how-it-works': 'How it works, steps',
  'feature-parallaxes': 'Features',
  'about-us-sections': 'About us, sections',
  'tele-treatments': 'Tele-treatment, sections',
  footers: 'Footer',
  'reseller-faqs': 'Reseller frequently asked questions',
  'reseller-data-privacies': 'Reseller privacy policy',
  'reseller-terms-and-conditions': 'Reseller terms and conditions',
  'reseller-how-it-works': 'Reseller how it works, steps',
};

/** The item fields that name an item in a list, the first one an item's kind has wins. */
export const LABEL_FIELDS: readonly string[] = ['title', 'name', 'question', 'code', 'header'];

/** 'home-testimonials' -> 'Home testimonials'. */
function nameWords(name: string): string {
  const spaced = name.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A content resource as an editor names it: the table above, else its file name in words with
 * "-sliders" read as the page's banners ("shop-sliders" -> "Shop page banners"); a demo file's
 * name ends in "(demo)".
 */
export function contentName(file: string): string {
  const demo = file.startsWith('content/demo/');
  const resource = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
  const slider = /^(.+)-sliders$/.exec(resource);
  const name = CONTENT_NAMES[resource] ?? (slider ? `${nameWords(slider[1])} page banners` : nameWords(resource));
  return demo ? `${name} (demo)` : name;
}
