import { useDeferredValue, useMemo } from 'react';
import type { PagesConfigValue, PageValue } from '../../../editor/src/core/types';
import { isObject } from '../../../domain/guards';
import { layoutDifference, splitConfig } from '../../../domain/page-layout';
import { samplePath } from '../../../domain/sample-path';
import BUILT from '../../../pages.config.json';
import { PreviewPane } from './PreviewPane';

const shortOf = (config: unknown) =>
  isObject(config) && isObject(config.site) && isObject(config.site.product) ? String(config.site.product.short ?? '') : '';

/** The layout the site (and the studio) was built with: the route table and settings a release cannot change. */
const built = splitConfig(BUILT);

/**
 * Whether the draft's layout waits for a deploy (it changes the route table or the site settings,
 * which the site's browser code holds): then the site and the preview show the built layout (the
 * publish bar says so in words).
 */
function useWaitsForDeploy(config: PagesConfigValue): boolean {
  // Compared after the keystroke has rendered (a background render), not in its way.
  const deferred = useDeferredValue(config);
  return useMemo(() => {
    const draft = splitConfig(deferred);
    return built !== undefined && draft !== undefined && layoutDifference(built, draft).needsDeploy;
  }, [deferred]);
}

/**
 * The Pages screen's preview (the Pages tab's Preview slot): the selected page in the production
 * preview, at its address with its parameters filled with the demo's (samplePath), the draft's
 * unsaved sections in it as they are typed. While the draft's layout waits for a deploy, the page
 * of the same name is opened at its built address, where the site shows it until then.
 */
export function PagePreview({ config, page }: { config: PagesConfigValue; page: PageValue }) {
  const waits = useWaitsForDeploy(config);
  const path = useMemo(() => {
    const shown = waits ? (BUILT.pages as PageValue[]).find((candidate) => candidate.name === page.name) : page;
    return shown ? samplePath(shown, shortOf(waits ? BUILT : config)) : '/';
  }, [waits, page, config]);
  return <PreviewPane path={path} />;
}
