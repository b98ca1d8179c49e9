import { createRoot } from 'react-dom/client';
import { configureApi } from '../../../src/api/client';
import '../../../src/app/site.css';
import { PreviewApp, sectionFailed } from './PreviewApp';
import './preview.css';

// The preview asks the editor's preview API (scripts/lib/editor/content-preview.ts): the reference
// API whose content is the editor's unsaved content files.
configureApi({ baseUrl: '/__editor/preview-api' });

// The preview never takes the keyboard focus from the editor: the site moves the focus by script (a
// new page's heading, a dialog's button), and in the frame that happens only while the frame has
// the focus already (a click or Tab into it). A keystroke in a field beside the preview stays there.
for (const type of [HTMLElement, SVGElement]) {
  const focus = type.prototype.focus;
  type.prototype.focus = function focusWhileFrameHasIt(this: HTMLElement | SVGElement, options?: FocusOptions) {
    if (document.hasFocus()) focus.call(this, options);
  };
}

// A section that throws is caught by its boundary (engine/SectionBoundary.tsx) and renders nothing;
// the preview also tells the editor, and mounts the page anew with the next edit.
const root = createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: (error) => {
    console.error(error);
    sectionFailed(error);
  },
});
root.render(<PreviewApp />);
