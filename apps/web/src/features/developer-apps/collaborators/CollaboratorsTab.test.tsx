import type { CollaboratorRole, DeveloperApp } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { buildCollaborator, buildDeveloperApp, buildInvitation } from '../factories';
import { CollaboratorsTab } from './CollaboratorsTab';

const collaborators = [
  buildCollaborator({ id: 1, user_id: 1, role: 'owner', name: 'Ada Lovelace', email: 'ada@example.com' }),
  buildCollaborator({ id: 2, user_id: 2, role: 'admin', name: 'Grace Hopper', email: 'grace@example.com' }),
  buildCollaborator({ id: 3, user_id: 3, role: 'developer', name: 'Alan Turing', email: 'alan@example.com' }),
];
const invitations = [buildInvitation({ id: 9, email: 'new@example.com', role: 'admin' })];

function render(role: CollaboratorRole, userId: number, extra: FetchHandler = () => undefined) {
  const app: DeveloperApp = buildDeveloperApp({ role });
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/v1/session') return { body: buildSession({ id: userId }) };
    if (url === '/api/v1/collaborators?developer_app_id=5' && !init.method?.match(/PATCH|DELETE/))
      return { body: collaborators };
    if (url === '/api/v1/invitations?developer_app_id=5' && (init.method ?? 'GET') === 'GET')
      return { body: invitations };
    return extra(url, init);
  });
  const result = renderRoutes([{ path: '/', element: <CollaboratorsTab app={app} /> }], '/', {
    withToasts: true,
  });
  return { ...result, fetchMock };
}

const radio = (role: string, name: string) => screen.getByRole('radio', { name: `${role} role for ${name}` });
const menuButton = (name: string) => screen.queryByRole('button', { name: `Actions for ${name}` });

async function menuItems(user: ReturnType<typeof render>['user'], name: string) {
  const button = menuButton(name);
  if (!button) return [];
  await user.click(button);
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
}

