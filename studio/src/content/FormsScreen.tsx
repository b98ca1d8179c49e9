import { FormsTab } from '../../../editor/src/FormsTab';
import TEXTS from '../../texts.json';
import { StudioEditorFrame } from './EditorFrame';

/**
 * `/forms`: the Forms tab of the site's editor (editor/src, the same components as `npm run edit`:
 * a form's fields, their messages, its flow and a live preview) in the studio's editor frame. A form
 * change is saved into the same draft as content and page changes and published with them; the
 * preview's data is checked by the server (the studio's editor host), as the page runs no compiled code.
 */
export function FormsScreen() {
  return (
    <StudioEditorFrame tab="forms" texts={TEXTS.forms}>
      <FormsTab />
    </StudioEditorFrame>
  );
}
