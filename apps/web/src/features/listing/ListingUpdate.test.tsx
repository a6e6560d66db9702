import type { Submission } from '@lintel/shared/listing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../router';
import { buildSession } from '../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../test/render';
import { buildDeveloperApp } from '../developer-apps/factories';
import { buildVersion } from '../manifests/classic/factories';
import { writeFlag } from '../manifests/optIn/flags';
import { listAnswer } from '../notifications/factories';
import { buildCompleteSubmission, buildReferences } from './factories';

// Issue 20, item 3 (updating a published listing) and item 8 (partner cards that lead somewhere).

const refs = buildReferences();
const summary = {
  id: 1,
  state: 'published',
  approval_state: 'approved',
  admin_message: null,
  version: 1,
} as const;
/** The published listing: it names version 1.2.0 (id 7). */
const published = buildCompleteSubmission({
  id: 1,
  state: 'published',
  approval_state: 'approved',
  has_published_app: true,
  live: true,
});
const production = (id: number, semantic_version: string) =>
  buildVersion({ id, app_version_id: id, semantic_version, environment_type: 'ProductionEnvironment' });

function serve(options: {
  versions: ReturnType<typeof buildVersion>[];
  current?: Submission;
  session?: ReturnType<typeof buildSession>;
  app?: Parameters<typeof buildDeveloperApp>[0];
  handler?: FetchHandler;
}) {
  return mockFetch((url, init) => {
    const own = options.handler?.(url, init);
    if (own) return own;
    if (url === '/api/v1/session') return { body: options.session ?? buildSession() };
    if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
    if (url === '/api/v1/developer_apps/5')
      return {
        body: buildDeveloperApp({
          marketplace_enabled: true,
          published_app: summary,
          last_marketplace_app: summary,
          ...options.app,
        }),
      };
    if (url === '/api/v1/developer_apps/5/submissions/current') return { body: options.current ?? published };
    if (url === '/api/v1/submissions/1') return { body: published };
    if (url === '/api/v1/categories') return { body: refs.categories };
    if (url === '/api/v1/regions') return { body: refs.regions };
    if (url === '/api/v1/product_tools') return { body: refs.productTools };
    if (url === '/api/v1/security_standards') return { body: refs.securityStandards };
    if (url.startsWith('/api/v1/manifests')) {
      const production = url.includes('ProductionEnvironment');
      return listAnswer(production ? options.versions : [], { perPage: 100 });
    }
    return undefined;
  });
}

const appTab = () => screen.getByRole('tab', { name: /App Information/ });
const progressText = () => screen.getByText(/required sections complete/).textContent ?? '';

