import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { ReviewQueueNotice } from './ReviewQueueNotice';

const queue = {
  app_version: { id: 1, position: 3, estimated_wait_hours: 12.5, in_review_at: '2026-03-05T12:00:00.000Z' },
  marketplace_listing: null,
};

describe('ReviewQueueNotice', () => {
  it("shows the version's place in the queue and the estimated wait", async () => {
    mockFetch((url) => (url === '/api/v1/developer_apps/7/review_queue' ? { body: queue } : undefined));
    renderWithProviders(<ReviewQueueNotice appId={7} kind="app_version" />);
    expect(await screen.findByText('Place 3 in the review queue')).toBeInTheDocument();
    expect(screen.getByText(/Estimated wait: about 12.5 hours/)).toBeInTheDocument();
    expect(screen.getByText('In review since 2026-03-05.')).toBeInTheDocument();
  });

  it('says "less than an hour" for a wait under one hour, in English and Spanish', async () => {
    const soon = {
      app_version: { ...queue.app_version, position: 1, estimated_wait_hours: 0 },
      marketplace_listing: null,
    };
    mockFetch((url) => (url === '/api/v1/developer_apps/7/review_queue' ? { body: soon } : undefined));
    const { unmount } = renderWithProviders(<ReviewQueueNotice appId={7} kind="app_version" />);
    expect(await screen.findByText(/Estimated wait: less than an hour/)).toBeInTheDocument();
    expect(screen.queryByText(/about 0/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<ReviewQueueNotice appId={7} kind="app_version" />, { language: 'es' });
    expect(await screen.findByText(/Espera estimada: menos de una hora/)).toBeInTheDocument();
  });

  it('writes the hours the Spanish way in Spanish', async () => {
    mockFetch((url) => (url === '/api/v1/developer_apps/7/review_queue' ? { body: queue } : undefined));
    renderWithProviders(<ReviewQueueNotice appId={7} kind="app_version" />, { language: 'es' });
    expect(await screen.findByText(/Espera estimada: unas 12,5 horas/)).toBeInTheDocument();
  });

  it('says when there is no estimate, and nothing when nothing is in review', async () => {
    mockFetch(() => ({
      body: {
        app_version: null,
        marketplace_listing: { ...queue.app_version, position: 1, estimated_wait_hours: null },
      },
    }));
    const { unmount } = renderWithProviders(<ReviewQueueNotice appId={7} kind="marketplace_listing" />);
    expect(await screen.findByText('Place 1 in the review queue')).toBeInTheDocument();
    expect(screen.getByText(/No estimate yet/)).toBeInTheDocument();
    unmount();
    renderWithProviders(<ReviewQueueNotice appId={7} kind="app_version" />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/review queue/)).not.toBeInTheDocument();
  });
});
