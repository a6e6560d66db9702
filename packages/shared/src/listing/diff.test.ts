import { describe, expect, it } from 'vitest';
import { changedPathsOf, changedTabsOf, diffListings, type ListingSnapshot } from './diff';

const published: ListingSnapshot = {
  public_name: 'Site Diary Sync',
  tagline: 'Daily logs',
  description: 'Syncs daily logs.',
  installable: true,
  category_ids: [3, 1],
  region_ids: [1],
  country_ids: [10, 11],
  feature_bullets: ['Logs', 'Photos', 'Weather'],
  helpful_links: [{ label: 'Docs', url: 'https://acme.example/docs' }],
  requirements: ['An account'],
  website_link: { label: 'Help', url: 'https://acme.example/help' },
  support_email: 'support@acme.example',
  contact_us_email: null,
  security_questionnaire: { company_legal_name: 'Acme', has_sso_support: true, sso_providers: ['Okta'] },
  small_logo: { id: 1, original_filename: 'logo.png' },
  pictures: [
    { id: 2, original_filename: 'a.png', description: 'First' },
    { id: 3, original_filename: 'b.png', description: null },
  ],
  videos: [],
};

describe('diffListings (issue 10: the listing under review against the published one)', () => {
  it('finds nothing when the copy equals the published listing, whatever the formatting', () => {
    const copy: ListingSnapshot = {
      ...published,
      // The form's shape: '' for empty, ids in another order, an always-present empty row, copied media.
      contact_us_email: '',
      category_ids: [1, 3],
      helpful_links: [...(published.helpful_links as object[]), { label: '', url: '' }],
      requirements: ['An account', ''],
      tagline: ' Daily logs ',
      small_logo: { id: 11, origin_id: 1, original_filename: 'logo.png' },
      pictures: [
        { id: 12, origin_id: 2, original_filename: 'a.png', description: 'First' },
        { id: 13, origin_id: 3, original_filename: 'b.png', description: '' },
      ],
    };
    expect(diffListings(published, copy)).toEqual({ fields: [], media: [] });
  });

  it('names each changed text, row, set and questionnaire answer by its field path, with its tab', () => {
    const diff = diffListings(published, {
      ...published,
      tagline: 'Every daily log',
      installable: false,
      feature_bullets: ['Logs', 'Photos and videos', 'Weather'],
      category_ids: [1, 4],
      helpful_links: [{ label: 'Docs', url: 'https://acme.example/guide' }],
      website_link: { label: 'Help', url: 'https://help.acme.example' },
      contact_us_email: 'sales@acme.example',
      security_questionnaire: {
        company_legal_name: 'Acme Ltd',
        has_sso_support: true,
        sso_providers: ['Okta', 'Auth0'],
      },
    });
    expect(diff.fields).toEqual([
      { path: 'tagline', tab: 'app', before: 'Daily logs', after: 'Every daily log' },
      { path: 'installable', tab: 'app', before: true, after: false },
      { path: 'contact_us_email', tab: 'contact', before: null, after: 'sales@acme.example' },
      { path: 'category_ids', tab: 'app', before: [1, 3], after: [1, 4], added: [4], removed: [3] },
      { path: 'feature_bullets.1', tab: 'features', before: 'Photos', after: 'Photos and videos' },
      {
        path: 'helpful_links.0.url',
        tab: 'links',
        before: 'https://acme.example/docs',
        after: 'https://acme.example/guide',
      },
      {
        path: 'website_link.url',
        tab: 'support',
        before: 'https://acme.example/help',
        after: 'https://help.acme.example',
      },
      {
        path: 'security_questionnaire.company_legal_name',
        tab: 'security',
        before: 'Acme',
        after: 'Acme Ltd',
      },
      {
        path: 'security_questionnaire.sso_providers',
        tab: 'security',
        before: ['Okta'],
        after: ['Auth0', 'Okta'],
        added: ['Auth0'],
        removed: [],
      },
    ]);
    expect(diff.media).toEqual([]);
  });

  it('lists removed rows and a cleared field', () => {
    const diff = diffListings(published, {
      ...published,
      requirements: [],
      helpful_links: [],
      description: '',
    });
    expect(diff.fields.map((change) => [change.path, change.before, change.after])).toEqual([
      ['description', 'Syncs daily logs.', null],
      ['requirements.0', 'An account', null],
      ['helpful_links.0.label', 'Docs', null],
      ['helpful_links.0.url', 'https://acme.example/docs', null],
    ]);
  });

  it('tells media added, removed and re-described apart by the upload they come from', () => {
    const diff = diffListings(published, {
      ...published,
      small_logo: { id: 21, original_filename: 'new-logo.png' },
      pictures: [
        { id: 12, origin_id: 2, original_filename: 'a.png', description: 'The daily log' },
        { id: 14, original_filename: 'c.png', description: null },
      ],
      showcase_video: { id: 15, original_filename: 'tour.mp4' },
    });
    expect(diff.media.map((change) => [change.path, change.tab, change.change])).toEqual([
      ['small_logo', 'media', 'added'],
      ['small_logo', 'media', 'removed'],
      ['pictures', 'media', 'described'],
      ['pictures', 'media', 'added'],
      ['pictures', 'media', 'removed'],
      ['showcase_video', 'app', 'added'],
    ]);
    const described = diff.media.find((change) => change.change === 'described');
    expect([described?.before?.description, described?.after?.description]).toEqual([
      'First',
      'The daily log',
    ]);
    expect(diff.media.find((c) => c.change === 'removed' && c.path === 'pictures')?.before).toMatchObject({
      original_filename: 'b.png',
    });
  });

  it('without a published listing, every filled field is new', () => {
    const diff = diffListings(null, { public_name: 'New', feature_bullets: ['One', '', ''], pictures: [] });
    expect(diff.fields).toEqual([
      { path: 'public_name', tab: 'app', before: null, after: 'New' },
      { path: 'feature_bullets.0', tab: 'features', before: null, after: 'One' },
    ]);
  });

  it('gives the markers their paths (with the list a row belongs to) and tabs', () => {
    const diff = diffListings(published, {
      ...published,
      feature_bullets: ['Logs', 'Photos', 'Wind'],
      security_questionnaire: { company_legal_name: 'Acme', has_sso_support: false, sso_providers: ['Okta'] },
      pictures: [published.pictures?.[0] as never],
    });
    expect([...changedPathsOf(diff)].sort()).toEqual([
      'feature_bullets',
      'feature_bullets.2',
      'pictures',
      'security_questionnaire',
      'security_questionnaire.has_sso_support',
    ]);
    expect([...changedTabsOf(diff)].sort()).toEqual(['features', 'media', 'security']);
  });
});
