import { fillRoute, pathParams } from './paths';
import { SAMPLE_PARAMS, SAMPLE_QUERY } from './sample-params';

/**
 * Pages of the config as the scripts, the tests and the editors' previews (`npm run edit`'s and the
 * studio's) visit them: '{short}' substitution, then the path grammar of domain/paths.ts (React
 * Router's) to fill a page's path with the demo data's params.
 */

export function substituteShort(template: string, short: string | undefined): string {
  return short === undefined ? template : template.split('{short}').join(short);
}

/** What samplePath needs of a page of the config. */
export interface SamplePage {
  name: string;
  path: string;
  /** The page's defaults of its route params (an optional param the page fills itself). */
  params?: Readonly<Record<string, string>>;
  /** Where a redirect page sends the visitor: no page of its own to visit. */
  redirect?: string;
}

/**
 * A visitable URL of a page (the benches, the tests, the editor's preview): '{short}' filled, then the
 * path filled by `fillRoute` (React Router's `generatePath`) with the demo data's params (SAMPLE_PARAMS; a reseller's
 * slug by default). An optional param the page gives a default in its `params` is left out (the page
 * fills it), as is one without a demo value; a required one without a demo value is 'x'. A trailing
 * slash the path has stays, and the query a page needs to show (SAMPLE_QUERY) is added.
 */
export function samplePath(page: SamplePage, short: string): string {
  const path = substituteShort(page.path, short);
  const demo: Record<string, string> = { slug: 'demo-reseller', ...SAMPLE_PARAMS[page.name] };
  const values: Record<string, string> = {};
  for (const { name, optional } of pathParams(path)) {
    const value = optional && page.params?.[name] !== undefined ? undefined : (demo[name] ?? (optional ? undefined : 'x'));
    if (value !== undefined) values[name] = value;
  }
  return (fillRoute(path, values) ?? path) + (SAMPLE_QUERY[page.name] ?? '');
}
