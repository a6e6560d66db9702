import { describe, expect, it } from 'vitest';
import { apiActivityPolicy } from './policy';

describe('apiActivityPolicy', () => {
  it("lets platform administrators read any app's calls", () => {
    expect(apiActivityPolicy.canReadAnyApp({ is_admin: true })).toBe(true);
    expect(apiActivityPolicy.canReadAnyApp({ is_admin: false })).toBe(false);
  });
});
