import { ContentTab } from '../../../editor/src/content/ContentTab';
import TEXTS from '../../texts.json';
import { StudioEditorFrame } from './EditorFrame';
import { ItemPane } from './ItemPane';

/**
 * `/content`: the Content tab of the site's editor (editor/src, the same components as `npm run
 * edit`) in the studio's editor frame (draft, autosave, publish bar, edit lock), with the item's
 * history, its scheduling and its page in the production preview beside its form (ItemPane, the
 * tab's Preview slot).
 */
export function ContentScreen() {
  return (
    <StudioEditorFrame tab="content" texts={TEXTS.content}>
      <ContentTab Preview={ItemPane} />
    </StudioEditorFrame>
  );
}
