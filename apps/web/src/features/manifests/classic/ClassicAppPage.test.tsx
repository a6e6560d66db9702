import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../../router';
import { buildSession } from '../../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { buildCollaborator, buildDeveloperApp } from '../../developer-apps/factories';
import { buildCompleteSubmission, buildReferences } from '../../listing/factories';
import { listAnswer } from '../../notifications/factories';
import { buildVersion } from './factories';

// The older single page (the default layout, spec 2 §2) mounts the Listing tab's own editor as its
// Marketplace listing section (issue 20 #2), and shows the review-queue place on its manifests.

const refs = buildReferences();
const place = (id: number, position: number) => ({
  id,
  position,
  estimated_wait_hours: 6,
  in_review_at: '2026-03-05T12:00:00.000Z',
});

function serve(
  options: {
    app?: Parameters<typeof buildDeveloperApp>[0];
    production?: ReturnType<typeof buildVersion>[];
    queue?: { app_version: unknown; marketplace_listing: unknown };
    handler?: FetchHandler;
  } = {},
) {
  return mockFetch((url, init) => {
    const own = options.handler?.(url, init);
    if (own) return own;
    if (url === '/api/v1/session') return { body: buildSession() };
    if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
    if (url === '/api/v1/developer_apps/5') return { body: buildDeveloperApp(options.app) };
    if (url === '/api/v1/developer_apps/5/review_queue')
      return { body: options.queue ?? { app_version: null, marketplace_listing: null } };
    if (url === '/api/v1/developer_apps/5/submissions/current') return { body: buildCompleteSubmission() };
    if (url === '/api/v1/categories') return { body: refs.categories };
    if (url === '/api/v1/regions') return { body: refs.regions };
    if (url === '/api/v1/product_tools') return { body: refs.productTools };
    if (url === '/api/v1/security_standards') return { body: refs.securityStandards };
    if (url.startsWith('/api/v1/manifests')) {
      const production = decodeURIComponent(url).includes('versionable_type]=ProductionEnvironment');
      return listAnswer(production ? (options.production ?? []) : [], { perPage: 100 });
    }
    if (url.startsWith('/api/v1/collaborators')) return { body: [buildCollaborator()] };
    if (url.startsWith('/api/v1/invitations')) return { body: [] };
    return undefined;
  });
}

const listingSection = () => screen.findByRole('region', { name: 'Marketplace listing' });

describe('the classic layout: marketplace listing section', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    window.localStorage.clear();
  });
  afterEach(() => window.localStorage.clear());

  it('shows the real listing editor, not a placeholder: info banner, help, form, progress and actions', async () => {
    serve({ app: { marketplace_enabled: true } });
    renderRoutes(createRoutes(), '/developer_apps/5');
    const section = await listingSection();
    expect(await within(section).findByRole('textbox', { name: /Public name/ })).toHaveValue('Crane Tracker');
    expect(within(section).getByText('List your app in the marketplace')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Marketplace FAQ' })).toBeInTheDocument();
    expect(within(section).getByRole('progressbar')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /Submit for approval/ })).toBeInTheDocument();
    expect(within(section).queryByText(/coming soon|not available yet/i)).toBeNull();
    // The page around it is still the single page: its manifests section is there too.
    expect(screen.getByRole('region', { name: 'Manifests' })).toBeInTheDocument();
  });

  it('offers the partner cards while the marketplace is off', async () => {
    serve({ app: { marketplace_enabled: false } });
    renderRoutes(createRoutes(), '/developer_apps/5');
    const section = await listingSection();
    expect(await within(section).findByRole('region', { name: 'Already a partner?' })).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'Not yet a partner?' })).toBeInTheDocument();
  });

  it('shows the listing and the production version their places in the review queue', async () => {
    serve({
      app: { marketplace_enabled: true, production_access: 'granted', uid: 'prod-uid' },
      production: [
        buildVersion({
          id: 7,
          semantic_version: '0.2.0',
          environment_type: 'ProductionEnvironment',
          state: 'in_review',
        }),
      ],
      queue: { app_version: place(7, 2), marketplace_listing: place(9, 4) },
    });
    renderRoutes(createRoutes(), '/developer_apps/5');
    const section = await listingSection();
    expect(await within(section).findByText('Place 4 in the review queue')).toBeInTheDocument();
    const manifests = screen.getByRole('region', { name: 'Manifests' });
    await waitFor(() =>
      expect(within(manifests).getByText('Place 2 in the review queue')).toBeInTheDocument(),
    );
    expect(within(manifests).getByTestId('review-queue-app_version')).toBeInTheDocument();
  });
});
