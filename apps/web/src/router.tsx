import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { NotFoundPage } from './components/ErrorPage';
import { RequireAdmin, RequireAuth } from './features/auth/RequireAuth';
import { AppLayout } from './features/shell/AppLayout';
import { PageFrame, lazyPage as page, RouteErrorBoundary } from './routing';

/** Keeps the query string when an old path forwards to its new one. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

const AUTH = ['auth'] as const;
// The account page reuses the sign-up form's texts; the home page lists announcements.
const ACCOUNT = ['account', 'auth', 'classicManifests'] as const;
const HOME = ['home', 'adminNotifications'] as const;
const APPS = ['developerApps', 'manifests', 'listing'] as const;
// The app page is the tabbed layout or, for users who have not opted in to the form-based
// experience, the older single page with the manifest tables and the JSON editor (spec 2 §2).
const APP_PAGE = ['developerApps', 'manifests', 'classicManifests', 'listing'] as const;
// The announcement form previews the notification card of the developers' list.
const ANNOUNCEMENT_FORM = ['adminNotifications', 'notifications'] as const;

/** The tabs of an app page; the metrics tab has no route until there is metrics data. */
function developerAppTabRoutes(): RouteObject[] {
  const configurations = page(APPS, async () =>
    (await import('./features/manifests/tabLoaders')).loadConfigurationsTab(),
  );
  return [
    { index: true, element: configurations },
    { path: 'configurations', element: configurations },
    {
      path: 'versions',
      element: page(APPS, async () => (await import('./features/manifests/tabLoaders')).loadVersionsTab()),
    },
    { path: 'settings', element: page(APPS, () => import('./features/developer-apps/settings/SettingsTab')) },
    {
      path: 'oauthCredentials',
      element: page(APPS, () => import('./features/developer-apps/credentials/OAuthCredentialsTab')),
    },
    { path: 'oauth_credentials', element: <Navigate to="../oauthCredentials" replace relative="path" /> },
    {
      path: 'collaborators',
      element: page(APPS, () => import('./features/developer-apps/collaborators/CollaboratorsTab')),
    },
    {
      path: 'marketplaceListing',
      element: page(APPS, () => import('./features/listing/MarketplaceListingTab')),
    },
    { path: 'marketplace_listing', element: <Navigate to="../marketplaceListing" replace relative="path" /> },
  ];
}

// Every page is lazy (routing.tsx): its code (and the libraries only it uses) is a chunk of its own,
// so the first page a visitor opens loads only the shell and that page. React Router runs in its
// declarative mode (routing.tsx says why); a crash in the layout replaces it with the error page, a
// crash in a page keeps the navigation around it (PageFrame).
// Each call makes new lazy pages, so tests (each with its own i18n instance) load their translations.
export function createRoutes(): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <AppLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: <PageFrame />,
          children: [
            {
              path: 'sign_in',
              element: page(AUTH, () => import('./features/auth/SignInPage'), { baseStylesOnly: true }),
            },
            { path: 'sign_up', element: page(AUTH, () => import('./features/auth/SignUpPage')) },
            {
              path: 'confirm_email',
              element: page(AUTH, () => import('./features/auth/ConfirmEmailPage')),
            },
            { path: 'confirm', element: <Forward to="/confirm_email" /> },
            { path: 'registrations/confirm', element: <Forward to="/confirm_email" /> },
            {
              path: 'password/forgot',
              element: page(AUTH, () => import('./features/auth/ForgotPasswordPage')),
            },
            {
              path: 'password/reset',
              element: page(AUTH, () => import('./features/auth/ResetPasswordPage')),
            },
            {
              // Signed-out visitors are offered sign-in and sign-up that come back here.
              path: 'invitations/accept',
              element: page(['invitations'], () => import('./features/invitations/AcceptInvitationPage')),
            },
            {
              path: 'terms_and_conditions',
              element: page(['legal'], () => import('./features/legal/TermsPage')),
            },
            {
              path: 'reference/*',
              element: page(['reference'], () => import('./features/reference/ReferenceRoute')),
            },
            {
              element: <RequireAuth />,
              children: [
                { index: true, element: page(HOME, () => import('./features/home/HomePage')) },
                {
                  path: 'account',
                  element: page(ACCOUNT, () => import('./features/account/AccountPage')),
                },
                {
                  path: 'notifications',
                  element: page(
                    ['notifications'],
                    () => import('./features/notifications/NotificationsPage'),
                  ),
                },
                {
                  path: 'notifications/:id',
                  element: page(
                    ['notifications'],
                    () => import('./features/notifications/NotificationReader'),
                  ),
                },
                {
                  path: 'developer_apps',
                  element: page(APPS, () => import('./features/developer-apps/DeveloperAppsPage')),
                },
                {
                  path: 'developer_apps/:id',
                  element: page(APP_PAGE, () => import('./features/developer-apps/detail/AppDetailLayout')),
                  children: developerAppTabRoutes(),
                },
                {
                  path: 'admin',
                  element: <RequireAdmin />,
                  children: [
                    { index: true, element: <Navigate to="outbound_emails" replace /> },
                    {
                      path: 'outbound_emails',
                      element: page(['admin'], () => import('./features/admin/OutboundEmailsPage')),
                    },
                    {
                      path: 'notifications',
                      element: page(
                        ['adminNotifications'],
                        () => import('./features/admin-notifications/AdminNotificationsPage'),
                      ),
                    },
                    {
                      path: 'notifications/new',
                      element: page(
                        ANNOUNCEMENT_FORM,
                        () => import('./features/admin-notifications/AdminNotificationFormPage'),
                      ),
                    },
                    {
                      path: 'notifications/:id/edit',
                      element: page(
                        ANNOUNCEMENT_FORM,
                        () => import('./features/admin-notifications/AdminNotificationFormPage'),
                      ),
                    },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** The app's route tree; render it inside a router (HistoryRouter in routing.tsx). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
