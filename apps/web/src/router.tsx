import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { NotFoundPage } from './components/ErrorPage';
import { PageLoader } from './components/PageLoader';
import { RouteErrorPage } from './components/RouteErrorPage';
import { RequireAdmin, RequireAuth } from './features/auth/RequireAuth';
import { AppLayout } from './features/shell/AppLayout';
import { type AreaNamespace, loadAreaNamespaces } from './i18n';

/** Keeps the query string when an old path forwards to its new one. */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/**
 * A lazy page route: its chunk and its area's translations load together, so the page never renders
 * with missing keys. The function form is used on purpose: react-router clears the properties of a
 * lazy *object* in place once loaded, which breaks a second router built from the same definitions.
 */
function page(namespaces: readonly AreaNamespace[], load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const [module] = await Promise.all([load(), loadAreaNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

const AUTH = ['auth'] as const;
// The account page reuses the sign-up form's texts; the home page lists announcements.
const ACCOUNT = ['account', 'auth'] as const;
const HOME = ['home', 'adminNotifications'] as const;
const APPS = ['developerApps'] as const;
// The announcement form previews the notification card of the developers' list.
const ANNOUNCEMENT_FORM = ['adminNotifications', 'notifications'] as const;

/** The tabs of an app page; the metrics tab has no route until there is metrics data. */
function developerAppTabRoutes(): RouteObject[] {
  const configurations = page(APPS, async () => ({
    default: (await import('./features/developer-apps/detail/ComingSoonTab')).ConfigurationsTab,
  }));
  return [
    { index: true, lazy: configurations },
    { path: 'configurations', lazy: configurations },
    {
      path: 'versions',
      lazy: page(APPS, async () => ({
        default: (await import('./features/developer-apps/detail/ComingSoonTab')).VersionsTab,
      })),
    },
    { path: 'settings', lazy: page(APPS, () => import('./features/developer-apps/settings/SettingsTab')) },
    {
      path: 'oauthCredentials',
      lazy: page(APPS, () => import('./features/developer-apps/credentials/OAuthCredentialsTab')),
    },
    { path: 'oauth_credentials', element: <Navigate to="../oauthCredentials" replace relative="path" /> },
    {
      path: 'collaborators',
      lazy: page(APPS, () => import('./features/developer-apps/collaborators/CollaboratorsTab')),
    },
    {
      path: 'marketplaceListing',
      lazy: page(APPS, async () => ({
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
            { path: 'sign_in', lazy: page(AUTH, () => import('./features/auth/SignInPage')) },
            { path: 'sign_up', lazy: page(AUTH, () => import('./features/auth/SignUpPage')) },
            {
              path: 'confirm_email',
              lazy: page(AUTH, () => import('./features/auth/ConfirmEmailPage')),
            },
            { path: 'confirm', element: <Forward to="/confirm_email" /> },
            { path: 'registrations/confirm', element: <Forward to="/confirm_email" /> },
            {
              path: 'password/forgot',
              lazy: page(AUTH, () => import('./features/auth/ForgotPasswordPage')),
            },
            {
              path: 'password/reset',
              lazy: page(AUTH, () => import('./features/auth/ResetPasswordPage')),
            },
            {
              // Signed-out visitors are offered sign-in and sign-up that come back here.
              path: 'invitations/accept',
              lazy: page(['invitations'], () => import('./features/invitations/AcceptInvitationPage')),
            },
            {
              path: 'terms_and_conditions',
              lazy: page(['legal'], () => import('./features/legal/TermsPage')),
            },
            {
              path: 'reference/*',
              lazy: page(['reference'], () => import('./features/reference/ReferenceRoute')),
            },
            {
              element: <RequireAuth />,
              children: [
                { index: true, lazy: page(HOME, () => import('./features/home/HomePage')) },
                {
                  path: 'account',
                  lazy: page(ACCOUNT, () => import('./features/account/AccountPage')),
                },
                {
                  path: 'notifications',
                  lazy: page(['notifications'], () => import('./features/notifications/NotificationsPage')),
                },
                {
                  path: 'notifications/:id',
                  lazy: page(['notifications'], () => import('./features/notifications/NotificationReader')),
                },
                {
                  path: 'developer_apps',
                  lazy: page(APPS, () => import('./features/developer-apps/DeveloperAppsPage')),
                },
                {
                  path: 'developer_apps/:id',
                  lazy: page(APPS, () => import('./features/developer-apps/detail/AppDetailLayout')),
                  children: developerAppTabRoutes(),
                },
                {
                  path: 'admin',
                  element: <RequireAdmin />,
                  children: [
                    { index: true, element: <Navigate to="outbound_emails" replace /> },
                    {
                      path: 'outbound_emails',
                      lazy: page(['admin'], () => import('./features/admin/OutboundEmailsPage')),
                    },
                    {
                      path: 'notifications',
                      lazy: page(
                        ['adminNotifications'],
                        () => import('./features/admin-notifications/AdminNotificationsPage'),
                      ),
                    },
                    {
                      path: 'notifications/new',
                      lazy: page(
                        ANNOUNCEMENT_FORM,
                        () => import('./features/admin-notifications/AdminNotificationFormPage'),
                      ),
                    },
                    {
                      path: 'notifications/:id/edit',
                      lazy: page(
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

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
