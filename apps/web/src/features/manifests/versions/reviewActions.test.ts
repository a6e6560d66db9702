import { describe, expect, it } from 'vitest';
import { offeredReviewActions } from './reviewActions';

const production = (state: string, submittable = false) => ({
  state: state as 'confidential',
  submittable,
  environment_type: 'ProductionEnvironment' as const,
});
const owner = { canModifyManifests: true, isPlatformAdmin: false };
const developer = { canModifyManifests: false, isPlatformAdmin: false };
const platformAdmin = { canModifyManifests: false, isPlatformAdmin: true };

describe('offeredReviewActions', () => {
  it('offers submit on a submittable version and withdraw under review to the owner and admins', () => {
    expect(offeredReviewActions(production('confidential', true), owner)).toEqual(['submit']);
    expect(offeredReviewActions(production('confidential', false), owner)).toEqual([]);
    expect(offeredReviewActions(production('in_review'), owner)).toEqual(['withdraw']);
    expect(offeredReviewActions(production('published'), owner)).toEqual([]);
  });

  it('offers nothing to a developer of the app', () => {
    expect(offeredReviewActions(production('confidential', true), developer)).toEqual([]);
    expect(offeredReviewActions(production('in_review'), developer)).toEqual([]);
  });

  it('offers approve and reject to platform administrators on versions under review, submit otherwise', () => {
    expect(offeredReviewActions(production('in_review'), platformAdmin)).toEqual(['approve', 'reject']);
    // Spec 2 §4: admins see submit or withdraw on versions that are not in review, as the developers do.
    expect(offeredReviewActions(production('confidential', true), platformAdmin)).toEqual(['submit']);
    expect(offeredReviewActions(production('confidential', false), platformAdmin)).toEqual([]);
    expect(offeredReviewActions(production('published'), platformAdmin)).toEqual([]);
  });

  it('offers nothing on sandbox versions or without a version', () => {
    expect(
      offeredReviewActions({ ...production('confidential', true), environment_type: 'Sandbox' }, owner),
    ).toEqual([]);
    expect(offeredReviewActions(null, owner)).toEqual([]);
  });
});
