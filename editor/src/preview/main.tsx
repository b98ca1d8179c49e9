import { createRoot } from 'react-dom/client';
import '../../../src/app/site.css';
import { PreviewApp, sectionFailed } from './PreviewApp';
import './preview.css';

// A section that throws is caught by its boundary (engine/SectionBoundary.tsx) and renders nothing;
// the preview also tells the editor, and mounts the page anew with the next edit.
const root = createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: (error) => {
    console.error(error);
    sectionFailed(error);
  },
});
root.render(<PreviewApp />);
