import type { DeveloperApp } from '@lintel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { mockUploads } from '../../../test/upload';
import { buildDeveloperApp } from '../factories';
import { SettingsTab } from './SettingsTab';

function render(app: DeveloperApp, handler: FetchHandler = () => undefined) {
  const fetchMock = mockFetch(handler);
  const result = renderRoutes(
    [
      { path: '/developer_apps/:id/settings', element: <SettingsTab app={app} /> },
      { path: '/developer_apps', element: <h1>Apps list</h1> },
    ],
    `/developer_apps/${app.id}/settings`,
    { withToasts: true },
  );
  return { ...result, fetchMock };
}

describe('SettingsTab', () => {
  it('shows a developer read-only fields, no upload, no save and no delete card', () => {
    render(buildDeveloperApp({ role: 'developer' }));
    expect(screen.getByRole('textbox', { name: /App name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Internal name/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload logo/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Confidential/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Public/ })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Delete app' })).not.toBeInTheDocument();
  });

  it('shows an admin the editing controls but no delete card', () => {
    render(buildDeveloperApp({ role: 'admin' }));
    expect(screen.getByRole('textbox', { name: /App name/ })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: /Upload logo/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Delete app' })).not.toBeInTheDocument();
  });

  it('saves the names when changed and says so in a toast', async () => {
    const app = buildDeveloperApp();
    const { user, fetchMock } = render(app, (_url, init) =>
      init.method === 'PATCH' ? { body: { ...app, name: 'Crane Pro' } } : undefined,
    );
    const save = screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement;
    expect(save).toBeDisabled();
    const name = screen.getByRole('textbox', { name: /App name/ });
    await user.clear(name);
    await user.type(name, 'Crane Pro');
    await user.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(String(url)).toBe('/api/v1/developer_apps/5');
    // Only the field the user changed (spec 2 §5): the untouched internal name is not sent.
    expect(JSON.parse(String(init?.body))).toEqual({ developer_app: { name: 'Crane Pro' } });
  });

  it('sends only the internal name when only it changed, and nothing when a change is undone', async () => {
    const app = buildDeveloperApp();
    const { user, fetchMock } = render(app, (_url, init) =>
      init.method === 'PATCH' ? { body: { ...app, internal_name: 'Crane v2' } } : undefined,
    );
    const save = screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement;
    const internal = screen.getByRole('textbox', { name: /Internal name/ });
    // Typed, then put back as it was: nothing is modified, so nothing can be saved.
    await user.type(internal, 'x');
    expect(save).toBeEnabled();
    await user.type(internal, '{Backspace}');
    expect(save).toBeDisabled();
    // Only blanks around the saved value: trimmed, it is unchanged and no request is sent.
    await user.type(internal, '  ');
    await user.click(save);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(save).toBeDisabled();

    await user.clear(internal);
    await user.type(internal, 'Crane v2');
    await user.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ developer_app: { internal_name: 'Crane v2' } });
  });

  it('sends only the client type when the confidential/public choice changes', async () => {
    const app = buildDeveloperApp({ confidential: true });
    const { user, fetchMock } = render(app, (_url, init) =>
      init.method === 'PATCH' ? { body: { ...app, confidential: false } } : undefined,
    );
    const card = screen.getByRole('region', { name: 'App type' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(card).getByRole('radio', { name: /Public/ }));
    await user.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ developer_app: { confidential: false } });
  });

  it('uploads a logo as multipart with progress and refuses other file types', async () => {
    const app = buildDeveloperApp();
    const uploads = mockUploads();
    const { container, queryClient } = render(app);
    expect(screen.getByRole('button', { name: 'Upload logo' })).toHaveAccessibleDescription(
      'JPEG or PNG, up to 2 MB',
    );
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    // The picker offers only JPEG and PNG; a file dropped past it is still refused.
    fireEvent.change(input, { target: { files: [new File(['gif'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('logo.gif is not a JPEG or PNG file')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    // The user clicks the drop zone to pick the file (the first input also mounts the toasts).
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Upload logo' }));
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(screen.queryByText('logo.gif is not a JPEG or PNG file')).not.toBeInTheDocument();
    const [request] = uploads;
    if (!request) throw new Error('no upload sent');
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe('/api/v1/developer_apps/5');
    expect((request.body as FormData).get('developer_app[thumbnail]')).toBeInstanceOf(File);
    request.progress(3, 4);
    expect(await screen.findByRole('progressbar', { name: 'Upload of logo.png' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );

    const thumbnail_url = '/api/v1/developer_apps/5/thumbnail?v=2';
    request.respond(200, { ...app, thumbnail_url });
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(queryClient.getQueryData<DeveloperApp>(['developerApps', 'detail', 5])?.thumbnail_url).toBe(
      thumbnail_url,
    );
  });

  it('shows the server’s refusal of a logo in the user’s words', async () => {
    const uploads = mockUploads();
    const { container } = render(buildDeveloperApp());
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'fake.png', { type: 'image/png' })] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(422, {
      errors: ['fake.png is not a JPEG or PNG file'],
      error: {
        code: 'validation_failed',
        message: 'Validation failed',
        details: [
          {
            path: 'developer_app.thumbnail',
            code: 'file_type',
            message: 'fake.png is not a JPEG or PNG file',
            params: { name: 'fake.png', types: 'JPEG or PNG' },
          },
        ],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('fake.png is not a JPEG or PNG file');
    expect(alert).not.toHaveTextContent('Validation failed');
  });

  it('puts the server’s problem with a name on that field', async () => {
    const app = buildDeveloperApp();
    const { user } = render(app, (_url, init) =>
      init.method === 'PATCH'
        ? errorBody(422, 'validation_failed', 'Validation failed', [
            { path: 'developer_app.name', code: 'taken', message: 'has already been taken' },
          ])
        : undefined,
    );
    const name = screen.getByRole('textbox', { name: /App name/ });
    await user.clear(name);
    await user.type(name, 'Crane');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText('Has already been taken')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the names with the shared rules before sending', async () => {
    const { user, fetchMock } = render(buildDeveloperApp());
    await user.clear(screen.getByRole('textbox', { name: /Internal name/ }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes the logo', async () => {
    const app = buildDeveloperApp({ thumbnail_url: '/api/v1/developer_apps/5/thumbnail?v=1' });
    const { user, fetchMock } = render(app, (_url, init) =>
      init.method === 'PATCH' ? { body: { ...app, thumbnail_url: null } } : undefined,
    );
    expect(screen.getByRole('img', { name: 'Logo of Crane Tracker (internal)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const [, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ developer_app: { remove_thumbnail: true } });
  });

  it('lets the owner delete the app after confirming, then goes to the apps list', async () => {
    const { user, fetchMock, router } = render(buildDeveloperApp(), (_url, init) =>
      init.method === 'DELETE' ? { status: 204 } : undefined,
    );
    const card = screen.getByRole('region', { name: 'Delete app' });
    await user.click(within(card).getByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this app?' });
    expect(fetchMock).not.toHaveBeenCalled();
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    expect(await screen.findByRole('heading', { name: 'Apps list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('hides the dialog and shows an "Error" banner when deleting fails', async () => {
    const { user, router } = render(buildDeveloperApp(), (_url, init) =>
      init.method === 'DELETE' ? errorBody(409, 'conflict', 'The app has live installations') : undefined,
    );
    const card = screen.getByRole('region', { name: 'Delete app' });
    await user.click(within(card).getByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('The app has live installations');
    expect(screen.queryByRole('dialog', { name: 'Delete this app?' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developer_apps/5/settings');
  });
});
