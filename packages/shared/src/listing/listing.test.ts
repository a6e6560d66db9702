import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { detailsFromIssues } from '../errors';
import {
  availabilityChoiceOf,
  idsOf,
  regionCheckOf,
  rowsOf,
  selectAll,
  selectionOf,
  toggleCountry,
  toggleRegion,
} from './availability';
import { applyContactType, contactTypeOf, contactTypesFor } from './contact';
import { listingMessageFor } from './messages';
import { isLogoSize, isPictureSize, isVideoSize } from './model';
import { listingProgress } from './progress';
import {
  completeListingSchema,
  isQuestionnaireDetailEnabled,
  type ListingValues,
  tabOfPath,
  tabSchema,
} from './schemas';
import { submissionRequest } from './submission';

const questionnaire = {
  company_legal_name: 'Acme Build Software Ltd',
  headquarters_country_id: 1,
  data_processing_country_ids: [1],
  has_subprocessors: false,
  has_sensitive_data: false,
  has_security_contact: true,
  security_email: 'security@acme.example',
  has_security_audits: true,
  has_security_standards: true,
  security_standard_ids: [2],
  has_penetration_testing: true,
  can_notify_platform: true,
  has_disclosure_program: false,
  has_bug_bounty_program: false,
  has_data_encryption_at_rest: true,
  has_data_encryption_in_transit: true,
  has_sso_support: false,
  has_saml_support: false,
  has_mfa_support: true,
  has_fas_support: false,
};

/** A listing that meets every rule of spec 3 §5. */
function complete(overrides: Partial<ListingValues> = {}): ListingValues {
  return {
    public_name: 'Site Diary Sync',
    tagline: 'Daily logs from the field, in one place',
    built_by: 'Acme Build',
    sold_by: 'Acme Build',
    description: 'Syncs daily logs.',
    about: 'Acme builds tools for contractors.',
    how_it_works: 'Connect, map projects, done.',
    category_ids: [1, 2],
    app_version_id: 4,
    draft_developer_notes: 'First listing.',
    installable: true,
    subscription_required: true,
    connector_required: false,
    has_trials: true,
    pricing_url: 'https://acme.example/pricing',
    pricing_description: 'Per project per month.',
    region_ids: [1],
    country_ids: [1, 2],
    feature_bullets: ['Sync logs', 'Photos attached', 'Weather included'],
    website_link: { label: 'Help centre', url: 'https://acme.example/help' },
    support_email: 'support@acme.example',
    contact_us_email: 'sales@acme.example',
    small_logo_url: '/logo.png',
    pictures: [{ id: 1 }, { id: 2 }, { id: 3 }],
    security_questionnaire_visible: true,
    security_questionnaire: questionnaire,
    ...overrides,
  };
}

const pathsOf = (schema: z.ZodType, values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? [] : detailsFromIssues(result.error.issues).map((d) => d.path);
};

