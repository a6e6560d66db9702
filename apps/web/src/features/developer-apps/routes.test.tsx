import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../router';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { writeFlag } from '../manifests/optIn/flags';
import { listAnswer } from '../notifications/factories';
import { buildAppSummary, buildCollaborator, buildDeveloperApp } from './factories';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

function serve() {
  return mockFetch((url) => {
    if (url === '/api/v1/session') return { body: buildSession() };
    if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
    if (url.startsWith('/api/v1/developer_apps?')) return listAnswer([buildAppSummary()], { perPage: 24 });
    if (url === '/api/v1/developer_apps/5') return { body: buildDeveloperApp() };
    if (url.startsWith('/api/v1/collaborators')) return { body: [buildCollaborator()] };
    if (url.startsWith('/api/v1/invitations')) return { body: [] };
    return undefined;
  });
}

describe('developer app routes', () => {
  beforeEach(() => {
    setWidth(1280);
    // The tabs are the form-based experience's: this user has opted in.
    writeFlag('beta', true);
  });
  afterEach(() => setWidth(1024));

  it('links "Apps" from the top navigation and the home tile to /developer_apps', async () => {
    serve();
    const { user, router } = renderRoutes(createRoutes(), '/');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(screen.getByRole('link', { name: /Developer apps/ })).toHaveAttribute('href', '/developer_apps');
    await user.click(screen.getByRole('link', { name: 'Apps' }));
    expect(await screen.findByRole('heading', { name: 'Apps', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps');
  });

  it('opens an app on its configurations tab and moves between tabs', async () => {
    serve();
    const { user, router } = renderRoutes(createRoutes(), '/developer_apps/5');
    expect(await screen.findByRole('heading', { name: 'New app version' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'App sections' });
    await user.click(within(nav).getByRole('link', { name: 'Collaborators' }));
    expect(await screen.findByRole('table', { name: 'Collaborators and invitations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/5/collaborators');
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'App details' })).toBeInTheDocument();
  });

  it('forwards snake_case tab paths', async () => {
    serve();
    const { router } = renderRoutes(createRoutes(), '/developer_apps/5/oauth_credentials');
    expect(await screen.findByRole('heading', { name: 'Production' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/5/oauthCredentials');
  });
});
