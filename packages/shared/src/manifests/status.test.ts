import { describe, expect, it } from 'vitest';
import { compareSemver, isSemver, parseSemver, suggestNextVersion } from './semver';
import {
  REVIEW_ACTIONS,
  rejectionOf,
  reviewActionsFor,
  reviewNotesRequired,
  saveButtonLabel,
  shownVersionState,
  versionStatus,
} from './status';

const v = (semantic_version: string, state = 'draft') => ({ semantic_version, state });
const AT = '2026-11-27T10:00:00.000Z';
/** A rejected production version: confidential as the spec says (reject → confidential), marked rejected_at. */
const rejectedVersion = (semantic_version: string) => ({
  semantic_version,
  state: 'confidential',
  rejected_at: AT,
  admin_notes: 'Scopes too broad',
});

describe('versionStatus (spec 2 §4 "Version header status"), one test per row', () => {
  it('no sandbox manifest: Draft (blue), offers Create Version', () => {
    const status = versionStatus(null, null);
    expect(status).toEqual({ key: 'draft', label: 'Draft', color: 'blue', offers: 'create_version' });
    expect(saveButtonLabel(status)).toBe('Create Version');
  });
  it('no production manifest: Ready for Testing (magenta), offers Promote', () => {
    const status = versionStatus(v('0.1.0'), null);
    expect(status).toMatchObject({
      key: 'ready_for_testing',
      label: 'Ready for Testing',
      color: 'magenta',
      offers: 'promote',
    });
    expect(saveButtonLabel(status)).toBe('Save Version');
  });
  it('sandbox version newer than production: Ready for Testing, even when production is published', () => {
    expect(versionStatus(v('0.10.0'), v('0.9.0', 'published')).key).toBe('ready_for_testing');
    expect(versionStatus(v('1.0.0'), v('0.9.9', 'in_review')).key).toBe('ready_for_testing');
  });
  it('same version and production confidential: Promoted (green)', () => {
    expect(versionStatus(v('0.2.0'), v('0.2.0', 'confidential'))).toMatchObject({
      key: 'promoted',
      label: 'Promoted',
      color: 'green',
      offers: null,
    });
  });
  it('production published: Approved Version (green)', () => {
    expect(versionStatus(v('0.2.0'), v('0.2.0', 'published'))).toMatchObject({
      key: 'approved',
      label: 'Approved Version',
      color: 'green',
    });
  });
  it('production in review: Under Review (yellow)', () => {
    expect(versionStatus(v('0.2.0'), v('0.2.0', 'in_review'))).toMatchObject({
      key: 'under_review',
      label: 'Under Review',
      color: 'yellow',
    });
  });
  it('production confidential and rejected (issue 20): Rejected (red), not Unknown State or Promoted', () => {
    expect(versionStatus(v('0.2.0'), rejectedVersion('0.2.0'))).toMatchObject({
      key: 'rejected',
      label: 'Rejected',
      color: 'red',
      offers: null,
    });
    // A newer sandbox version is still ready for testing: the rejection is of the older one.
    expect(versionStatus(v('0.3.0'), rejectedVersion('0.2.0')).key).toBe('ready_for_testing');
    // Without rejected_at a confidential version is a promotion, as spec 2 §4's table has it.
    expect(versionStatus(v('0.2.0'), { ...rejectedVersion('0.2.0'), rejected_at: null }).key).toBe(
      'promoted',
    );
  });
  it('anything else: Unknown State (red)', () => {
    expect(versionStatus(v('0.1.0'), v('0.2.0', 'confidential'))).toMatchObject({
      key: 'unknown',
      label: 'Unknown State',
      color: 'red',
    });
    expect(versionStatus(v('0.2.0'), v('0.2.0', 'draft')).key).toBe('unknown');
  });
});

