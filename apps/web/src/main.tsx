// Mantine's styles for the first page only; the rest (styles/more.css) comes with the other pages.
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { AppProviders } from './AppProviders';
import { watchPreloadErrors } from './components/chunkError';
import { createI18n } from './i18n';
import { createQueryClient } from './queryClient';
import { AppRoutes, createRoutes } from './router';
import { ErrorBoundary, HistoryRouter, preloadPages } from './routing';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

watchPreloadErrors();
const i18n = createI18n();
const queryClient = createQueryClient();
// v5Compat: the router hears its own pushes and replaces, not only the back and forward buttons.
const history = createBrowserHistory({ v5Compat: true });
const routes = createRoutes();

// Rendered in a transition: React then renders the first page in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks input (Lighthouse's
// Total Blocking Time on a slow phone). It starts once the page's code and texts are in (index.html
// preloads the sign-in page's), so the first commit shows the page rather than PageLoader.
const root = createRoot(container);
void preloadPages(routes, history.location.pathname).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          {/* The root boundary: a crash outside every route's boundary still shows the crash screen. */}
          <ErrorBoundary>
            <HistoryRouter history={history}>
              <AppRoutes routes={routes} />
            </HistoryRouter>
          </ErrorBoundary>
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
