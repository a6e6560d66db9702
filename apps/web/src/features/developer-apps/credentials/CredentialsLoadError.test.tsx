import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../../test/render';
import { AppDetailLayout } from '../detail/AppDetailLayout';
import { buildDeveloperApp } from '../factories';
import OAuthCredentialsRoute, { OAuthCredentialsTab } from './OAuthCredentialsTab';

// Spec 2 §8: "Credentials load failure: message 'credentialsError' plus 'Please reload this page, and if
// you continue to experience issues contact us at' the API support address" (SUPPORT_EMAIL on the server).
const routes = [
  {
    path: '/developer_apps/:id',
    element: <AppDetailLayout />,
    children: [{ path: 'oauthCredentials', element: <OAuthCredentialsRoute /> }],
  },
];

function serveFailingApp() {
  return mockFetch((url) => {
    if (url === '/api/v1/session')
      return { body: { ...buildSession(), support_email: 'help@partners.example' } };
    if (url === '/api/v1/developer_apps/5')
      return errorBody(500, 'internal_error', 'Something went wrong on our side.');
    return undefined;
  });
}

describe('credentials load failure', () => {
  it('says the credentials could not be retrieved and names the configured support address', async () => {
    serveFailingApp();
    renderRoutes(routes, '/developer_apps/5/oauthCredentials');
    // The address arrives with the session.
    const link = await screen.findByRole('link', { name: 'help@partners.example' });
    expect(link).toHaveAttribute('href', 'mailto:help@partners.example');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).toHaveTextContent('Error: could not retrieve app credentials from the platform.');
    expect(alert).toHaveTextContent(
      'Please reload this page, and if you continue to experience issues contact us at help@partners.example.',
    );
  });

  it('says it in Spanish', async () => {
    serveFailingApp();
    renderRoutes(routes, '/developer_apps/5/oauthCredentials', { language: 'es' });
    const link = await screen.findByRole('link', { name: 'help@partners.example' });
    expect(link).toHaveAttribute('href', 'mailto:help@partners.example');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Se produjo un error');
    expect(alert).toHaveTextContent(
      'Error: no se pudieron obtener las credenciales de la app desde la plataforma.',
    );
    expect(alert).toHaveTextContent(
      'Vuelve a cargar esta página y, si sigues teniendo problemas, contáctanos en help@partners.example.',
    );
  });

  it('replaces the credentials on the tab when a later load of the app failed', () => {
    mockFetch((url) => (url === '/api/v1/session' ? { body: buildSession() } : undefined));
    renderRoutes([{ path: '/', element: <OAuthCredentialsTab app={buildDeveloperApp()} loadFailed /> }], '/');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error: could not retrieve app credentials from the platform.',
    );
    expect(screen.queryByRole('region', { name: 'Sandbox' })).not.toBeInTheDocument();
  });
});