describe('the tab schemas (spec 3 §5)', () => {
  it('accept a complete listing, tab by tab and whole', () => {
    for (const tab of [
      'app',
      'media',
      'pricing',
      'links',
      'features',
      'support',
      'tools',
      'requirements',
      'contact',
      'security',
    ] as const) {
      expect(pathsOf(tabSchema(tab), complete()), tab).toEqual([]);
    }
    expect(pathsOf(completeListingSchema(), complete())).toEqual([]);
  });

  it('App: every required field, the length limits, and categories 1 to 3', () => {
    const paths = pathsOf(tabSchema('app'), {});
    expect(paths).toEqual(
      expect.arrayContaining([
        'public_name',
        'tagline',
        'built_by',
        'sold_by',
        'description',
        'about',
        'how_it_works',
        'category_ids',
        'app_version_id',
        'draft_developer_notes',
      ]),
    );
    const long = tabSchema('app').safeParse(
      complete({
        public_name: 'x'.repeat(51),
        tagline: 't'.repeat(101),
        how_it_works: 'h'.repeat(501),
        description: 'd'.repeat(2001),
        category_ids: [1, 2, 3, 4],
      }),
    );
    const details = long.success ? [] : detailsFromIssues(long.error.issues);
    expect(details.map((d) => [d.path, d.code])).toEqual([
      ['public_name', 'too_long'],
      ['tagline', 'too_long'],
      ['description', 'too_long'],
      ['how_it_works', 'too_long'],
      ['category_ids', 'too_many'],
    ]);
    expect(details[1]?.message).toBe('Character limit exceeded (max 100)');
    expect(details[4]?.message).toBe('Max number of categories exceeded');
    expect(
      pathsOf(tabSchema('app'), complete({ tagline: 't'.repeat(100), public_name: 'n'.repeat(50) })),
    ).toEqual([]);
  });

  it('App on the admin form also needs the showcase video', () => {
    expect(pathsOf(tabSchema('app', { admin: true }), complete())).toEqual(['showcase_video']);
    expect(pathsOf(tabSchema('app', { admin: true }), complete({ showcase_video: { id: 9 } }))).toEqual([]);
  });

  it('Pricing: the yes/no answers, the description, a URL, and a region or country', () => {
    const paths = pathsOf(tabSchema('pricing'), { pricing_url: 'not a url' });
    expect(paths).toEqual([
      'subscription_required',
      'connector_required',
      'has_trials',
      'pricing_url',
      'pricing_description',
      'region_or_country',
    ]);
    expect(pathsOf(tabSchema('pricing'), complete({ region_ids: [], country_ids: [7] }))).toEqual([]);
    expect(pathsOf(tabSchema('pricing'), complete({ subscription_required: false }))).toEqual([]);
  });

  it('Links: at most three, each URL valid (never javascript:), a labelled row needs its URL', () => {
    const bad = [
      { label: 'Docs', url: 'javascript:alert(1)' },
      { label: 'Blog', url: '' },
      { label: '', url: '' },
    ];
    expect(pathsOf(tabSchema('links'), { helpful_links: bad })).toEqual([
      'helpful_links.0.url',
      'helpful_links.1.url',
    ]);
    const four = Array.from({ length: 4 }, () => ({ label: 'a', url: 'https://a.example' }));
    expect(pathsOf(tabSchema('links'), { helpful_links: four })).toEqual(['helpful_links']);
  });

  it('Features: three slots, each required, each at most 200 characters', () => {
    expect(pathsOf(tabSchema('features'), { feature_bullets: ['One', ''] })).toEqual([
      'feature_bullets.1',
      'feature_bullets.2',
    ]);
    expect(pathsOf(tabSchema('features'), { feature_bullets: ['a', 'b', 'c'.repeat(201)] })).toEqual([
      'feature_bullets.2',
    ]);
  });

  it('Support: a valid support e-mail and the website link label and url', () => {
    expect(
      pathsOf(tabSchema('support'), { support_email: 'nope', website_link: { label: '', url: 'ftp://x' } }),
    ).toEqual(['website_link.label', 'website_link.url', 'support_email']);
    expect(pathsOf(tabSchema('support'), {})).toEqual([
      'support_email',
      'website_link.label',
      'website_link.url',
    ]);
  });

  it('Requirements: at most three', () => {
    expect(pathsOf(tabSchema('requirements'), { requirements: ['a', 'b', 'c', 'd'] })).toEqual([
      'requirements',
    ]);
    expect(pathsOf(tabSchema('requirements'), { requirements: ['a'] })).toEqual([]);
  });

  it('Contact: one of the three choices, with valid e-mail and URL', () => {
    expect(pathsOf(tabSchema('contact'), {})).toEqual(['contact_or_learn_how']);
    expect(pathsOf(tabSchema('contact'), { create_lead: true })).toEqual([]);
    expect(pathsOf(tabSchema('contact'), { learn_how_url: 'https://acme.example/learn' })).toEqual([]);
    expect(pathsOf(tabSchema('contact'), { contact_us_email: 'x@' })).toEqual(['contact_us_email']);
  });

  it('Media: the logo and at least 3 pictures', () => {
    const result = tabSchema('media').safeParse({ pictures: [{ id: 1 }, { id: 2 }] });
    const details = result.success ? [] : detailsFromIssues(result.error.issues);
    expect(details.map((d) => d.path)).toEqual(['small_logo', 'pictures']);
    expect(details[1]?.message).toBe('At least 3 items are required');
    expect(pathsOf(tabSchema('media'), { small_logo: {}, pictures: [{}, {}, {}] })).toEqual([]);
  });

  it('Security: every question, details when yes, standards and SSO providers when claimed', () => {
    const q = {
      ...questionnaire,
      has_subprocessors: true,
      has_sensitive_data: true,
      security_email: '',
      has_disclosure_program: true,
      has_security_standards: true,
      security_standard_ids: [],
      has_sso_support: true,
      has_mfa_support: undefined,
    };
    expect(
      pathsOf(tabSchema('security'), { security_questionnaire_visible: true, security_questionnaire: q }),
    ).toEqual([
      'security_questionnaire.has_mfa_support',
      'security_questionnaire.subprocessors_details',
      'security_questionnaire.sensitive_data_handling_details',
      'security_questionnaire.security_email',
      'security_questionnaire.disclosure_program_url',
      'security_questionnaire.security_standard_ids',
      'security_questionnaire.sso_providers',
    ]);
    expect(
      pathsOf(tabSchema('security'), {
        security_questionnaire_visible: true,
        security_questionnaire: { ...questionnaire, has_sso_support: true, other_sso_providers: 'Keycloak' },
      }),
    ).toEqual([]);
    // hidden questionnaire, or the feature off: nothing is checked
    expect(pathsOf(tabSchema('security'), { security_questionnaire_visible: false })).toEqual([]);
    expect(
      pathsOf(tabSchema('security', { securityEnabled: false }), { security_questionnaire_visible: true }),
    ).toEqual([]);
    expect(
      pathsOf(tabSchema('security'), {
        security_questionnaire_visible: true,
        security_questionnaire: { ...questionnaire, security_email: 'bad' },
      }),
    ).toEqual(['security_questionnaire.security_email']);
  });

  it('Security: the company legal name is required whether it is blank or absent (one detail each)', () => {
    const { company_legal_name: _name, ...withoutName } = questionnaire;
    for (const security_questionnaire of [withoutName, { ...questionnaire, company_legal_name: '' }]) {
      expect(
        pathsOf(tabSchema('security'), { security_questionnaire_visible: true, security_questionnaire }),
      ).toEqual(['security_questionnaire.company_legal_name']);
    }
    const nothing = pathsOf(completeListingSchema(), { security_questionnaire_visible: true });
    expect(nothing).toEqual(
      expect.arrayContaining([
        'security_questionnaire.company_legal_name',
        'security_questionnaire.headquarters_country_id',
        'security_questionnaire.data_processing_country_ids',
        'security_questionnaire.has_subprocessors',
      ]),
    );
    expect(
      nothing.filter((path) => path.startsWith('security_questionnaire.company_legal_name')),
    ).toHaveLength(1);
  });

  it('a "yes" enables its detail fields', () => {
    expect(isQuestionnaireDetailEnabled({ has_security_contact: true }, 'security_email')).toBe(true);
    expect(isQuestionnaireDetailEnabled({ has_security_contact: false }, 'security_email')).toBe(false);
    expect(isQuestionnaireDetailEnabled({ has_sso_support: true }, 'other_sso_providers')).toBe(true);
  });

  it('the whole listing names each field path, as the server answers on submit', () => {
    const values = complete({
      feature_bullets: ['a', ''],
      website_link: { label: 'Help', url: 'nope' },
      security_questionnaire: { ...questionnaire, security_email: null },
    });
    expect(pathsOf(completeListingSchema(), values)).toEqual([
      'feature_bullets.1',
      'feature_bullets.2',
      'website_link.url',
      'security_questionnaire.security_email',
    ]);
  });

  it('paths map to their tab, and details to the translation table', () => {
    expect(tabOfPath('website_link.url')).toBe('support');
    expect(tabOfPath('feature_bullets.1')).toBe('features');
    expect(tabOfPath('region_or_country')).toBe('pricing');
    expect(tabOfPath('security_questionnaire.security_email')).toBe('security');
    expect(tabOfPath('showcase_video')).toBe('app');
    expect(tabOfPath('pictures')).toBe('media');
    expect(listingMessageFor({ code: 'too_long', path: 'tagline', params: { max: 100 } })).toEqual({
      key: 'maxLength',
      values: { max: 100 },
    });
    expect(
      listingMessageFor({ code: 'too_many', path: 'submission.category_ids', params: { max: 3 } }).key,
    ).toBe('maxCategories');
    expect(listingMessageFor({ code: 'file_type', path: 'submission.small_logo' }).key).toBe('fileType');
    expect(listingMessageFor({ code: 'required', path: 'region_or_country' }).key).toBe('regionOrCountry');
    expect(listingMessageFor({ code: 'invalid_choice', path: 'create_lead' }).key).toBe(
      'createLeadEmployeesOnly',
    );
    expect(
      listingMessageFor({
        code: 'invalid',
        path: 'submission.pictures_attributes.1.file',
        params: { name: 'a.png' },
      }),
    ).toEqual({ key: 'pictureRule', values: { name: 'a.png' } });
    expect(
      listingMessageFor({
        code: 'invalid',
        path: 'submission.videos_attributes.0.file',
        params: { name: 'v.mp4' },
      }).key,
    ).toBe('videoRule');
    expect(
      listingMessageFor({ code: 'image_size', path: 'submission.small_logo', params: { name: 'l.png' } }).key,
    ).toBe('logoRule');
  });
});

