import type { MarketplaceAppSummary } from '@lintel/shared';
import type {
  ListingDecision,
  ListingMedia,
  QuestionnaireResponse,
  RejectionReason,
  Submission,
} from '@lintel/shared/listing';
import type { ListingMediaRow, SubmissionRow } from '../../db/schema';
import type { DecisionRow, ReferenceData } from './repository';
import type { SubmissionView } from './service';

/** Where a stored file of a submission is downloaded. */
export function mediaUrl(row: Pick<ListingMediaRow, 'id' | 'submission_id'>): string {
  return `/api/v1/submissions/${row.submission_id}/media/${row.id}`;
}

function presentMedia(row: ListingMediaRow, view: Pick<SubmissionView, 'videoHost'>): ListingMedia {
  return {
    id: row.id,
    origin_id: row.copied_from_id ?? row.id,
    type: row.type,
    name: row.name,
    original_filename: row.original_filename,
    description: row.description,
    url: mediaUrl(row),
    external_url: row.hashed_id ? view.videoHost.externalUrl(row.hashed_id) : null,
    content_type: row.content_type,
    size: Number(row.size),
    width: row.width,
    height: row.height,
  };
}

const pick = <T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] =>
  ids.flatMap((id) => items.filter((item) => item.id === id));

const country = (reference: ReferenceData, id: number) => {
  const found = reference.countries.find((c) => c.id === id);
  return found ? { id: found.id, iso_code: found.iso_code, name: found.name } : null;
};

function presentQuestionnaire(
  raw: Record<string, unknown> | null,
  reference: ReferenceData,
): QuestionnaireResponse | null {
  if (!raw) return null;
  const text = (key: string) =>
    typeof raw[key] === 'string' && raw[key] !== '' ? (raw[key] as string) : null;
  const bool = (key: string) => (typeof raw[key] === 'boolean' ? (raw[key] as boolean) : null);
  const ids = (key: string) => (Array.isArray(raw[key]) ? (raw[key] as number[]) : []);
  const hq = typeof raw.headquarters_country_id === 'number' ? raw.headquarters_country_id : null;
  const processing = ids('data_processing_country_ids');
  const standards = ids('security_standard_ids');
  return {
    company_legal_name: text('company_legal_name'),
    company_headquarters: text('company_headquarters'),
    headquarters_country_id: hq,
    headquarters_country: hq === null ? null : country(reference, hq),
    data_processing_country_ids: processing,
    data_processing_countries: processing.flatMap((id) => country(reference, id) ?? []),
    has_subprocessors: bool('has_subprocessors'),
    subprocessors_details: text('subprocessors_details'),
    has_sensitive_data: bool('has_sensitive_data'),
    sensitive_data_handling_details: text('sensitive_data_handling_details'),
    has_security_contact: bool('has_security_contact'),
    security_email: text('security_email'),
    has_security_audits: bool('has_security_audits'),
    has_security_standards: bool('has_security_standards'),
    security_standard_ids: standards,
    security_standards: pick(reference.securityStandards, standards),
    other_security_standards: text('other_security_standards'),
    has_penetration_testing: bool('has_penetration_testing'),
    can_notify_platform: bool('can_notify_platform'),
    has_disclosure_program: bool('has_disclosure_program'),
    disclosure_program_url: text('disclosure_program_url'),
    has_bug_bounty_program: bool('has_bug_bounty_program'),
    has_data_encryption_at_rest: bool('has_data_encryption_at_rest'),
    has_data_encryption_in_transit: bool('has_data_encryption_in_transit'),
    has_sso_support: bool('has_sso_support'),
    sso_providers: Array.isArray(raw.sso_providers) ? (raw.sso_providers as string[]) : [],
    other_sso_providers: text('other_sso_providers'),
    has_saml_support: bool('has_saml_support'),
    has_mfa_support: bool('has_mfa_support'),
    has_fas_support: bool('has_fas_support'),
  };
}

