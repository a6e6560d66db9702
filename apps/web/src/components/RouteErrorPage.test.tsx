import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../routing';
import { mockFetch, renderWithProviders } from '../test/render';
import { watchPreloadErrors } from './chunkError';

function Crash({ error }: { error: unknown }): never {
  throw error;
}

const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/SettingsTab-abc.js');

/** The crash reports sent to the server (POST /api/v1/client_errors), their bodies parsed. */
const reports = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/client_errors' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the crash screens (spec 1 §8, spec 2 §8)', () => {
  beforeEach(() => {
    // React logs the errors its boundaries catch; these tests are about what the visitor sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says a failed chunk load needs a reload, reloads on the button, and reports nothing', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { user } = renderWithProviders(
      <ErrorBoundary>
        <Crash error={chunkFailure()} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error loading JavaScript module bundle. Please reload the page.',
    );
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    // Give a report the time it would take to load its module and be sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports(fetchMock)).toEqual([]);
  });

  it('says so in Spanish', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { user } = renderWithProviders(
      <ErrorBoundary>
        <Crash error={chunkFailure()} />
      </ErrorBoundary>,
      { language: 'es' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error al cargar el paquete de módulos JavaScript. Recarga la página.',
    );
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('treats whatever Vite failed to preload as a chunk failure', () => {
    watchPreloadErrors();
    const error = new Error('net::ERR_FAILED');
    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: error }));
    renderWithProviders(
      <ErrorBoundary>
        <Crash error={error} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says any other crash was logged and reported, and reports it to the server', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    renderWithProviders(
      <ErrorBoundary>
        <Crash error={new TypeError('x is undefined')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The application has encountered an error. It has been logged and reported.',
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    await waitFor(() => expect(reports(fetchMock)).toHaveLength(1));
    const [report] = reports(fetchMock);
    expect(report).toMatchObject({ message: 'TypeError: x is undefined', url: window.location.href });
    expect(report.stack).toContain('Component stack:');
    expect(report.stack).toContain('Crash');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v1/client_errors') ?? [];
    expect(init?.credentials).toBe('omit');
  });

  it('says it in Spanish, and reports it all the same', async () => {
    const fetchMock = mockFetch(() => ({ status: 204 }));
    renderWithProviders(
      <ErrorBoundary>
        <Crash error={new RangeError('bad length')} />
      </ErrorBoundary>,
      { language: 'es' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La aplicación ha encontrado un error. Se ha registrado y notificado.',
    );
    await waitFor(() => expect(reports(fetchMock)).toHaveLength(1));
    expect(reports(fetchMock)[0]).toMatchObject({ message: 'RangeError: bad length' });
  });
});
