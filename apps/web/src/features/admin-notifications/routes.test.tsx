import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../router';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { buildNotification, listAnswer } from '../notifications/factories';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

describe('notification routes', () => {
  beforeEach(() => setWidth(1280));
  afterEach(() => setWidth(1024));

  it('offers Notifications in the Admin menu and opens the admin list', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
      if (url.startsWith('/api/v1/admin/notifications')) return listAnswer([], { perPage: 50 });
      if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
      return undefined;
    });
    const { user, router } = renderRoutes(createRoutes(), '/');
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Notifications' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/notifications');
  });

  it('refuses the admin form to developers', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
      return undefined;
    });
    renderRoutes(createRoutes(), '/admin/notifications/new');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });

  it('shows the bell in the top navigation and the developer list at /notifications', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url.startsWith('/api/v1/notifications')) {
        return listAnswer([buildNotification({ id: 2, title: 'Hello developers' })], { unread: 1 });
      }
      return undefined;
    });
    renderRoutes(createRoutes(), '/notifications');
    expect(await screen.findByRole('article', { name: 'Hello developers' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
