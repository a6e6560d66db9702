import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders';
import { createI18n } from './i18n';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const i18n = createI18n();
const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
