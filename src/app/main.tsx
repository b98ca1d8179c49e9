import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { FluentProvider } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import { buildRoutes } from './router';
import { theme } from './theme';
import './site.css';

const router = createBrowserRouter(buildRoutes());

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <FluentProvider theme={theme} className="app-root">
      <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 60_000 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </FluentProvider>
  </StrictMode>,
);
