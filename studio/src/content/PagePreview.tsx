import { useMemo } from 'react';
import type { PagesConfigValue, PageValue } from '../../../editor/src/core/types';
import { isObject } from '../../../domain/guards';
import { samplePath } from '../../../domain/sample-path';
import { PreviewPane } from './PreviewPane';

/**
 * The Pages screen's preview (the Pages tab's Preview slot): the selected page in the production
 * preview, at its address with its parameters filled with the demo's (samplePath), the draft's
 * unsaved layout in it as it is typed.
 */
export function PagePreview({ config, page }: { config: PagesConfigValue; page: PageValue }) {
  const short = isObject(config.site) && isObject(config.site.product) ? String(config.site.product.short ?? '') : '';
  // A redirect page's preview follows it to where it sends the visitor (inside the preview).
  const path = useMemo(() => samplePath(page, short), [page, short]);
  return <PreviewPane path={path} />;
}
