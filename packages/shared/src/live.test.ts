import { describe, expect, it } from 'vitest';
import { isAppLive } from './live';

describe('isAppLive (spec 1 §2 Published column, spec 3 live)', () => {
  it('is live when the app is not deleted and its newest published listing is live', () => {
    expect(isAppLive({ deleted_at: null, published_listing: { live: true } })).toBe(true);
  });

  it('is not live without a published listing', () => {
    expect(isAppLive({ deleted_at: null, published_listing: null })).toBe(false);
    expect(isAppLive({ deleted_at: null, published_listing: undefined })).toBe(false);
  });

  it('is not live when the published listing is not live', () => {
    expect(isAppLive({ deleted_at: null, published_listing: { live: false } })).toBe(false);
  });

  it('is not live once the app is deleted, whatever its listing', () => {
    expect(isAppLive({ deleted_at: new Date(), published_listing: { live: true } })).toBe(false);
    expect(isAppLive({ deleted_at: '2026-01-01T00:00:00.000Z', published_listing: { live: true } })).toBe(
      false,
    );
  });
});