describe('the save request (drafts)', () => {
  it('accepts an empty draft and refuses over-long text, 4 categories, javascript: links', () => {
    expect(submissionRequest.safeParse({ submission: {} }).success).toBe(true);
    expect(submissionRequest.safeParse({ submission: { tagline: '', feature_bullets: ['a'] } }).success).toBe(
      true,
    );
    const bad = submissionRequest.safeParse({
      submission: {
        public_name: 'x'.repeat(51),
        category_ids: [1, 2, 3, 4],
        helpful_links: [{ label: 'x', url: 'javascript:alert(1)' }],
        support_email: 'no',
      },
    });
    expect(bad.success ? [] : detailsFromIssues(bad.error.issues).map((d) => d.path)).toEqual([
      'submission.public_name',
      'submission.category_ids',
      'submission.helpful_links.0.url',
      'submission.support_email',
    ]);
    expect(submissionRequest.safeParse({ submission: { approval_state: 'approved' } }).success).toBe(false);
  });
});

describe('progress (spec 2 §5)', () => {
  it('counts completed required tabs over the required tabs, as a percent', () => {
    const full = listingProgress(complete());
    expect(full).toMatchObject({ completed: 7, total: 7, percent: 100 });
    const empty = listingProgress({});
    // an empty listing: only the security tab (questionnaire hidden) is complete
    expect(empty).toMatchObject({ completed: 1, total: 7, percent: 14 });
    const halfway = listingProgress(complete({ support_email: '', feature_bullets: [], pictures: [] }));
    expect(halfway).toMatchObject({ completed: 4, total: 7, percent: 57 });
    const support = halfway.tabs.find((tab) => tab.tab === 'support');
    expect(support).toMatchObject({ complete: false, requiredDone: 1, requiredTotal: 2 });
  });

  it('leaves the security tab out when the feature is off', () => {
    expect(listingProgress(complete(), { securityEnabled: false })).toMatchObject({ completed: 6, total: 6 });
  });
});