describe('updating a published listing (issue 20, item 3)', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    window.localStorage.clear();
    writeFlag('beta', true);
    writeFlag('selfServiceIntroDismissed', true);
  });
  afterEach(() => window.localStorage.clear());

  it('without a newer version: the published one is not offered, the App tab is marked, progress is below 100 % and the form says to promote one, linking to the versions', async () => {
    serve({ versions: [production(7, '1.2.0'), production(3, '1.0.0')] });
    const { user } = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    const hint = await screen.findByTestId('listing-version-hint');
    expect(hint).toHaveTextContent(
      'No promoted app version is newer than the published one (1.2.0). To update the listing, promote a newer app version, then choose it here.',
    );
    expect(within(hint).getByRole('link', { name: "Go to the app's versions" })).toHaveAttribute(
      'href',
      '/developer_apps/5/versions',
    );
    expect(
      screen.getByText(
        'No promoted app version is newer than the published one (1.2.0): promote a newer app version, then choose it here',
      ),
    ).toBeInTheDocument();
    expect(within(appTab()).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    expect(progressText()).not.toMatch(/100%/);
    expect(progressText()).toMatch(/^6 of 7/);

    await user.click(screen.getByRole('combobox', { name: /App version/ }));
    expect(screen.queryByRole('option', { name: '1.2.0' })).toBeNull();
    expect(screen.queryByRole('option', { name: '1.0.0' })).toBeNull();

    // The link opens the Versions tab of this layout.
    await user.click(within(hint).getByRole('link', { name: "Go to the app's versions" }));
    await waitFor(() => expect(screen.queryByTestId('listing-version-hint')).toBeNull());
    expect(screen.queryByRole('tabpanel', { name: 'App Information' })).toBeNull();
  });

  it('with a newer promoted version: only it is offered; choosing it clears the error and completes the listing', async () => {
    // The update, a draft copied from the published listing, still names 1.2.0.
    const draft = buildCompleteSubmission({ id: 2, state: 'draft', has_published_app: true, version: 2 });
    serve({
      versions: [production(8, '1.3.0'), production(7, '1.2.0')],
      current: draft,
      app: { last_marketplace_app: { ...summary, id: 2, state: 'draft' }, unpublished_app: summary },
    });
    const { user } = renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    expect(
      await screen.findByText('Choose a promoted app version newer than the published one (1.2.0)'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('listing-version-hint')).toBeNull();
    expect(within(appTab()).getByRole('img', { name: 'Has errors' })).toBeInTheDocument();
    expect(progressText()).not.toMatch(/100%/);

    await user.click(screen.getByRole('combobox', { name: /App version/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['1.3.0']);
    await user.click(screen.getByRole('option', { name: '1.3.0' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Choose a promoted app version newer than the published one (1.2.0)'),
      ).toBeNull(),
    );
    expect(within(appTab()).queryByRole('img', { name: 'Has errors' })).toBeNull();
    expect(progressText()).toMatch(/\(100%\)/);
  });

  it("on the single page (classic layout), the hint's link path scrolls to the manifests section", async () => {
    writeFlag('beta', false);
    serve({ versions: [production(7, '1.2.0')] });
    const scroll = vi.mocked(Element.prototype.scrollIntoView);
    scroll.mockClear();
    renderRoutes(createRoutes(), '/developer_apps/5/versions');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Manifests' }, { timeout: 5000 });
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toBe(heading.closest('section'));
  });

  it('says it in Spanish too', async () => {
    serve({ versions: [production(7, '1.2.0')] });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing', { language: 'es' });
    const hint = await screen.findByTestId('listing-version-hint');
    expect(hint).toHaveTextContent('promueve una versión más reciente de la aplicación');
    expect(
      within(hint).getByRole('link', { name: 'Ir a las versiones de la aplicación' }),
    ).toBeInTheDocument();
  });
});

describe('partner cards (issue 20, item 8; spec 3 §1)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    writeFlag('beta', true);
    writeFlag('selfServiceIntroDismissed', true);
  });
  afterEach(() => window.localStorage.clear());

  it('without the form URLs, both cards name the partner-programs address as a mail carrying the app id', async () => {
    const session = buildSession();
    session.features.listing_application = {
      enabled: true,
      existing_partner_form_url: null,
      new_partner_form_url: null,
      partner_programs_email: 'partner-programs@lintel.dev',
    };
    serve({ versions: [], session, app: { marketplace_enabled: false, published_app: null } });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    for (const [name, subject] of [
      ['Already a partner?', 'Marketplace access for developer app 5'],
      ['Not yet a partner?', 'Partner program application for developer app 5'],
    ] as const) {
      const card = await screen.findByRole('region', { name });
      expect(within(card).queryByText('The form is not available yet.')).toBeNull();
      expect(within(card).getByText(/this app's id \(5\)/)).toBeInTheDocument();
      const link = within(card).getByRole('link', { name: 'partner-programs@lintel.dev' });
      const href = new URL(link.getAttribute('href') ?? '');
      expect(href.protocol).toBe('mailto:');
      expect(href.pathname).toBe('partner-programs@lintel.dev');
      expect(href.searchParams.get('subject')).toBe(subject);
      expect(href.searchParams.get('body')).toContain('Developer app id: 5');
    }
  });

  it('with the form URLs, the cards link to the forms with the app id', async () => {
    serve({ versions: [], app: { marketplace_enabled: false, published_app: null } });
    renderRoutes(createRoutes(), '/developer_apps/5/marketplaceListing');
    const existing = await screen.findByRole('region', { name: 'Already a partner?' });
    expect(within(existing).getByRole('link', { name: 'Request access' })).toHaveAttribute(
      'href',
      'https://partners.example.com/existing?developer_app_id=5',
    );
    const contact = screen.getByRole('link', { name: 'partners@example.com' });
    expect(new URL(contact.getAttribute('href') ?? '').searchParams.get('body')).toContain(
      'Developer app id: 5',
    );
  });
});
