import type { DeveloperApp } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createTestQueryClient,
  errorBody,
  type FetchHandler,
  mockFetch,
  renderRoutes,
} from '../../../test/render';
import { buildDeveloperApp, buildSandbox } from '../factories';
import { useDeveloperApp } from '../queries';
import { OAuthCredentialsTab } from './OAuthCredentialsTab';
import { platformKeys } from './platformQueries';

const BASE_URLS = {
  sandbox: { auth: 'http://portal.test/sandbox', api: 'http://portal.test/sandbox' },
  production: { auth: 'http://portal.test/production', api: 'http://portal.test/production' },
};

/** The base URLs already known (they load once per visit): the tests count the cards' own requests. */
function withBaseUrls() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(platformKeys.baseUrls(), BASE_URLS);
  return queryClient;
}

function render(app: DeveloperApp, handler: FetchHandler = () => undefined, language: 'en' | 'es' = 'en') {
  const fetchMock = mockFetch(handler);
  const queryClient = withBaseUrls();
  const result = renderRoutes([{ path: '/', element: <OAuthCredentialsTab app={app} /> }], '/', {
    language,
    withToasts: true,
    queryClient,
  });
  return { ...result, fetchMock };
}

/** Adds text at the end of the field in one input event (typing it key by key is slow under load). */
async function append(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.keyboard('{Control>}{End}{/Control}');
  await user.paste(text);
}

const sandboxCard = () => screen.getByRole('region', { name: 'Sandbox' });
const productionCard = () => screen.getByRole('region', { name: 'Production' });

/** As on the app page: the tab gets the app from the query cache, which a reveal updates. */
function FromCache({ id }: { id: number }) {
  const query = useDeveloperApp(id);
  return query.data ? <OAuthCredentialsTab app={query.data} /> : null;
}

