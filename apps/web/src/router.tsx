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
const ACCOUNT = ['account', 'auth', 'classicManifests', 'fields'] as const;
const HOME = ['home', 'adminNotifications'] as const;
// The versions and listing tabs show the review-queue place (adminLists). Pages with forms load the
// field names of error messages (fields).
const APPS = ['developerApps', 'manifests', 'listing', 'adminLists', 'fields', 'webhooks'] as const;
// The app page is the tabbed layout or, for users who have not opted in to the form-based
// experience, the older single page with the manifest tables, the JSON editor and the listing editor
// (spec 2 §2): the tabs' texts, and the classic page's and the metrics button's.
const APP_PAGE = [
  'developerApps',
  'manifests',
  'listing',
  'adminLists',
  'fields',
  'classicManifests',
  'metrics',
  'apiActivity',
  'webhooks',
] as const;
// The API activity tab: its own texts, and the copy button's (manifests).
const API_ACTIVITY = ['apiActivity', 'manifests'] as const;
// The marketplace and metrics pages (the marketplace's listing page shows the listing preview).
const METRICS = ['metrics', 'developerApps', 'listing', 'fields'] as const;
/** The marketplace and metrics pages, through one small loader chunk (features/metrics/pageLoaders.ts). */
function metricsPage(name: keyof typeof import('./features/metrics/pageLoaders')) {
  return page(METRICS, async () => (await import('./features/metrics/pageLoaders'))[name]());
}
// The admin console's pages load their areas' texts together: the announcement form previews the
// notification card of the developers' list; the admin app page embeds the listing editor, the
// engagement report and the app's audit events.
const ADMIN = [
  'admin',
  'account',
  'adminApps',
  'listing',
  'developerApps',
  'manifests',
  'metrics',
  'apiActivity',
  'webhooks',
  'adminLists',
  'adminNotifications',
  'notifications',
  'rateLimits',
  'audit',
  'changelog',
  'fields',
] as const;
// The public pages (publicPages.ts) load their few texts together.
const PUBLIC = ['changelog', 'reference', 'legal', 'invitations'] as const;
/** A public page, through the one loader module of the public pages (publicPages.ts). */
function publicPage(name: keyof typeof import('./publicPages').publicPages) {
  return page(PUBLIC, async () => (await import('./publicPages')).publicPages[name]());
}

/** An admin page, through the one loader module of the admin pages (adminPages.ts). */
function adminPage(name: Exclude<keyof typeof import('./adminPages').adminPages, 'adminApp'>) {
  return page(ADMIN, async () => (await import('./adminPages')).adminPages[name]());
}

/** A tab of the app page, through the one loader module of the tabs (detail/tabLoaders.ts). */
function tab(name: keyof typeof import('./features/developer-apps/detail/tabLoaders').tabLoaders) {
  return page(APPS, async () =>
    (await import('./features/developer-apps/detail/tabLoaders')).tabLoaders[name](),
  );
}

/** The tabs of an app page; the metrics tab has no route until there is metrics data. */
function developerAppTabRoutes(): RouteObject[] {
  const configurations = tab('configurations');
  return [
    { index: true, element: configurations },
    { path: 'configurations', element: configurations },
    { path: 'versions', element: tab('versions') },
    { path: 'settings', element: tab('settings') },
    { path: 'oauthCredentials', element: tab('oauthCredentials') },
    { path: 'oauth_credentials', element: <Navigate to="../oauthCredentials" replace relative="path" /> },
    { path: 'collaborators', element: tab('collaborators') },
    { path: 'marketplaceListing', element: tab('marketplaceListing') },
    { path: 'marketplace_listing', element: <Navigate to="../marketplaceListing" replace relative="path" /> },
    { path: 'webhooks', element: tab('webhooks') },
    {
      path: 'engagement',
      element: metricsPage('loadMetricsTab'),
    },
    {
      path: 'apiActivity',
      element: page(API_ACTIVITY, async () =>
        (await import('./features/api-activity/loaders')).loadApiActivityTab(),
      ),
    },
  ];
}

type AdminAppPage = keyof Awaited<ReturnType<typeof import('./adminPages').adminPages.adminApp>>;
/** A page of the admin app page's chunk (features/admin-apps/pages.ts), through adminPages.ts. */
const adminAppPage = (name: AdminAppPage) =>
  page(ADMIN, async () => ({ default: (await (await import('./adminPages')).adminPages.adminApp())[name] }));

/** The tabs of the admin app page (spec 1 §2), and its new-contact form. */
function adminAppTabRoutes(): RouteObject[] {
  return [
    { index: true, element: adminAppPage('GeneralTab') },
    { path: 'sandbox', element: adminAppPage('SandboxTab') },
    { path: 'marketplaceListing', element: adminAppPage('AdminListingRoute') },
    { path: 'metrics', element: adminAppPage('AdminMetricsTab') },
    { path: 'apiActivity', element: adminAppPage('AdminApiActivityTab') },
    { path: 'webhooks', element: adminAppPage('AdminWebhooksTab') },
    { path: 'contacts/new', element: adminAppPage('NewContactPage') },
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
              element: publicPage('acceptInvitation'),
            },
            {
              path: 'terms_and_conditions',
              element: publicPage('terms'),
            },
            {
              // The API changelog is open to visitors; staff see more once signed in (issue 12).
              path: 'changelog',
              element: publicPage('changelog'),
            },
            {
              // The public marketplace: no sign-in needed.
              path: 'marketplace',
              element: metricsPage('loadMarketplacePage'),
            },
            {
              path: 'marketplace/:id',
              element: metricsPage('loadMarketplaceAppPage'),
            },
            {
              path: 'reference/*',
              element: publicPage('reference'),
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
                  path: 'developer_apps/:id/metrics',
                  element: metricsPage('loadReportPage'),
                },
                {
                  path: 'developer_apps/:id',
                  element: page(APP_PAGE, async () =>
                    (await import('./features/developer-apps/detail/layoutLoader')).loadAppDetailLayout(),
                  ),
                  children: developerAppTabRoutes(),
                },
                {
                  path: 'admin',
                  element: <RequireAdmin />,
                  children: [
                    { index: true, element: <Navigate to="developer_apps" replace /> },
                    { path: 'outbound_emails', element: adminPage('outboundEmails') },
                    { path: 'rate_limits', element: adminPage('rateLimits') },
                    { path: 'audit', element: adminPage('audit') },
                    { path: 'developer_apps', element: adminPage('developerApps') },
                    {
                      path: 'developer_apps/:id',
                      element: adminAppPage('AdminAppLayout'),
                      children: adminAppTabRoutes(),
                    },
                    { path: 'review_queue', element: adminPage('reviewQueue') },
                    { path: 'developers', element: adminPage('developers') },
                    { path: 'developers/:id/edit', element: adminPage('developerEdit') },
                    { path: 'oauth_applications', element: adminPage('oauthApplications') },
                    { path: 'analytics', element: adminPage('analytics') },
                    { path: 'notifications', element: adminPage('notifications') },
                    { path: 'notifications/new', element: adminPage('notificationForm') },
                    { path: 'notifications/:id/edit', element: adminPage('notificationForm') },
                    { path: 'changelog', element: adminPage('changelog') },
                    { path: 'changelog/new', element: adminPage('changelogForm') },
                    { path: 'changelog/:id/edit', element: adminPage('changelogForm') },
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
