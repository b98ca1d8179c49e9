import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './src/App';
import { EditorStore } from './src/core/store';
import { StoreContext } from './src/core/use-store';

/** The visual editor of `npm run edit` (served at /__editor/ by the editor's dev server). */
const store = new EditorStore();
void store.load();

createRoot(document.getElementById('editor-root') as HTMLElement).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
      <StoreContext.Provider value={store}>
        <App />
      </StoreContext.Provider>
    </FluentProvider>
  </StrictMode>,
);