describe('semantic versions (spec 2 §5)', () => {
  it('parses major.minor.patch only', () => {
    expect(parseSemver('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3 });
    for (const bad of ['1.2', '1.2.3.4', 'v1.2.3', '01.2.3', '1.2.3-beta', '', 'a.b.c', '-1.0.0'])
      expect(isSemver(bad), bad).toBe(false);
  });
  it('compares numerically, not as text', () => {
    expect(compareSemver('0.10.0', '0.9.0')).toBeGreaterThan(0);
    expect(compareSemver('1.0.0', '1.0.0')).toBe(0);
    expect(compareSemver('1.0.0', '1.0.1')).toBeLessThan(0);
    expect(compareSemver('2.0.0', '1.99.99')).toBeGreaterThan(0);
  });
  it('suggests the minor part raised, or 0.1.0 for the first', () => {
    expect(suggestNextVersion(null)).toBe('0.1.0');
    expect(suggestNextVersion(undefined)).toBe('0.1.0');
    expect(suggestNextVersion('0.1.0')).toBe('0.2.0');
    expect(suggestNextVersion('1.9.4')).toBe('1.10.0');
    expect(suggestNextVersion('not a version')).toBe('0.1.0');
  });
});

describe('review actions offered (spec 2 §4)', () => {
  const developer = { developer: true, platformAdmin: false };
  const admin = { developer: false, platformAdmin: true };
  it('submit when submittable, withdraw when in review', () => {
    expect(reviewActionsFor({ state: 'confidential', submittable: true }, developer)).toEqual(['submit']);
    expect(reviewActionsFor({ state: 'in_review', submittable: false }, developer)).toEqual(['withdraw']);
    expect(reviewActionsFor({ state: 'published', submittable: false }, developer)).toEqual([]);
  });
  it('platform admins see approve and reject on in-review versions, submit or withdraw otherwise', () => {
    expect(reviewActionsFor({ state: 'in_review', submittable: false }, admin)).toEqual([
      'approve',
      'reject',
    ]);
    expect(reviewActionsFor({ state: 'confidential', submittable: true }, admin)).toEqual(['submit']);
  });
  it('rejecting sends the version to confidential (spec 2 §4), and it may be submitted again (issue 20)', () => {
    expect(REVIEW_ACTIONS.reject).toEqual({ from: ['in_review'], to: 'confidential' });
    expect(REVIEW_ACTIONS.submit).toEqual({ from: ['confidential'], to: 'in_review' });
    const rejected = { ...rejectedVersion('0.2.0'), submittable: true };
    expect(reviewActionsFor(rejected, developer)).toEqual(['submit']);
    expect(reviewActionsFor(rejected, admin)).toEqual(['submit']);
  });
  it('nobody else gets any', () => {
    expect(
      reviewActionsFor(
        { state: 'confidential', submittable: true },
        { developer: false, platformAdmin: false },
      ),
    ).toEqual([]);
  });
});

describe('rejectionOf (issue 20)', () => {
  it("gives a rejected (confidential, rejected_at set) version's reviewer notes, nothing otherwise", () => {
    expect(rejectionOf(rejectedVersion('0.2.0'))).toEqual({ notes: 'Scopes too broad', at: AT });
    for (const state of ['confidential', 'in_review', 'published', 'draft'])
      expect(rejectionOf({ state, admin_notes: 'Old notes', rejected_at: null }), state).toBeNull();
    // Only a confidential version is rejected: the mark means nothing once it is in review again.
    expect(rejectionOf({ ...rejectedVersion('0.2.0'), state: 'in_review' })).toBeNull();
  });
  it('lists show a rejected version as rejected, every other version by its stored state', () => {
    expect(shownVersionState(rejectedVersion('0.2.0'))).toBe('rejected');
    for (const state of ['confidential', 'in_review', 'published', 'draft'])
      expect(shownVersionState({ state, rejected_at: null })).toBe(state);
  });
  it('notes are required to reject, optional for every other action', () => {
    expect(reviewNotesRequired('reject')).toBe(true);
    for (const action of ['submit', 'withdraw', 'approve'] as const)
      expect(reviewNotesRequired(action)).toBe(false);
  });
});
