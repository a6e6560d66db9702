import type { DetailParams, ErrorDetail } from '../errors';

/**
 * The translation table of spec 3 §5, by key (`listing.validation.<key>` in the web's `listing`
 * namespace). The schemas write these English texts as their messages, so the API speaks them too.
 */
export const LISTING_MESSAGES = {
  required: 'This field is required',
  email: 'This email is invalid',
  url: 'This URL is invalid',
  maxLength: 'Character limit exceeded (max {{max}})',
  minItems: 'At least {{count}} items are required',
  maxItems: 'At most {{count}} items are allowed',
  maxCategories: 'Max number of categories exceeded',
  regionOrCountry: 'You must select a region or country where your app is available',
  fileType: 'Invalid file type',
  notValid: 'Please correct the errors below before submitting for review',
  invalid: 'This value is invalid',
  logoRule: '{{name}} must be a square JPEG or PNG image larger than 200×200 pixels',
  pictureRule:
    '{{name}} must be a JPEG or PNG image from 720×480 to 1920×1080 pixels with an aspect ratio between 4:3 and 16:9',
  videoRule: '{{name}} must be an MP4 or MOV video of at least 720p',
  createLeadEmployeesOnly: 'Only platform employees can choose to create a direct lead',
  versionNotNewer: 'Choose a promoted app version newer than the published one ({{version}})',
  promoteNewerVersion:
    'No promoted app version is newer than the published one ({{version}}): promote a newer app version, then choose it here',
  versionNotPromoted: "Choose one of this app's promoted versions",
} as const;
export type ListingMessageKey = keyof typeof LISTING_MESSAGES;

/** The English text of a key with its values filled in (`maxLength`, {max: 50} → "… (max 50)"). */
export function listingMessage(key: ListingMessageKey, values: Record<string, string | number> = {}): string {
  return LISTING_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Which translation a field problem shows (client-side zod issue turned detail, or a server 422 detail),
 * from its code and its path: `{key: 'maxLength', values: {max: 100}}` →
 * `t('listing.validation.maxLength', values)`. The media rules name the file (`values.name`).
 */
export function listingMessageFor(detail: Pick<ErrorDetail, 'code' | 'path'> & { params?: DetailParams }): {
  key: ListingMessageKey;
  values: Record<string, string | number>;
} {
  const params = detail.params ?? {};
  const path = detail.path;
  const name = params.name ?? '';
  if (path.endsWith('region_or_country')) return { key: 'regionOrCountry', values: {} };
  if (/(^|\.)create_lead$/.test(path) && detail.code === 'invalid_choice')
    return { key: 'createLeadEmployeesOnly', values: {} };
  if (/(^|\.)app_version_id$/.test(path) && detail.code === 'invalid_choice') {
    const version = params.version ?? '';
    if (params.reason === 'not_newer') return { key: 'versionNotNewer', values: { version } };
    if (params.reason === 'no_newer_version') return { key: 'promoteNewerVersion', values: { version } };
    return { key: 'versionNotPromoted', values: {} };
  }
  if (/(^|\.)(small_logo)$/.test(path) && detail.code === 'image_size')
    return { key: 'logoRule', values: { name } };
  if (path.includes('pictures_attributes') && detail.code === 'invalid' && name !== '')
    return { key: 'pictureRule', values: { name } };
  if (/(videos_attributes|showcase_video_attributes)/.test(path) && detail.code === 'invalid' && name !== '')
    return { key: 'videoRule', values: { name } };
  switch (detail.code) {
    case 'required':
      return { key: 'required', values: {} };
    case 'invalid_email':
      return { key: 'email', values: {} };
    case 'invalid_url':
      return { key: 'url', values: {} };
    case 'too_long':
      return { key: 'maxLength', values: { max: params.max ?? '' } };
    case 'too_few':
      return { key: 'minItems', values: { count: params.min ?? '' } };
    case 'too_many':
      return path.endsWith('category_ids')
        ? { key: 'maxCategories', values: {} }
        : { key: 'maxItems', values: { count: params.max ?? '' } };
    case 'file_type':
      return { key: 'fileType', values: {} };
    default:
      return { key: 'invalid', values: {} };
  }
}