describe('CollaboratorsTab', () => {
  it('disables the radios on the owner row, the own row and invitations (admin viewing)', async () => {
    render('admin', 2);
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    await waitFor(() => expect(radio('Admin', 'Grace Hopper')).toBeDisabled());
    for (const role of ['Owner', 'Admin', 'Developer']) {
      expect(radio(role, 'Ada Lovelace')).toBeDisabled();
      expect(radio(role, 'Grace Hopper')).toBeDisabled();
      expect(radio(role, 'new@example.com')).toBeDisabled();
    }
    expect(radio('Owner', 'Ada Lovelace')).toBeChecked();
    expect(radio('Admin', 'new@example.com')).toBeChecked();
    expect(screen.getByText('Invitation pending')).toBeInTheDocument();
    // An admin may change a developer to admin, but not make anyone the owner.
    expect(radio('Admin', 'Alan Turing')).toBeEnabled();
    expect(radio('Owner', 'Alan Turing')).toBeDisabled();
  });

  it('gives each row the menu items the rules allow (owner viewing)', async () => {
    const { user } = render('owner', 1);
    await screen.findByText('Alan Turing');
    await waitFor(() => expect(menuButton('Alan Turing')).toBeInTheDocument());
    expect(menuButton('Ada Lovelace')).not.toBeInTheDocument();
    expect(await menuItems(user, 'Alan Turing')).toEqual(['Transfer ownership', 'Remove collaborator']);
    expect(await menuItems(user, 'Grace Hopper')).toEqual(['Transfer ownership', 'Remove collaborator']);
    expect(await menuItems(user, 'new@example.com')).toEqual(['Cancel invite']);
  });

  it('gives an admin no transfer and no menu on the own row', async () => {
    const { user } = render('admin', 2);
    await screen.findByText('Alan Turing');
    await waitFor(() => expect(menuButton('Alan Turing')).toBeInTheDocument());
    expect(menuButton('Grace Hopper')).not.toBeInTheDocument();
    expect(menuButton('Ada Lovelace')).not.toBeInTheDocument();
    expect(await menuItems(user, 'Alan Turing')).toEqual(['Remove collaborator']);
  });

  it('shows a developer no controls but the permission details', async () => {
    const { user } = render('developer', 3);
    await screen.findByText('Alan Turing');
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update permissions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio').every((item) => (item as HTMLInputElement).disabled)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'View permission details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permission details' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const row = within(dialog).getByRole('row', { name: /Delete the app/ });
    expect(
      within(row)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Allowed', 'Not allowed', 'Not allowed']);
  });

  it('saves changed radios with "Update permissions"', async () => {
    const { user, fetchMock } = render('owner', 1, (url, init) =>
      url === '/api/v1/collaborators' && init.method === 'PATCH'
        ? { body: collaborators.map((item) => (item.id === 3 ? { ...item, role: 'admin' } : item)) }
        : undefined,
    );
    await screen.findByText('Alan Turing');
    const update = screen.getByRole('button', { name: 'Update permissions' });
    expect(update).toBeDisabled();
    await waitFor(() => expect(radio('Admin', 'Alan Turing')).toBeEnabled());
    await user.click(radio('Admin', 'Alan Turing'));
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await screen.findByText('Permissions updated.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      developer_app_id: 5,
      collaborators: [{ id: 3, role: 'admin' }],
    });
  });

  it('keeps one new owner: choosing a second one drops the first', async () => {
    const { user, fetchMock } = render('owner', 1, (url, init) =>
      url === '/api/v1/collaborators' && init.method === 'PATCH' ? { body: collaborators } : undefined,
    );
    await screen.findByText('Alan Turing');
    await waitFor(() => expect(radio('Owner', 'Alan Turing')).toBeEnabled());
    await user.click(radio('Admin', 'Alan Turing'));
    await user.click(radio('Owner', 'Alan Turing'));
    await user.click(radio('Owner', 'Grace Hopper'));
    expect(radio('Owner', 'Alan Turing')).not.toBeChecked();
    expect(radio('Developer', 'Alan Turing')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership?' });
    expect(dialog).toHaveTextContent('Grace Hopper will become the owner');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      developer_app_id: 5,
      collaborators: [{ id: 2, role: 'owner' }],
    });
  });

  it('asks before transferring ownership and before removing', async () => {
    const { user, fetchMock } = render('owner', 1, (url, init) => {
      if (url === '/api/v1/collaborators' && init.method === 'PATCH') return { body: collaborators };
      if (url === '/api/v1/collaborators/3?developer_app_id=5' && init.method === 'DELETE')
        return { status: 204 };
      return undefined;
    });
    await screen.findByText('Alan Turing');
    await waitFor(() => expect(menuButton('Alan Turing')).toBeInTheDocument());

    await user.click(menuButton('Alan Turing') as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    let dialog = await screen.findByRole('dialog', { name: 'Transfer ownership?' });
    expect(dialog).toHaveTextContent('Alan Turing will become the owner');
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(menuButton('Alan Turing') as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Remove collaborator' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove collaborator?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Remove collaborator' }));
    expect(await screen.findByText('Alan Turing was removed.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('cancels an invitation', async () => {
    const { user, fetchMock } = render('owner', 1, (url, init) =>
      url === '/api/v1/invitations/9' && init.method === 'PATCH'
        ? { body: { ...invitations[0], status: 'canceled' } }
        : undefined,
    );
    await screen.findByText('new@example.com');
    await user.click(menuButton('new@example.com') as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel invite' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/v1/invitations/9' && init?.method === 'PATCH',
        ),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      developer_app_id: 5,
      invitation: { status: 'canceled' },
    });
  });

  it('invites a user by e-mail with a role; the e-mail is required', async () => {
    const { user, fetchMock } = render('admin', 2, (url, init) =>
      url === '/api/v1/invitations' && init.method === 'POST'
        ? { status: 201, body: buildInvitation({ id: 12, email: 'kat@example.com', role: 'admin' }) }
        : undefined,
    );
    await screen.findByText('Alan Turing');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Developer' })).toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'Owner' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'kat@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('An invitation was sent to kat@example.com.');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      developer_app_id: 5,
      email: 'kat@example.com',
      role: 'admin',
    });
  });
});
