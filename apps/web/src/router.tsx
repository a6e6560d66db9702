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
