import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../router';
import { buildSession } from '../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../test/render';
import { buildDeveloperApp } from '../developer-apps/factories';
import { writeFlag } from '../manifests/optIn/flags';
import { listAnswer } from '../notifications/factories';
import { INFO_BANNER_KEY } from './constants';
import { buildCompleteSubmission, buildReferences } from './factories';

const refs = buildReferences();

function serve(overrides: { app?: Parameters<typeof buildDeveloperApp>[0]; handler?: FetchHandler } = {}) {
  return mockFetch((url, init) => {
    const own = overrides.handler?.(url, init);
    if (own) return own;
    if (url === '/api/v1/session') return { body: buildSession() };
    if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
    if (url === '/api/v1/developer_apps/5') return { body: buildDeveloperApp(overrides.app) };
    if (url === '/api/v1/developer_apps/5/submissions/current') return { body: buildCompleteSubmission() };
    if (url === '/api/v1/categories') return { body: refs.categories };
    if (url === '/api/v1/regions') return { body: refs.regions };
    if (url === '/api/v1/product_tools') return { body: refs.productTools };
    if (url === '/api/v1/security_standards') return { body: refs.securityStandards };
    if (url.startsWith('/api/v1/manifests')) return listAnswer([], { perPage: 100 });
    return undefined;
  });
}

describe('Marketplace listing tab', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    window.localStorage.clear();
    // The tab of the newer layout (the older one shows the same editor as a section of its page).
    writeFlag('beta', true);
    writeFlag('selfServiceIntroDismissed', true);
  });
  afterEach(() => window.localStorage.clear());

  it('shows the info banner, help links and the editor with the saved listing', async () => {
    serve({ app: { marketplace_enabled: true } });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    expect(await screen.findByRole('textbox', { name: /Public name/ })).toHaveValue('Crane Tracker');
    expect(screen.getByText('List your app in the marketplace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Developer documentation' })).toHaveAttribute(
      'href',
      '/reference/rest/tags/marketplace-listing',
    );
    expect(screen.queryByText('Already a partner?')).toBeNull();
  });

  it('opens the FAQ beside the form', async () => {
    serve({ app: { marketplace_enabled: true } });
    const { user } = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    await screen.findByRole('textbox', { name: /Public name/ });
    await user.click(screen.getByRole('button', { name: 'Marketplace FAQ' }));
    const faq = await screen.findByRole('dialog', { name: 'Marketplace FAQ' });
    expect(within(faq).getByText('Why are listings refused?')).toBeInTheDocument();
  });

  it('remembers a dismissed info banner in this browser', async () => {
    serve({ app: { marketplace_enabled: true } });
    const first = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    await screen.findByRole('textbox', { name: /Public name/ });
    await first.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('List your app in the marketplace')).toBeNull();
    expect(window.localStorage.getItem(INFO_BANNER_KEY)).toBe('1');
    first.unmount();
    serve({ app: { marketplace_enabled: true } });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    await screen.findByRole('textbox', { name: /Public name/ });
    expect(screen.queryByText('List your app in the marketplace')).toBeNull();
  });

  it('offers the activation cards with the app id while the marketplace is off', async () => {
    serve({ app: { marketplace_enabled: false } });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    const existing = await screen.findByRole('region', { name: 'Already a partner?' });
    expect(within(existing).getByRole('link', { name: 'Request access' })).toHaveAttribute(
      'href',
      'https://partners.example.com/existing?developer_app_id=5',
    );
    const fresh = screen.getByRole('region', { name: 'Not yet a partner?' });
    expect(within(fresh).getByRole('link', { name: 'Become a partner' })).toHaveAttribute(
      'href',
      'https://partners.example.com/new?developer_app_id=5',
    );
    // The partner-programs contact, as a mail carrying the app id (issue 20).
    expect(screen.getByRole('link', { name: 'partners@example.com' }).getAttribute('href')).toMatch(
      /^mailto:partners@example\.com\?subject=.*5/,
    );
  });

  it('shows no "not in the marketplace yet" cards beside a published listing, and the review history (issue 20)', async () => {
    serve({
      // Published before approvals enabled the marketplace: the listing is in the marketplace all the same.
      app: {
        marketplace_enabled: false,
        published_app: {
          id: 9,
          state: 'published',
          approval_state: 'approved',
          admin_message: null,
          version: 1,
        },
      },
      handler: (url) =>
        url === '/api/v1/developer_apps/5/submissions/current'
          ? { body: buildCompleteSubmission({ id: 9, state: 'published', approval_state: 'approved' }) }
          : url === '/api/v1/developer_apps/5/submissions/decisions'
            ? {
                body: [
                  {
                    id: 1,
                    submission_id: 9,
                    submission_version: 1,
                    decision: 'approved',
                    message: null,
                    rejection_reasons: [],
                    silent: false,
                    reviewer_name: 'Rita Reviewer',
                    reviewer_notes: null,
                    created_at: '2026-11-22T09:30:00.000Z',
                  },
                ],
              }
            : undefined,
    });
    const { user } = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    expect(await screen.findByText('Listing approved')).toBeInTheDocument();
    expect(screen.getByText('Published', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByText('Already a partner?')).toBeNull();
    expect(screen.queryByText('Not yet a partner?')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Show all decisions (1)' }));
    const history = await screen.findByRole('list', { name: 'Review history' });
    expect(await within(history).findByText(/by Rita Reviewer/)).toBeInTheDocument();
  });

  it('says when the listing cannot be loaded and retries', async () => {
    let fail = true;
    serve({
      app: { marketplace_enabled: true },
      handler: (url) =>
        url === '/api/v1/developer_apps/5/submissions/current' && fail
          ? {
              status: 500,
              body: { errors: ['boom'], error: { code: 'internal', message: 'boom', details: [] } },
            }
          : undefined,
    });
    const { user } = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    const title = await screen.findByText('Error: unable to retrieve marketplace app.');
    const alert = title.closest<HTMLElement>('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('boom')).toBeInTheDocument();
    const retry = within(alert).getByRole('button', { name: /Try again|Retry/ });
    fail = false;
    await user.click(retry);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Public name/ })).toHaveValue('Crane Tracker'),
    );
  });

  it('says when the developer app cannot be loaded (spec 3 §8), in Spanish too', async () => {
    const failing: FetchHandler = (url) =>
      url === '/api/v1/developer_apps/5'
        ? {
            status: 500,
            body: { errors: ['boom'], error: { code: 'internal', message: 'boom', details: [] } },
          }
        : undefined;
    serve({ handler: failing });
    const first = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    expect(
      await screen.findByText('An error occurred while loading the developer app.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Public name/ })).toBeNull();
    first.unmount();
    serve({ handler: failing });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing', { language: 'es' });
    expect(
      await screen.findByText(
        'Se produjo un error al cargar la aplicación de desarrollador.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
  });
});
