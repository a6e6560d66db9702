import { z } from 'zod';
import { MAX_ID } from '../query';
import { uploadedFile } from '../uploads';
import {
  approvalState,
  categoryResponse,
  countryResponse,
  LISTING_LIMITS,
  LISTING_MEDIA,
  listingState,
  mediaType,
  productToolResponse,
  REJECTION_REASON_CODES,
  regionResponse,
} from './model';
import { adminDraftListingShape, draftListingShape } from './schemas';

const recordId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, { message: `must be at most ${MAX_ID}` });
const description = z
  .string()
  .trim()
  .max(LISTING_LIMITS.mediaDescription, {
    message: `must be at most ${LISTING_LIMITS.mediaDescription} characters`,
  });

/** A new file (`file`) or a stored one (`id`) of a list of media, with its description (spec 3 §7). */
export const mediaAttributes = z.strictObject({
  id: recordId.optional(),
  file: uploadedFile.optional(),
  description: description.nullish(),
});
export type MediaAttributes = z.input<typeof mediaAttributes>;

/** A structured rejection reason: a reviewer criterion and an optional note (issue 10). */
export const rejectionReason = z.strictObject({
  code: z.enum(REJECTION_REASON_CODES),
  note: z
    .string()
    .trim()
    .max(LISTING_LIMITS.rejectionReasonText, {
      message: `must be at most ${LISTING_LIMITS.rejectionReasonText} characters`,
    })
    .nullish(),
});
export type RejectionReason = z.infer<typeof rejectionReason>;

/**
 * Region or country id → ticked (spec 3 §3 "regions (map of region id to bool), countries (map of country
 * id to bool)"), as the form holds them; the save stores the ticked ids as `region_ids`/`country_ids`.
 */
const idMap = z
  .record(
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, { message: 'must be a record id' })
      .refine((key) => Number(key) <= MAX_ID, { message: `must be at most ${MAX_ID}` }),
    z.boolean(),
  )
  .refine((map) => Object.keys(map).length <= 500, { message: 'at most 500 items' });

const submissionFields = {
  ...draftListingShape,
  /** The availability as maps (spec 3 §3, §7), beside `region_ids`/`country_ids`; either form, one result. */
  regions: idMap.nullish(),
  countries: idMap.nullish(),
  remove_small_logo: z.boolean().nullish(),
  /** Multipart only: the logo (LISTING_MEDIA.logo). */
  small_logo: uploadedFile.optional(),
  pictures_attributes: z.array(mediaAttributes).max(LISTING_MEDIA.picture.maxCount).nullish(),
  videos_attributes: z.array(mediaAttributes).max(LISTING_MEDIA.video.maxCount).nullish(),
  /** Ids of stored media to delete (spec 3 §4). */
  remove_media_ids: z.array(recordId).max(100).nullish(),
};

/**
 * A developer's save (spec 3 §7): the listing fields, media attributes, and `state` to submit
 * (`in_review`) or withdraw (`draft`). JSON `{"submission": {…}}`, or multipart `submission[field]`.
 */
export const submissionRequest = z.strictObject({
  submission: z.strictObject({
    ...submissionFields,
    state: z.enum(['in_review', 'draft'], { message: 'must be in_review or draft' }).optional(),
  }),
});
export type SubmissionRequest = z.input<typeof submissionRequest>;

/**
 * An administrator's save (spec 3 §7): everything a developer sends but `state`, the admin-only fields,
 * and the verdict: `approval_state` approved (→ published) or rejected (→ draft) with an admin_message.
 */
export const adminSubmissionRequest = z.strictObject({
  submission: z.strictObject({
    ...submissionFields,
    ...adminDraftListingShape,
    showcase_video_attributes: z
      .strictObject({ file: uploadedFile.optional(), description: description.nullish() })
      .nullish(),
    security_questionnaire_document: z.strictObject({ file: uploadedFile.optional() }).nullish(),
    approval_state: z.enum(['approved', 'rejected'], { message: 'must be approved or rejected' }).optional(),
    admin_message: z
      .string()
      .max(LISTING_LIMITS.adminMessage, {
        message: `must be at most ${LISTING_LIMITS.adminMessage} characters`,
      })
      .nullish(),
    silent: z.boolean().nullish(),
    is_concierge_app: z.boolean().nullish(),
    rejection_reasons: z.array(rejectionReason).max(REJECTION_REASON_CODES.length).nullish(),
    /** With a verdict: a note for the other reviewers, kept in the decision history, never shown to developers. */
    reviewer_notes: z
      .string()
      .trim()
      .max(LISTING_LIMITS.adminMessage, {
        message: `must be at most ${LISTING_LIMITS.adminMessage} characters`,
      })
      .nullish(),
  }),
});
export type AdminSubmissionRequest = z.input<typeof adminSubmissionRequest>;

/**
 * One review decision on a submission of the app's listing (issue 20): who decided, when, what, with its
 * own message and reasons. The history of decisions is a list of these, newest first.
 */
export const listingDecisionResponse = z.object({
  id: z.number().int(),
  submission_id: z.number().int(),
  /** The listing version the decision answered (the submission's `version`). */
  submission_version: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  /** The admin message sent with this decision (sanitized HTML), or null. */
  message: z.string().nullable(),
  rejection_reasons: z.array(z.object({ code: z.enum(REJECTION_REASON_CODES), note: z.string().nullable() })),
  /** Approved and published silently. */
  silent: z.boolean(),
  /** The reviewer's name; null once their account is gone. */
  reviewer_name: z.string().nullable(),
  /** The reviewer's note to other reviewers: platform administrators only (null for everyone else). */
  reviewer_notes: z.string().nullable(),
  created_at: z.string(),
});
export type ListingDecision = z.infer<typeof listingDecisionResponse>;