describe('OAuthCredentialsTab', () => {
  it('checks redirect URIs line by line and offers Save only once modified and valid', async () => {
    const app = buildDeveloperApp();
    const { user, fetchMock } = render(app, (url, init) =>
      url === '/api/v1/sandboxes/11' && init.method === 'PATCH'
        ? {
            body: buildSandbox({
              redirect_uri: 'https://app.example.com/callback\nhttp://localhost:3000/cb',
            }),
          }
        : undefined,
    );
    const card = sandboxCard();
    const field = within(card).getByRole('textbox', { name: 'Redirect URIs' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await append(user, field, '\nhttp://example.com/cb\nnot a uri');
    const errors = within(card).getByTestId('redirect-uri-errors');
    expect(errors).toHaveTextContent(
      'Line 2: must use https (http is allowed only for localhost and 127.0.0.1)',
    );
    expect(errors).toHaveTextContent('Line 3: is not a valid URI');
    // The rules and the problems are both announced with the field.
    expect(field).toHaveAccessibleDescription(/Line 2: must use https/);
    expect(field).toHaveAccessibleDescription(/One URI per line\./);
    expect(save).toBeDisabled();

    await user.clear(field);
    await append(user, field, 'https://app.example.com/callback\nhttp://localhost:3000/cb');
    expect(within(card).queryByTestId('redirect-uri-errors')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/v1/sandboxes/11');
    expect(JSON.parse(String(init?.body))).toEqual({
      sandbox: { redirect_uri: 'https://app.example.com/callback\nhttp://localhost:3000/cb' },
    });
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
  });

  it('saves the production redirect URIs alone, only once they are modified', async () => {
    const app = buildDeveloperApp({
      production_access: 'granted',
      uid: 'prod-uid',
      redirect_uri: 'https://app.example.com/callback',
    });
    const { user, fetchMock } = render(app, (url, init) =>
      url === '/api/v1/developer_apps/5' && init.method === 'PATCH'
        ? { body: { ...app, redirect_uri: 'https://app.example.com/callback\nhttps://app.example.com/two' } }
        : undefined,
    );
    const card = productionCard();
    const field = within(card).getByRole('textbox', { name: 'Redirect URIs' });
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await append(user, field, '\nhttps://app.example.com/two');
    await user.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      developer_app: { redirect_uri: 'https://app.example.com/callback\nhttps://app.example.com/two' },
    });
  });

  it('says what is wrong with a line in the user’s language', async () => {
    const { user } = render(buildDeveloperApp(), undefined, 'es');
    const field = within(screen.getByRole('region', { name: 'Sandbox' })).getByRole('textbox', {
      name: 'URI de redirección',
    });
    await append(user, field, '\nhttp://example.com/cb');
    expect(screen.getByTestId('redirect-uri-errors')).toHaveTextContent(
      'Línea 2: debe usar https (http solo se acepta para localhost y 127.0.0.1)',
    );
  });

  it("shows the server's per-line problems on the field after a refused save", async () => {
    const { user } = render(buildDeveloperApp(), () =>
      errorBody(422, 'validation_failed', 'Validation failed', [
        {
          path: 'sandbox.redirect_uri',
          code: 'redirect_uri',
          message: 'line 1: blocked',
          params: { line: 1 },
        },
        {
          path: 'sandbox.redirect_uri',
          code: 'redirect_uri',
          message: 'line 2: blocked',
          params: { line: 2 },
        },
      ]),
    );
    const card = sandboxCard();
    const field = within(card).getByRole('textbox', { name: 'Redirect URIs' });
    await user.clear(field);
    await append(user, field, 'https://blocked.example.com/cb\nhttps://also.example.com/cb');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Line 1 is not an acceptable redirect URI')).toBeInTheDocument();
    expect(within(card).getByText('Line 2 is not an acceptable redirect URI')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes every field read-only for a developer', () => {
    render(buildDeveloperApp({ role: 'developer', production_access: 'granted', uid: 'prod-uid' }));
    expect(within(sandboxCard()).getByRole('textbox', { name: 'Redirect URIs' })).toHaveAttribute('readonly');
    expect(within(productionCard()).getByRole('textbox', { name: 'Redirect URIs' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset .* secret/ })).not.toBeInTheDocument();
    expect(screen.getByText('prod-uid')).toBeInTheDocument();
  });

  it('asks for the acknowledgement before resetting and shows the new secret only once', async () => {
    const { user, fetchMock } = render(buildDeveloperApp(), (url, init) =>
      url === '/api/v1/sandboxes/11/reset_secret' && init.method === 'POST'
        ? { body: { uid: 'sandbox-client-id', app_secret: 'n3w-s3cr3t' } }
        : undefined,
    );
    await user.click(within(sandboxCard()).getByRole('button', { name: 'Reset sandbox secret' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset sandbox secret' });
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const reset = within(dialog).getByRole('button', { name: 'Reset secret' });
    expect(reset).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand that the old secret and every token issued with it stop working',
      }),
    );
    expect(reset).toBeEnabled();
    await user.click(reset);

    dialog = await screen.findByRole('dialog', { name: 'New client secret' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByText('n3w-s3cr3t')).toBeInTheDocument();
    expect(within(dialog).getByText(/Copy it now, it will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Copy Client secret/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('n3w-s3cr3t')).not.toBeInTheDocument());

    // Opening it again starts over: no secret, the acknowledgement unchecked.
    await user.click(within(sandboxCard()).getByRole('button', { name: 'Reset sandbox secret' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset sandbox secret' });
    expect(within(dialog).queryByText('n3w-s3cr3t')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('resets the production secret through the OAuth application', async () => {
    const { user, fetchMock } = render(
      buildDeveloperApp({ production_access: 'granted', uid: 'prod-uid' }),
      () => ({
        body: { uid: 'prod-uid', app_secret: 'pr0d' },
      }),
    );
    await user.click(within(productionCard()).getByRole('button', { name: 'Reset production secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset production secret' });
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Reset secret' }));
    expect(await screen.findByText('pr0d')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/oauth_applications/prod-uid/reset_secret');
  });

  it('requests production access, then shows the review notice', async () => {
    const app = buildDeveloperApp();
    const { user, fetchMock } = render(app, () => ({
      body: { ...app, production_access: 'production_pending' },
    }));
    await user.click(within(productionCard()).getByRole('button', { name: 'Request production access' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      developer_app: { production_access: 'production_pending' },
    });
  });

  it('shows the review notice while production access is pending', () => {
    render(buildDeveloperApp({ production_access: 'production_pending' }));
    expect(within(productionCard()).getByText(/being reviewed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request production access' })).not.toBeInTheDocument();
  });

  it('does not offer a developer to request production access', () => {
    render(buildDeveloperApp({ role: 'developer' }));
    expect(screen.queryByRole('button', { name: 'Request production access' })).not.toBeInTheDocument();
  });

  it('shows the live sandbox secret only while hovered or focused, to every role it is sent to', async () => {
    const { user } = render(
      buildDeveloperApp({ role: 'developer', sandbox: buildSandbox({ app_secret: 'sandbox-s3cret' }) }),
    );
    const secret = within(sandboxCard()).getByTestId('sandbox-secret');
    expect(secret).not.toHaveTextContent('sandbox-s3cret');
    await user.hover(secret);
    expect(secret).toHaveTextContent('sandbox-s3cret');
    await user.unhover(secret);
    expect(secret).not.toHaveTextContent('sandbox-s3cret');
    secret.focus();
    await waitFor(() => expect(secret).toHaveTextContent('sandbox-s3cret'));
    expect(secret).toHaveAccessibleName('Client secret');
  });

  it('shows no sandbox secret when the server sends none (a public app)', () => {
    render(buildDeveloperApp({ confidential: false, sandbox: buildSandbox({ confidential: false }) }));
    expect(within(sandboxCard()).queryByTestId('sandbox-secret')).not.toBeInTheDocument();
  });

  it('offers Show while the production secret can be revealed once, then Reset', async () => {
    const { user, fetchMock } = render(
      buildDeveloperApp({
        production_access: 'granted',
        uid: 'prod-uid',
        credentials: { uid: 'prod-uid', revealable: true },
      }),
      (url, init) =>
        url === '/api/v1/oauth_applications/prod-uid/reveal_secret' && init.method === 'POST'
          ? { body: { app_secret: 'sh0wn-once' } }
          : undefined,
    );
    const card = productionCard();
    expect(within(card).queryByRole('button', { name: 'Reset production secret' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client secret' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('revealed-secret')).toHaveTextContent('sh0wn-once');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('sh0wn-once')).not.toBeInTheDocument());
    expect(
      await within(productionCard()).findByRole('button', { name: 'Reset production secret' }),
    ).toBeInTheDocument();
    expect(within(productionCard()).queryByRole('button', { name: 'Show secret' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the revealed production secret on screen until Done when the page reads the app from the cache', async () => {
    const app = buildDeveloperApp({
      production_access: 'granted',
      uid: 'prod-uid',
      credentials: { uid: 'prod-uid', revealable: true },
    });
    mockFetch((url, init) => {
      if (url === '/api/v1/developer_apps/5' && (init.method ?? 'GET') === 'GET') return { body: app };
      if (url === '/api/v1/oauth_applications/prod-uid/reveal_secret')
        return { body: { app_secret: 'sh0wn-once' } };
      return undefined;
    });
    const { user, queryClient } = renderRoutes([{ path: '/', element: <FromCache id={app.id} /> }], '/', {
      queryClient: withBaseUrls(),
    });
    const card = await screen.findByRole('region', { name: 'Production' });
    await user.click(within(card).getByRole('button', { name: 'Show secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client secret' });
    expect(within(dialog).getByTestId('revealed-secret')).toHaveTextContent('sh0wn-once');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('revealed-secret')).toHaveTextContent('sh0wn-once');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('sh0wn-once')).not.toBeInTheDocument());
    expect(
      await within(productionCard()).findByRole('button', { name: 'Reset production secret' }),
    ).toBeInTheDocument();
    expect(
      queryClient.getQueryData<DeveloperApp>(['developerApps', 'detail', 5])?.credentials?.revealable,
    ).toBe(false);
  });
});
