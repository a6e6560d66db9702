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
} as const;
export type ListingMessageKey = keyof typeof LISTING_MESSAGES;

/** The English text of a key with its values filled in (`maxLength`, {max: 50} → "… (max 50)"). */
export function listingMessage(key: ListingMessageKey, values: Record<string, string | number> = {}): string {
  return LISTING_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * Which translation a field problem shows (client-side zod issue turned detail, or a server 422 detail):
 * `{key: 'maxLength', values: {max: 100}}` → `t('listing.validation.maxLength', values)`.
 */
export function listingMessageFor(detail: Pick<ErrorDetail, 'code' | 'path'> & { params?: DetailParams }): {
  key: ListingMessageKey;
  values: Record<string, string | number>;
} {
  const params = detail.params ?? {};
  switch (detail.code) {
    case 'required':
    case 'contact_or_learn_how':
      return { key: 'required', values: {} };
    case 'invalid_email':
      return { key: 'email', values: {} };
    case 'invalid_url':
      return { key: 'url', values: {} };
    case 'too_long':
      return { key: 'maxLength', values: { max: params.max ?? '' } };
    case 'too_few':
      return { key: 'minItems', values: { count: params.min ?? '' } };
    case 'max_categories':
      return { key: 'maxCategories', values: {} };
    case 'too_many':
      return detail.path.endsWith('category_ids')
        ? { key: 'maxCategories', values: {} }
        : { key: 'maxItems', values: { count: params.max ?? '' } };
    case 'region_or_country':
      return { key: 'regionOrCountry', values: {} };
    case 'file_type':
      return { key: 'fileType', values: {} };
    default:
      return { key: 'invalid', values: {} };
  }
}