/** One stored file of a listing (spec 3 §3): its id, kind, names and where to get it. */
export const listingMediaResponse = z.object({
  id: z.number().int(),
  /**
   * The upload this file comes from: its own id, or — for a copy made when a published listing got a new
   * draft — the original's. The diff against the published listing matches files by it.
   */
  origin_id: z.number().int(),
  type: mediaType,
  name: z.string(),
  original_filename: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  /** Videos: the external video host's URL (hashed_id), else null. */
  external_url: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ListingMedia = z.infer<typeof listingMediaResponse>;

const link = z.object({ label: z.string().nullable(), url: z.string().nullable() });

export const questionnaireResponse = z.object({
  company_legal_name: z.string().nullable(),
  company_headquarters: z.string().nullable(),
  headquarters_country_id: z.number().int().nullable(),
  headquarters_country: countryResponse.nullable(),
  data_processing_country_ids: z.array(z.number().int()),
  data_processing_countries: z.array(countryResponse),
  has_subprocessors: z.boolean().nullable(),
  subprocessors_details: z.string().nullable(),
  has_sensitive_data: z.boolean().nullable(),
  sensitive_data_handling_details: z.string().nullable(),
  has_security_contact: z.boolean().nullable(),
  security_email: z.string().nullable(),
  has_security_audits: z.boolean().nullable(),
  has_security_standards: z.boolean().nullable(),
  security_standard_ids: z.array(z.number().int()),
  security_standards: z.array(
    z.object({ id: z.number().int(), standard_name: z.string(), variant: z.string().nullable() }),
  ),
  other_security_standards: z.string().nullable(),
  has_penetration_testing: z.boolean().nullable(),
  can_notify_platform: z.boolean().nullable(),
  has_disclosure_program: z.boolean().nullable(),
  disclosure_program_url: z.string().nullable(),
  has_bug_bounty_program: z.boolean().nullable(),
  has_data_encryption_at_rest: z.boolean().nullable(),
  has_data_encryption_in_transit: z.boolean().nullable(),
  has_sso_support: z.boolean().nullable(),
  sso_providers: z.array(z.string()),
  other_sso_providers: z.string().nullable(),
  has_saml_support: z.boolean().nullable(),
  has_mfa_support: z.boolean().nullable(),
  has_fas_support: z.boolean().nullable(),
});
export type QuestionnaireResponse = z.infer<typeof questionnaireResponse>;

/** A saved submission with its media (spec 3 §3 "Marketplace app", "Submission"). */
export const submissionResponse = z.object({
  id: z.number().int(),
  developer_app_id: z.number().int(),
  state: listingState,
  approval_state: approvalState,
  admin_message: z.string().nullable(),
  rejection_reasons: z.array(z.object({ code: z.enum(REJECTION_REASON_CODES), note: z.string().nullable() })),
  version: z.number().int(),
  silent: z.boolean(),
  is_concierge_app: z.boolean(),
  has_published_app: z.boolean(),
  live: z.boolean(),
  public_name: z.string().nullable(),
  tagline: z.string().nullable(),
  built_by: z.string().nullable(),
  sold_by: z.string().nullable(),
  description: z.string().nullable(),
  about: z.string().nullable(),
  how_it_works: z.string().nullable(),
  category_ids: z.array(z.number().int()),
  categories: z.array(categoryResponse),
  app_version_id: z.number().int().nullable(),
  app_version: z.object({ id: z.number().int(), version: z.string() }).nullable(),
  draft_developer_notes: z.string().nullable(),
  installable: z.boolean(),
  beta: z.boolean(),
  security_badge: z.boolean(),
  /** Admin notes: platform administrators only (null for everyone else). */
  notes: z.string().nullable(),
  subscription_required: z.boolean().nullable(),
  connector_required: z.boolean().nullable(),
  has_trials: z.boolean().nullable(),
  costs_money: z.boolean().nullable(),
  pricing_url: z.string().nullable(),
  pricing_description: z.string().nullable(),
  region_ids: z.array(z.number().int()),
  regions: z.array(regionResponse),
  country_ids: z.array(z.number().int()),
  countries: z.array(countryResponse),
  helpful_links: z.array(link),
  feature_bullets: z.array(z.string()),
  website_link: link.nullable(),
  support_email: z.string().nullable(),
  product_tool_ids: z.array(z.number().int()),
  product_tools: z.array(productToolResponse),
  requirements: z.array(z.string()),
  contact_us_email: z.string().nullable(),
  learn_how_url: z.string().nullable(),
  create_lead: z.boolean(),
  made_by_platform: z.boolean(),
  platform_certified_partner: z.boolean(),
  security_questionnaire_visible: z.boolean(),
  security_questionnaire: questionnaireResponse.nullable(),
  small_logo_url: z.string().nullable(),
  small_logo: listingMediaResponse.nullable(),
  pictures: z.array(listingMediaResponse),
  videos: z.array(listingMediaResponse),
  showcase_video: listingMediaResponse.nullable(),
  security_questionnaire_document: listingMediaResponse.nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Submission = z.infer<typeof submissionResponse>;
