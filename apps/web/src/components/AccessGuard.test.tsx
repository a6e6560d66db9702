import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { renderRoutes } from '../test/render';
import { deniedStatus, guardAccess } from './AccessGuard';

function Detail({ error, invalidId = false }: { error: unknown; invalidId?: boolean }) {
  const denied = guardAccess(error, {
    invalidId,
    notFound: { title: 'App not found', description: 'It may have been deleted.' },
  });
  if (denied) return denied;
  return <h1>The record</h1>;
}

const renderDetail = (error: unknown, invalidId = false) =>
  renderRoutes([{ path: '/', element: <Detail error={error} invalidId={invalidId} /> }], '/');

describe('guardAccess', () => {
  it("shows the page's own not-found page for a 404", () => {
    renderDetail(new ApiError(404, 'not_found', 'Not found'));
    expect(screen.getByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
  });

  it('shows the not-found page for an id that cannot exist, without an error', () => {
    renderDetail(null, true);
    expect(screen.getByRole('heading', { level: 1, name: 'App not found' })).toBeInTheDocument();
  });

  it('shows the forbidden page for a 403', () => {
    renderDetail(new ApiError(403, 'forbidden', 'Forbidden'));
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });

  it('lets the page show for other errors and for none', () => {
    expect(deniedStatus(new ApiError(500, 'internal_error', 'Boom'))).toBeNull();
    expect(deniedStatus(new Error('network'))).toBeNull();
    renderDetail(null);
    expect(screen.getByRole('heading', { level: 1, name: 'The record' })).toBeInTheDocument();
  });
});
