import { createDOMRenderer, FluentProvider, RendererProvider, webLightTheme } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './src/App';

/**
 * The studio in the browser. Its page's CSP lets styles in only with the nonce the server wrote into
 * this answer's <meta name="style-nonce">: Fluent's runtime styles (Griffel) and its theme's style
 * tag carry it (the renderer's styleElementAttributes).
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="style-nonce"]')?.content;
const renderer = createDOMRenderer(document, nonce ? { styleElementAttributes: { nonce } } : {});

createRoot(document.getElementById('studio-root') as HTMLElement).render(
  <StrictMode>
    <RendererProvider renderer={renderer} targetDocument={document}>
      <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
        <App />
      </FluentProvider>
    </RendererProvider>
  </StrictMode>,
);