describe('contact type (spec 3 §4)', () => {
  it('is derived on open', () => {
    expect(contactTypeOf({ create_lead: true, contact_us_email: 'a@b.co' })).toBe('create_lead');
    expect(contactTypeOf({ contact_us_email: 'a@b.co', learn_how_url: 'https://x.example' })).toBe(
      'contact_us',
    );
    expect(contactTypeOf({ learn_how_url: 'https://x.example' })).toBe('learn_how');
    expect(contactTypeOf({})).toBe('contact_us');
  });

  it('clears the other fields when chosen', () => {
    const values = { contact_us_email: 'a@b.co', learn_how_url: 'https://x.example', create_lead: true };
    expect(applyContactType(values, 'contact_us')).toEqual({
      contact_us_email: 'a@b.co',
      learn_how_url: '',
      create_lead: false,
    });
    expect(applyContactType(values, 'learn_how')).toEqual({
      contact_us_email: '',
      learn_how_url: 'https://x.example',
      create_lead: false,
    });
    expect(applyContactType(values, 'create_lead')).toEqual({
      contact_us_email: '',
      learn_how_url: '',
      create_lead: true,
    });
  });

  it('offers create-lead to platform employees only', () => {
    expect(contactTypesFor({ is_employee: false })).toEqual(['contact_us', 'learn_how']);
    expect(contactTypesFor({ is_employee: true })).toContain('create_lead');
  });
});

