import { createRoot } from 'react-dom/client';
import { configureApi } from '../../../src/api/client';
import '../../../src/app/site.css';
import { PreviewApp, sectionFailed } from './PreviewApp';
import './preview.css';

// The preview asks the editor's preview API (scripts/lib/editor/content-preview.ts): the reference
// API whose content is the editor's unsaved content files.
configureApi({ baseUrl: '/__editor/preview-api' });

// A section that throws is caught by its boundary (engine/SectionBoundary.tsx) and renders nothing;
// the preview also tells the editor, and mounts the page anew with the next edit.
const root = createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: (error) => {
    console.error(error);
    sectionFailed(error);
  },
});
root.render(<PreviewApp />);
