import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { NotFoundPage } from './components/ErrorPage';
import { PageLoader } from './components/PageLoader';
import { RouteErrorPage } from './components/RouteErrorPage';
import { RequireAdmin, RequireAuth } from './features/auth/RequireAuth';
import { AppLayout } from './features/shell/AppLayout';

/** Keeps the query string when an old path forwards to its new one. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/**
 * A lazy page route. The function form is used on purpose: react-router clears the properties of a
 * lazy *object* in place once loaded, which breaks a second router built from the same definitions.
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** The tabs of an app page; the metrics tab has no route until there is metrics data. */
function developerAppTabRoutes(): RouteObject[] {
  const configurations = page(async () => ({
    default: (await import('./features/developer-apps/detail/ComingSoonTab')).ConfigurationsTab,
  }));
  return [
    { index: true, lazy: configurations },
    { path: 'configurations', lazy: configurations },
    {
      path: 'versions',
      lazy: page(async () => ({
        default: (await import('./features/developer-apps/detail/ComingSoonTab')).VersionsTab,
      })),
    },
    { path: 'settings', lazy: page(() => import('./features/developer-apps/settings/SettingsTab')) },
    {
      path: 'oauthCredentials',
      lazy: page(() => import('./features/developer-apps/credentials/OAuthCredentialsTab')),
    },
    { path: 'oauth_credentials', element: <Navigate to="../oauthCredentials" replace relative="path" /> },
    {
      path: 'collaborators',
      lazy: page(() => import('./features/developer-apps/collaborators/CollaboratorsTab')),
    },
    {
      path: 'marketplaceListing',
      lazy: page(async () => ({
        default: (await import('./features/developer-apps/detail/ComingSoonTab')).MarketplaceListingTab,
      })),
    },
    { path: 'marketplace_listing', element: <Navigate to="../marketplaceListing" replace relative="path" /> },
  ];
}

// Every page is a lazy route: its code (and the libraries only it uses) is a chunk of its own,
// so the first page a visitor opens loads only the shell and that page.
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: PageLoader,
      children: [
        {
          // A crashing page keeps the navigation around it.
          errorElement: <RouteErrorPage />,
          children: [
            { path: 'sign_in', lazy: page(() => import('./features/auth/SignInPage')) },
            { path: 'sign_up', lazy: page(() => import('./features/auth/SignUpPage')) },
            {
              path: 'confirm_email',
              lazy: page(() => import('./features/auth/ConfirmEmailPage')),
            },
            { path: 'confirm', element: <Forward to="/confirm_email" /> },
            { path: 'registrations/confirm', element: <Forward to="/confirm_email" /> },
            {
              path: 'password/forgot',
              lazy: page(() => import('./features/auth/ForgotPasswordPage')),
            },
            {
              path: 'password/reset',
              lazy: page(() => import('./features/auth/ResetPasswordPage')),
            },
            {
              // Signed-out visitors are offered sign-in and sign-up that come back here.
              path: 'invitations/accept',
              lazy: page(() => import('./features/invitations/AcceptInvitationPage')),
            },
            { path: 'terms_and_conditions', lazy: page(() => import('./features/legal/TermsPage')) },
            {
              path: 'reference/*',
              lazy: page(() => import('./features/reference/ReferenceRoute')),
            },
            {
              element: <RequireAuth />,
              children: [
                { index: true, lazy: page(() => import('./features/home/HomePage')) },
                {
                  path: 'account',
                  lazy: page(() => import('./features/account/AccountPage')),
                },
                {
                  path: 'notifications',
                  lazy: page(() => import('./features/notifications/NotificationsPage')),
                },
                {
                  path: 'notifications/:id',
                  lazy: page(() => import('./features/notifications/NotificationReader')),
                },
                {
                  path: 'developer_apps',
                  lazy: page(() => import('./features/developer-apps/DeveloperAppsPage')),
                },
                {
                  path: 'developer_apps/:id',
                  lazy: page(() => import('./features/developer-apps/detail/AppDetailLayout')),
                  children: developerAppTabRoutes(),
                },
                {
                  path: 'admin',
                  element: <RequireAdmin />,
                  children: [
                    { index: true, element: <Navigate to="outbound_emails" replace /> },
                    {
                      path: 'outbound_emails',
                      lazy: page(() => import('./features/admin/OutboundEmailsPage')),
                    },
                    {
                      path: 'notifications',
                      lazy: page(() => import('./features/admin-notifications/AdminNotificationsPage')),
                    },
                    {
                      path: 'notifications/new',
                      lazy: page(() => import('./features/admin-notifications/AdminNotificationFormPage')),
                    },
                    {
                      path: 'notifications/:id/edit',
                      lazy: page(() => import('./features/admin-notifications/AdminNotificationFormPage')),
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

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
