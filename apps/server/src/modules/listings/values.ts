import type { ListingValues } from '@lintel/shared/listing';
import type { ListingMediaRow, SubmissionRow } from '../../db/schema';
import type { SubmissionChanges } from './repository';
import type { SubmissionChangesInput } from './service';

export const JSON_LIST_FIELDS = [
  'category_ids',
  'region_ids',
  'country_ids',
  'helpful_links',
  'feature_bullets',
  'product_tool_ids',
  'requirements',
] as const;
export const JSON_OBJECT_FIELDS = ['website_link', 'security_questionnaire'] as const;
export const PLAIN_FIELDS = [
  'public_name',
  'tagline',
  'built_by',
  'sold_by',
  'description',
  'about',
  'how_it_works',
  'app_version_id',
  'draft_developer_notes',
  'installable',
  'subscription_required',
  'connector_required',
  'has_trials',
  'pricing_url',
  'pricing_description',
  'support_email',
  'contact_us_email',
  'learn_how_url',
  'create_lead',
  'security_questionnaire_visible',
  'beta',
  'security_badge',
  'notes',
  'is_concierge_app',
] as const;
export const COPIED_FIELDS = [...PLAIN_FIELDS, 'made_by_platform', 'platform_certified_partner'] as const;

/** The content fields of a save, as columns (lists and objects as JSON text). */
export function contentOf(changes: SubmissionChangesInput): SubmissionChanges {
  const out: Record<string, unknown> = {};
  const given = changes as Record<string, unknown>;
  for (const field of PLAIN_FIELDS) {
    if (given[field] === undefined) continue;
    const value = given[field];
    // not-null booleans of the table: null means "off"
    if (
      [
        'installable',
        'create_lead',
        'security_questionnaire_visible',
        'beta',
        'security_badge',
        'is_concierge_app',
      ].includes(field)
    ) {
      out[field] = value === null ? field === 'installable' : value;
    } else out[field] = value === '' ? null : value;
  }
  for (const field of JSON_LIST_FIELDS) {
    if (given[field] === undefined) continue;
    let list = (given[field] as unknown[] | null) ?? [];
    if (field === 'helpful_links')
      list = list.filter(
        (link) => link && ((link as { url?: string }).url || (link as { label?: string }).label),
      );
    if (field === 'requirements') list = list.filter((item) => typeof item === 'string' && item !== '');
    if (field === 'feature_bullets') list = list.map((item) => item ?? '');
    out[field] = JSON.stringify(list);
  }
  for (const field of JSON_OBJECT_FIELDS) {
    if (given[field] === undefined) continue;
    out[field] = given[field] === null ? null : JSON.stringify(given[field]);
  }
  if (changes.admin_message !== undefined) out.admin_message = changes.admin_message;
  return out as SubmissionChanges;
}

/** The listing as the complete schema reads it: the row's fields and its media. */
export function valuesOf(row: SubmissionRow, media: readonly ListingMediaRow[]): ListingValues {
  const logo = media.find((m) => m.type === 'Logo');
  return {
    public_name: row.public_name,
    tagline: row.tagline,
    built_by: row.built_by,
    sold_by: row.sold_by,
    description: row.description,
    about: row.about,
    how_it_works: row.how_it_works,
    category_ids: row.category_ids,
    app_version_id: row.app_version_id,
    draft_developer_notes: row.draft_developer_notes,
    installable: row.installable,
    subscription_required: row.subscription_required,
    connector_required: row.connector_required,
    has_trials: row.has_trials,
    pricing_url: row.pricing_url,
    pricing_description: row.pricing_description,
    region_ids: row.region_ids,
    country_ids: row.country_ids,
    helpful_links: row.helpful_links,
    feature_bullets: row.feature_bullets,
    website_link: row.website_link,
    support_email: row.support_email,
    product_tool_ids: row.product_tool_ids,
    requirements: row.requirements,
    contact_us_email: row.contact_us_email,
    learn_how_url: row.learn_how_url,
    create_lead: row.create_lead,
    security_questionnaire_visible: row.security_questionnaire_visible,
    security_questionnaire: row.security_questionnaire as ListingValues['security_questionnaire'],
    small_logo_url: logo ? `media:${logo.id}` : null,
    pictures: media.filter((m) => m.type === 'Picture').map((m) => ({ id: m.id })),
    videos: media.filter((m) => m.type === 'Video').map((m) => ({ id: m.id })),
    showcase_video: media.some((m) => m.type === 'ShowcaseVideo') ? { id: 0 } : null,
  };
}