/** A saved submission with its media (spec 3 §3); admin notes only for platform administrators. */
export function presentSubmission(view: SubmissionView): Submission {
  const { row, media, reference } = view;
  const of = (type: ListingMediaRow['type']) =>
    media.filter((m) => m.type === type).map((m) => presentMedia(m, view));
  const logo = of('Logo')[0] ?? null;
  const regions = pick(reference.regions, row.region_ids);
  return {
    id: row.id,
    developer_app_id: row.developer_app_id,
    state: row.state,
    approval_state: row.approval_state,
    admin_message: row.admin_message,
    rejection_reasons: row.rejection_reasons as RejectionReason[] as Submission['rejection_reasons'],
    version: row.version,
    silent: row.silent,
    is_concierge_app: row.is_concierge_app,
    has_published_app: view.hasPublished,
    live: row.live,
    public_name: row.public_name,
    tagline: row.tagline,
    built_by: row.built_by,
    sold_by: row.sold_by,
    description: row.description,
    about: row.about,
    how_it_works: row.how_it_works,
    category_ids: row.category_ids,
    categories: pick(reference.categories, row.category_ids),
    app_version_id: row.app_version_id,
    app_version: view.appVersion,
    draft_developer_notes: row.draft_developer_notes,
    installable: row.installable,
    beta: row.beta,
    security_badge: row.security_badge,
    notes: view.forAdmin ? row.notes : null,
    subscription_required: row.subscription_required,
    connector_required: row.connector_required,
    has_trials: row.has_trials,
    costs_money: row.subscription_required,
    pricing_url: row.pricing_url,
    pricing_description: row.pricing_description,
    region_ids: row.region_ids,
    regions,
    country_ids: row.country_ids,
    countries: row.country_ids.flatMap((id) => country(reference, id) ?? []),
    helpful_links: row.helpful_links.map((link) => ({ label: link.label ?? null, url: link.url ?? null })),
    feature_bullets: row.feature_bullets,
    website_link: row.website_link
      ? { label: row.website_link.label ?? null, url: row.website_link.url ?? null }
      : null,
    support_email: row.support_email,
    product_tool_ids: row.product_tool_ids,
    product_tools: pick(reference.productTools, row.product_tool_ids),
    requirements: row.requirements,
    contact_us_email: row.contact_us_email,
    learn_how_url: row.learn_how_url,
    create_lead: row.create_lead,
    made_by_platform: row.made_by_platform,
    platform_certified_partner: row.platform_certified_partner,
    security_questionnaire_visible: row.security_questionnaire_visible,
    security_questionnaire: presentQuestionnaire(row.security_questionnaire, reference),
    small_logo_url: logo?.url ?? null,
    small_logo: logo,
    pictures: of('Picture'),
    videos: of('Video'),
    showcase_video: of('ShowcaseVideo')[0] ?? null,
    security_questionnaire_document: of('Document')[0] ?? null,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A submission as the app page names it (last_marketplace_app, published_app, unpublished_app). */
export function presentSummary(row: SubmissionRow | undefined): MarketplaceAppSummary | null {
  return row
    ? {
        id: row.id,
        state: row.state,
        approval_state: row.approval_state,
        admin_message: row.admin_message,
        version: row.version,
      }
    : null;
}

/** A review decision of the history; the reviewer's notes only for platform administrators. */
export function presentDecision(row: DecisionRow, forAdmin: boolean): ListingDecision {
  return {
    id: row.id,
    submission_id: row.submission_id,
    submission_version: row.submission_version,
    decision: row.decision,
    message: row.message,
    rejection_reasons: row.rejection_reasons as RejectionReason[] as ListingDecision['rejection_reasons'],
    silent: row.silent,
    reviewer_name: row.reviewer_name,
    reviewer_notes: forAdmin ? row.reviewer_notes : null,
    created_at: row.created_at.toISOString(),
  };
}
