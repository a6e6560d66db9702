import { describe, expect, it } from 'vitest';
import { detailsFromIssues } from '../errors';
import { listingMessageFor } from './messages';
import { listingProgress } from './progress';
import { completeListingSchema, type ListingValues, tabSchema } from './schemas';
import { submissionRequest } from './submission';
import { listingVersionChoices, listingVersionProblem, listingVersionRule } from './versions';

const production = (id: number, semantic_version: string) => ({
  id,
  semantic_version,
  environment_type: 'ProductionEnvironment',
});
const sandbox = (id: number, semantic_version: string) => ({
  id,
  semantic_version,
  environment_type: 'Sandbox',
});

// Ids and versions in different orders on purpose: "newer" is the semantic version, not the id.
const versions = [
  production(4, '1.0.0'),
  production(9, '0.9.0'),
  production(12, '1.10.0'),
  sandbox(15, '2.0.0'),
];

describe('which versions a listing may name (spec 3 §2)', () => {
  it('every promoted version while nothing is published, newest first; never a sandbox version', () => {
    expect(listingVersionChoices(versions, null).map((v) => v.id)).toEqual([12, 4, 9]);
  });

  it('only promoted versions newer than the published one (by semantic version), never the published one', () => {
    expect(listingVersionChoices(versions, 4).map((v) => v.id)).toEqual([12]);
    expect(listingVersionChoices(versions, 12)).toEqual([]);
  });

  it('says why a chosen version may not be named', () => {
    const published = listingVersionRule(versions, 4);
    expect(published).toEqual({ choices: [12], published: { id: 4, version: '1.0.0' } });
    expect(listingVersionProblem(12, published)).toBeNull();
    expect(listingVersionProblem(null, published)).toBeNull();
    expect(listingVersionProblem(4, published)).toBe('not_newer');
    expect(listingVersionProblem(9, published)).toBe('not_newer');
    expect(listingVersionProblem(12, listingVersionRule(versions, 12))).toBe('no_newer_version');
    expect(listingVersionProblem(15, listingVersionRule(versions, null))).toBe('not_promoted');
    expect(listingVersionProblem(999, listingVersionRule(versions, null))).toBe('not_promoted');
  });
});

/** A complete listing naming version `appVersionId` (every other rule met). */
function listing(appVersionId: number | null): ListingValues {
  return {
    public_name: 'Site Diary Sync',
    tagline: 'Daily logs',
    built_by: 'Acme',
    sold_by: 'Acme',
    description: 'Syncs daily logs.',
    about: 'Acme builds tools.',
    how_it_works: 'Connect and map.',
    category_ids: [1],
    app_version_id: appVersionId,
    draft_developer_notes: 'Update.',
    subscription_required: true,
    connector_required: false,
    has_trials: true,
    pricing_description: 'Per project.',
    region_ids: [1],
    feature_bullets: ['One', 'Two', 'Three'],
    website_link: { label: 'Help', url: 'https://acme.example/help' },
    support_email: 'support@acme.example',
    contact_us_email: 'sales@acme.example',
    small_logo_url: '/logo.png',
    pictures: [{ id: 1 }, { id: 2 }, { id: 3 }],
    security_questionnaire_visible: false,
  };
}

describe('the version rule in the listing validation (issue 20, item 3)', () => {
  it('marks app_version_id on the App tab when the published version is still named, and progress stays below 100 %', () => {
    const rule = listingVersionRule(versions, 4);
    const result = tabSchema('app', { versions: rule }).safeParse(listing(4));
    const details = result.success ? [] : detailsFromIssues(result.error.issues);
    expect(details).toEqual([
      expect.objectContaining({
        path: 'app_version_id',
        code: 'invalid_choice',
        params: { reason: 'not_newer', version: '1.0.0' },
      }),
    ]);
    expect(listingMessageFor(details[0] as never)).toEqual({
      key: 'versionNotNewer',
      values: { version: '1.0.0' },
    });
    const progress = listingProgress(listing(4), { versions: rule });
    expect(progress.percent).toBeLessThan(100);
    expect(progress.tabs.find((tab) => tab.tab === 'app')).toMatchObject({ complete: false });
    expect(listingProgress(listing(12), { versions: rule }).percent).toBe(100);
  });

  it('tells to promote a newer version when none is newer than the published one', () => {
    const rule = listingVersionRule(versions, 12);
    const result = completeListingSchema({ versions: rule }).safeParse(listing(12));
    const details = result.success ? [] : detailsFromIssues(result.error.issues);
    expect(details.map((d) => [d.path, d.params?.reason])).toEqual([['app_version_id', 'no_newer_version']]);
    expect(details[0]?.message).toMatch(/promote a newer app version/);
    expect(listingMessageFor(details[0] as never).key).toBe('promoteNewerVersion');
  });

  it('without a rule, only presence is checked (drafts, callers that know no versions)', () => {
    expect(completeListingSchema().safeParse(listing(4)).success).toBe(true);
  });
});

describe('regions and countries as maps (spec 3 §3, §7)', () => {
  it('accepts maps of id → bool beside the id lists', () => {
    const parsed = submissionRequest.safeParse({
      submission: { regions: { '1': true, '2': false }, countries: { '7': true }, region_ids: [1] },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.submission.regions).toEqual({ '1': true, '2': false });
  });

  it('refuses keys that are not record ids and values that are not booleans', () => {
    for (const regions of [{ abc: true }, { '0': true }, { '1': 'yes' }, [true]]) {
      const parsed = submissionRequest.safeParse({ submission: { regions } });
      expect(parsed.success, JSON.stringify(regions)).toBe(false);
      const paths = parsed.success ? [] : detailsFromIssues(parsed.error.issues).map((d) => d.path);
      expect(paths[0]).toMatch(/^submission\.regions/);
    }
  });
});
