import { z } from 'zod';
import { MAX_IMAGE_SIDE } from '../uploads';

/** The listing's review state (spec 3 §4): draft → in_review → published; a rejection returns to draft. */
export const listingState = z.enum(['draft', 'in_review', 'published']);
export type ListingState = z.infer<typeof listingState>;

/** The reviewers' verdict (spec 3 §4); unreviewed until an admin approves or rejects. */
export const approvalState = z.enum(['unreviewed', 'approved', 'rejected']);
export type ApprovalState = z.infer<typeof approvalState>;

/** The kinds of file a listing holds (spec 3 §3 "File attachment types"). */
export const mediaType = z.enum(['Picture', 'Video', 'Logo', 'Document', 'ShowcaseVideo']);
export type MediaType = z.infer<typeof mediaType>;

/** Every tab of the listing form (spec 3 §2; the longer reading). */
export const LISTING_TABS = [
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
] as const;
export type ListingTab = (typeof LISTING_TABS)[number];

/**
 * The default tab set (spec 3 §2): App Information, Media Content, Pricing and Availability, Support,
 * Features, Contact, Security and Compliance. Links, Tools and Requirements exist but are not shown.
 */
export const DEFAULT_LISTING_TABS: readonly ListingTab[] = [
  'app',
  'media',
  'pricing',
  'support',
  'features',
  'contact',
  'security',
];

/**
 * Length limits of spec 3 §5/§9. Where the spec gives two readings, the validation limit rules (tagline
 * 100, not the help text's 40). Feature bullets have no validation limit in §5; the help text's longer
 * reading (200, the vendor's current edition) is enforced. The other caps only keep storage sane.
 */
export const LISTING_LIMITS = {
  publicName: 50,
  tagline: 100,
  description: 2000,
  howItWorks: 500,
  about: 2000,
  builtBy: 120,
  soldBy: 120,
  draftDeveloperNotes: 2000,
  notes: 5000,
  pricingDescription: 2000,
  featureBullet: 200,
  featureSlots: 3,
  helpfulLinks: 3,
  linkLabel: 100,
  url: 2000,
  requirements: 3,
  requirement: 200,
  categoriesMin: 1,
  categoriesMax: 3,
  picturesMin: 3,
  mediaDescription: 500,
  adminMessage: 10000,
  shortText: 200,
  longText: 2000,
  rejectionReasonText: 2000,
} as const;

/** Help texts the form shows beside length-limited fields: the values that validation enforces. */
export const LISTING_HELP_LIMITS = {
  tagline: LISTING_LIMITS.tagline,
  featureBullet: LISTING_LIMITS.featureBullet,
} as const;

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;

const MB = 1024 * 1024;

/**
 * What each kind of file may be (spec 3 §2, §5; reference "Logo", "Screenshots", "Video"). The server
 * recognises the type from the bytes and reads the dimensions from the content; the drop zones show
 * the same rules.
 */
export const LISTING_MEDIA = {
  logo: {
    types: IMAGE_TYPES,
    maxBytes: 2 * MB,
    /** Square and larger than this on each side. */
    minSide: 200,
    rule: 'must be a square JPEG or PNG image larger than 200×200 pixels',
  },
  picture: {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    minWidth: 720,
    minHeight: 480,
    maxWidth: 1920,
    maxHeight: 1080,
    /** Width over height, 4:3 to 16:9. */
    minAspect: 4 / 3,
    maxAspect: 16 / 9,
    minCount: 3,
    maxCount: 10,
    rule: 'must be a JPEG or PNG image from 720×480 to 1920×1080 pixels with an aspect ratio between 4:3 and 16:9',
  },
  video: {
    types: VIDEO_TYPES,
    maxBytes: 512 * MB,
    /** The shorter side in pixels: 720p. */
    minShortSide: 720,
    maxCount: 3,
    rule: 'must be an MP4 or MOV video of at least 720p',
  },
  showcaseVideo: {
    types: VIDEO_TYPES,
    maxBytes: 512 * MB,
    minShortSide: 720,
    rule: 'must be an MP4 or MOV video of at least 720p',
  },
  document: {
    types: DOCUMENT_TYPES,
    maxBytes: 20 * MB,
    rule: 'must be a PDF document',
  },
} as const;