describe('availability (spec 3 §4)', () => {
  const europe = { id: 1, countries: [{ id: 10 }, { id: 11 }, { id: 12 }] };
  const regions = [europe, { id: 2, countries: [{ id: 20 }] }];

  it('is unset, all or specific on open', () => {
    expect(availabilityChoiceOf(regions, selectionOf([], []))).toBeNull();
    expect(availabilityChoiceOf(regions, selectAll(regions))).toBe('all');
    expect(availabilityChoiceOf(regions, selectionOf([2], [20]))).toBe('specific');
  });

  it('ticks a region with all its countries; a region is partly checked with some', () => {
    let selection = toggleRegion(selectionOf([], []), europe, true);
    expect(idsOf(selection.countries)).toEqual([10, 11, 12]);
    expect(regionCheckOf(europe, selection)).toBe('checked');
    selection = toggleCountry(selection, europe, 11, false);
    expect(regionCheckOf(europe, selection)).toBe('indeterminate');
    expect(selection.regions[1]).toBe(false);
    selection = toggleCountry(selection, europe, 11, true);
    expect(regionCheckOf(europe, selection)).toBe('checked');
    selection = toggleRegion(selection, europe, false);
    expect(regionCheckOf(europe, selection)).toBe('unchecked');
    expect(idsOf(selection.countries)).toEqual([]);
  });

  it('lays countries out in rows of 3', () => {
    expect(rowsOf([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });
});

describe('media rules', () => {
  it('logo square above 200, pictures 720×480..1920×1080 at 4:3..16:9, videos 720p', () => {
    expect(isLogoSize({ width: 201, height: 201 })).toBe(true);
    expect(isLogoSize({ width: 200, height: 200 })).toBe(false);
    expect(isLogoSize({ width: 400, height: 300 })).toBe(false);
    expect(isPictureSize({ width: 1920, height: 1080 })).toBe(true);
    expect(isPictureSize({ width: 1024, height: 768 })).toBe(true);
    expect(isPictureSize({ width: 720, height: 480 })).toBe(true);
    expect(isPictureSize({ width: 300, height: 300 })).toBe(false);
    expect(isPictureSize({ width: 1080, height: 1080 })).toBe(false);
    expect(isPictureSize({ width: 1920, height: 800 })).toBe(false);
    expect(isPictureSize({ width: 2560, height: 1440 })).toBe(false);
    expect(isVideoSize({ width: 1280, height: 720 })).toBe(true);
    expect(isVideoSize({ width: 640, height: 360 })).toBe(false);
  });
});
