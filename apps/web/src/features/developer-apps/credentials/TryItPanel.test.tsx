import type { DeveloperApp } from '@lintel/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { buildDeveloperApp, buildSandbox } from '../factories';
import { TryItPanel } from './TryItPanel';
import { authorizeUrl, clientCredentialsCommands, firstRedirectUri, type TryItValues } from './tryItCommands';

const BASE_URLS = {
  sandbox: { auth: 'http://portal.test/sandbox', api: 'http://portal.test/sandbox' },
  production: { auth: 'http://portal.test/production', api: 'http://portal.test/production' },
};

const TOKEN = {
  access_token: 'tok-123',
  token_type: 'bearer',
  expires_in: 5400,
  refresh_token: 'ref-456',
  created_at: 1_790_000_000,
  company_id: 4000007,
};

function liveApp(overrides: Partial<DeveloperApp> & { role?: 'owner' | 'admin' | 'developer' } = {}) {
  return buildDeveloperApp({
    sandbox: buildSandbox({
      app_id: 'sbx-client',
      company_id: 4000007,
      redirect_uri: 'http://localhost:8765/callback\nhttps://app.example/cb',
      app_secret: 'the-real-secret',
    }),
    ...overrides,
  });
}

function render(app: DeveloperApp, handler: FetchHandler = () => undefined, language: 'en' | 'es' = 'en') {
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/v1/platform/base_urls') return { body: BASE_URLS };
    return handler(url, init);
  });
  const sandbox = app.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  const result = renderRoutes([{ path: '/', element: <TryItPanel app={app} sandbox={sandbox} /> }], '/', {
    language,
  });
  return { ...result, fetchMock };
}

const panel = () => screen.getByRole('region', { name: 'Try it' });

describe('TryItPanel', () => {
  it('gives ready commands with the base URL, client id and company, never the secret itself', async () => {
    render(liveApp());
    const clientCommands = await screen.findByLabelText('Client-credentials commands');
    expect(clientCommands.textContent).toContain(
      [
        'curl -X POST http://portal.test/sandbox/oauth/token \\',
        '  -F grant_type=client_credentials \\',
        '  -F client_id=sbx-client \\',
        '  -F client_secret=$CLIENT_SECRET',
      ].join('\n'),
    );
    expect(clientCommands).toHaveTextContent(
      `curl 'http://portal.test/sandbox/rest/v1.0/projects?company_id=4000007'`,
    );
    expect(clientCommands).toHaveTextContent('-H "Platform-Company-Id: 4000007"');
    expect(panel()).not.toHaveTextContent('the-real-secret');
    expect(panel()).toHaveTextContent("Your sandbox company's id is 4000007");

    const authorize = screen.getByLabelText('Authorize URL');
    expect(authorize.textContent).toMatch(
      /^http:\/\/portal\.test\/sandbox\/oauth\/authorize\?response_type=code&client_id=sbx-client&redirect_uri=http%3A%2F%2Flocalhost%3A8765%2Fcallback&state=[0-9a-f]{16}$/,
    );
    const exchange = screen.getByLabelText('Code exchange commands');
    expect(exchange).toHaveTextContent('-F grant_type=authorization_code');
    expect(exchange).toHaveTextContent("-F redirect_uri='http://localhost:8765/callback'");
    expect(exchange).toHaveTextContent('curl http://portal.test/sandbox/rest/v1.0/me');
    expect(within(panel()).getByRole('button', { name: 'Copy Authorize URL' })).toBeInTheDocument();
  });

  it('gets a test token for the signed-in collaborator and shows it once, with a copy button', async () => {
    const { user, fetchMock } = render(liveApp({ role: 'developer' }), (url, init) =>
      url === '/api/v1/developer_apps/5/sandbox/test_token' && init.method === 'POST'
        ? { body: TOKEN }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Get a test token' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Copy it now: it is shown only this once and works for 90 minutes.');
    expect(within(result).getByLabelText('Access token')).toHaveTextContent('tok-123');
    expect(within(result).getByRole('button', { name: 'Copy Access token' })).toBeInTheDocument();
    expect(within(result).getByLabelText('Call the API with it')).toHaveTextContent(
      '-H "Authorization: Bearer tok-123"',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/developer_apps/5/sandbox/test_token');
  });

  it('says why there is no token when the sandbox company does not have the user yet', async () => {
    const { user } = render(liveApp(), (url) =>
      url === '/api/v1/developer_apps/5/sandbox/test_token'
        ? errorBody(409, 'conflict', 'The sandbox is not live yet: a test token can be had once it is.')
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Get a test token' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not get a test token');
    expect(alert).toHaveTextContent('The sandbox is not live yet');
  });

  it('offers no test token to a platform administrator who is not a collaborator', async () => {
    render(liveApp({ role: undefined, current_user_role: null }));
    await screen.findByLabelText('Authorize URL');
    expect(screen.queryByRole('button', { name: 'Get a test token' })).not.toBeInTheDocument();
  });

  it('asks for a redirect URI first and leaves client credentials to confidential apps', async () => {
    const app = liveApp();
    render({
      ...app,
      confidential: false,
      sandbox: buildSandbox({
        app_id: 'sbx-client',
        company_id: 4000007,
        redirect_uri: '',
        confidential: false,
      }),
    });
    expect(await screen.findByText(/Register a redirect URI on the card above first/)).toBeInTheDocument();
    expect(screen.getByText(/Client credentials need a confidential app/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Client-credentials commands')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Authorize URL').textContent).toContain(
      '&code_challenge=$CODE_CHALLENGE&code_challenge_method=S256',
    );
    expect(screen.getByLabelText('Code exchange commands')).toHaveTextContent(
      '-F code_verifier=$CODE_VERIFIER',
    );
  });

  it('speaks Spanish', async () => {
    render(liveApp(), () => undefined, 'es');
    expect(await screen.findByRole('region', { name: 'Pruébalo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Obtener un token de prueba' })).toBeInTheDocument();
  });
});

describe('tryItCommands', () => {
  const values: TryItValues = {
    authBase: 'https://p.example/sandbox',
    apiBase: 'https://p.example/sandbox',
    clientId: 'cid',
    companyId: 9,
    redirectUri: "https://app.example/cb?x='1'",
    confidential: true,
    state: 's1',
  };

  it('quotes what the shell would read otherwise', () => {
    expect(clientCredentialsCommands(values)).toContain(
      "curl 'https://p.example/sandbox/rest/v1.0/projects?company_id=9'",
    );
    expect(authorizeUrl(values)).toBe(
      'https://p.example/sandbox/oauth/authorize?response_type=code&client_id=cid&redirect_uri=https%3A%2F%2Fapp.example%2Fcb%3Fx%3D%271%27&state=s1',
    );
  });

  it('takes the first registered redirect URI', () => {
    expect(firstRedirectUri('\n  https://a.example/cb \nhttps://b.example/cb')).toBe('https://a.example/cb');
    expect(firstRedirectUri('')).toBeNull();
  });
});