export interface Dimensions {
  width: number;
  height: number;
}

/** Whether an image may be the listing logo: square, each side larger than 200 px and at most MAX_IMAGE_SIDE. */
export function isLogoSize({ width, height }: Dimensions): boolean {
  return width === height && width > LISTING_MEDIA.logo.minSide && width <= MAX_IMAGE_SIDE;
}

/** Whether an image may be a screenshot: 720×480 to 1920×1080, aspect 4:3 to 16:9 (with rounding slack). */
export function isPictureSize({ width, height }: Dimensions): boolean {
  const rule = LISTING_MEDIA.picture;
  if (width < rule.minWidth || height < rule.minHeight) return false;
  if (width > rule.maxWidth || height > rule.maxHeight) return false;
  const aspect = width / height;
  const slack = 0.01;
  return aspect >= rule.minAspect - slack && aspect <= rule.maxAspect + slack;
}

/** Whether a video track is at least 720p (its shorter side, so portrait 720×1280 counts too). */
export function isVideoSize({ width, height }: Dimensions): boolean {
  return Math.min(width, height) >= LISTING_MEDIA.video.minShortSide;
}

/** SSO providers offered in the questionnaire (spec 3 §3 sso_providers: an array of names). */
export const SSO_PROVIDERS = [
  'Okta',
  'Microsoft Entra ID',
  'Google Workspace',
  'OneLogin',
  'Ping Identity',
  'Auth0',
] as const;

/**
 * Structured rejection reasons (issue 10 "Beyond the reference portals"), drawn from the reviewers'
 * public criteria (reference marketplace-listing.md), each with the tab it concerns.
 */
export const REJECTION_REASONS = [
  { code: 'name_rules', tab: 'app' },
  { code: 'placeholder_text', tab: 'app' },
  { code: 'not_final_version', tab: 'app' },
  { code: 'single_customer', tab: 'app' },
  { code: 'low_quality_experience', tab: 'app' },
  { code: 'screenshots_not_app', tab: 'media' },
  { code: 'video_minimums', tab: 'media' },
  { code: 'logo_rules', tab: 'media' },
  { code: 'support_site_incomplete', tab: 'support' },
  { code: 'missing_privacy_policy', tab: 'support' },
  { code: 'pricing_unclear', tab: 'pricing' },
  { code: 'contact_outdated', tab: 'contact' },
  { code: 'security_answers_incomplete', tab: 'security' },
  { code: 'missing_post_install_notes', tab: 'app' },
  { code: 'private_api_use', tab: 'app' },
] as const satisfies readonly { code: string; tab: ListingTab }[];
export type RejectionReasonCode = (typeof REJECTION_REASONS)[number]['code'];
export const REJECTION_REASON_CODES = REJECTION_REASONS.map((reason) => reason.code) as [
  RejectionReasonCode,
  ...RejectionReasonCode[],
];

/** Reference data (spec 3 §3): a category, a region with its countries, a product tool, a security standard. */
export const categoryResponse = z.object({ id: z.number().int(), name: z.string() });
export const countryResponse = z.object({ id: z.number().int(), iso_code: z.string(), name: z.string() });
export const regionResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  countries: z.array(countryResponse),
});
export const productToolResponse = z.object({ id: z.number().int(), title: z.string() });
export const securityStandardResponse = z.object({
  id: z.number().int(),
  standard_name: z.string(),
  variant: z.string().nullable(),
});
export type Category = z.infer<typeof categoryResponse>;
export type Country = z.infer<typeof countryResponse>;
export type Region = z.infer<typeof regionResponse>;
export type ProductTool = z.infer<typeof productToolResponse>;
export type SecurityStandard = z.infer<typeof securityStandardResponse>;
