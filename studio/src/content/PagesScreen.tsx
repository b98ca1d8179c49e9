import { PagesTab } from '../../../editor/src/pages/PagesTab';
import TEXTS from '../../texts.json';
import { StudioEditorFrame } from './EditorFrame';
import { PagePreview } from './PagePreview';

/**
 * `/pages`: the Pages tab of the site's editor (editor/src, the same components as `npm run edit`:
 * pages, sections, their properties) in the studio's editor frame. A layout change is saved into
 * the same draft as content changes and published with them; the selected page shows in the
 * production preview (PagePreview, the tab's Preview slot).
 */
export function PagesScreen() {
  return (
    <StudioEditorFrame tab="pages" texts={TEXTS.pages}>
      <PagesTab Preview={PagePreview} />
    </StudioEditorFrame>
  );
}
