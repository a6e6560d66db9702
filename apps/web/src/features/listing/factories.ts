import type { ListingMedia, Submission } from '@lintel/shared/listing';
import type { ListingReferences } from './editorContext';

// Test builders of the listing's API answers (partial overrides).

export function buildMedia(overrides: Partial<ListingMedia> = {}): ListingMedia {
  const id = overrides.id ?? 100;
  return {
    id,
    origin_id: overrides.origin_id ?? id,
    type: 'Picture',
    name: `shot-${id}`,
    original_filename: `shot-${id}.png`,
    description: null,
    url: `/api/v1/submissions/1/media/${id}`,
    external_url: null,
    content_type: 'image/png',
    size: 1000,
    width: 1280,
    height: 720,
    ...overrides,
  };
}

/** An empty draft, as the first save answers it. */
export function buildSubmission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: 1,
    developer_app_id: 5,
    state: 'draft',
    approval_state: 'unreviewed',
    admin_message: null,
    rejection_reasons: [],
    version: 1,
    silent: false,
    is_concierge_app: false,
    has_published_app: false,
    live: false,
    public_name: null,
    tagline: null,
    built_by: null,
    sold_by: null,
    description: null,
    about: null,
    how_it_works: null,
    category_ids: [],
    categories: [],
    app_version_id: null,
    app_version: null,
    draft_developer_notes: null,
    installable: true,
    beta: false,
    security_badge: false,
    notes: null,
    subscription_required: null,
    connector_required: null,
    has_trials: null,
    costs_money: null,
    pricing_url: null,
    pricing_description: null,
    region_ids: [],
    regions: [],
    country_ids: [],
    countries: [],
    helpful_links: [],
    feature_bullets: [],
    website_link: null,
    support_email: null,
    product_tool_ids: [],
    product_tools: [],
    requirements: [],
    contact_us_email: null,
    learn_how_url: null,
    create_lead: false,
    made_by_platform: false,
    platform_certified_partner: false,
    security_questionnaire_visible: false,
    security_questionnaire: null,
    small_logo_url: null,
    small_logo: null,
    pictures: [],
    videos: [],
    showcase_video: null,
    security_questionnaire_document: null,
    submitted_at: null,
    reviewed_at: null,
    published_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A listing whose every tab is complete (the questionnaire hidden). */
export function buildCompleteSubmission(overrides: Partial<Submission> = {}): Submission {
  return buildSubmission({
    public_name: 'Crane Tracker',
    tagline: 'Track every crane on site',
    built_by: 'Analytical Engines',
    sold_by: 'Analytical Engines',
    description: 'Crane Tracker follows every crane lift on your projects.',
    about: 'We build tools for site managers.',
    how_it_works: 'Connect your company and pick the projects.',
    category_ids: [1],
    categories: [{ id: 1, name: 'Project Management' }],
    app_version_id: 7,
    app_version: { id: 7, version: '1.2.0' },
    draft_developer_notes: 'First listing.',
    subscription_required: false,
    connector_required: false,
    has_trials: true,
    pricing_description: 'Per project, per month.',
    region_ids: [10],
    country_ids: [101, 102],
    feature_bullets: ['Lift logs', 'Crane maps', 'Daily reports'],
    website_link: { label: 'Help centre', url: 'https://help.example.com' },
    support_email: 'support@example.com',
    contact_us_email: 'sales@example.com',
    small_logo_url: 'media:90',
    small_logo: buildMedia({ id: 90, type: 'Logo', original_filename: 'logo.png' }),
    pictures: [buildMedia({ id: 101 }), buildMedia({ id: 102 }), buildMedia({ id: 103 })],
    ...overrides,
  });
}

export function buildReferences(overrides: Partial<ListingReferences> = {}): ListingReferences {
  return {
    categories: [
      { id: 1, name: 'Project Management' },
      { id: 2, name: 'Safety' },
    ],
    regions: [
      {
        id: 10,
        name: 'Europe',
        countries: [
          { id: 101, iso_code: 'DE', name: 'Germany' },
          { id: 102, iso_code: 'ES', name: 'Spain' },
          { id: 103, iso_code: 'XX', name: 'Nowhere' },
          { id: 104, iso_code: 'FR', name: 'France' },
        ],
      },
      { id: 20, name: 'North America', countries: [{ id: 201, iso_code: 'US', name: 'United States' }] },
    ],
    productTools: [
      { id: 1, title: 'Documents' },
      { id: 2, title: 'RFIs' },
    ],
    securityStandards: [{ id: 1, standard_name: 'ISO 27001', variant: null }],
    versions: [{ id: 7, app_version_id: 7, semantic_version: '1.2.0' }],
    ...overrides,
  };
}
