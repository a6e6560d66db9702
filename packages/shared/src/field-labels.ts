/**
 * The names people read for the fields an error detail's path names (`developer_app.thumbnail` is the
 * Thumbnail, `pictures_attributes.0.file` Picture 1), in English: the server's `errors` texts use them,
 * and the web translates the same keys (`fields.<key>` in locales/<language>/fields.json; a web test holds
 * the English file to this table). One mapping from paths to labels for every error message.
 */
export const FIELD_LABELS = {
  name: 'Name',
  internalName: 'Internal name',
  thumbnail: 'Thumbnail',
  redirectUri: 'Redirect URIs',
  email: 'E-mail',
  ownerEmail: 'Owner e-mail',
  password: 'Password',
  currentPassword: 'Current password',
  companyName: 'Company name',
  title: 'Title',
  summary: 'Summary',
  body: 'Body',
  showAfter: 'Show after',
  version: 'Version',
  releaseNotes: 'Release notes',
  content: 'Manifest',
  state: 'Status',
  categories: 'Categories',
  regions: 'Regions',
  countries: 'Countries',
  appVersion: 'App version',
  publicName: 'Public name',
  tagline: 'Tagline',
  description: 'Description',
  supportEmail: 'Support e-mail',
  websiteUrl: 'Support website URL',
  websiteLabel: 'Support website label',
  pricingUrl: 'Pricing URL',
  pricingDescription: 'Pricing description',
  featureBullet: 'Feature {{number}}',
  helpfulLinkUrl: 'Helpful link {{number}} URL',
  helpfulLinkLabel: 'Helpful link {{number}} label',
  logo: 'Logo',
  pictures: 'Pictures',
  picture: 'Picture {{number}}',
  pictureDescription: 'Picture {{number}} description',
  videos: 'Videos',
  video: 'Video {{number}}',
  showcaseVideo: 'Showcase video',
  securityDocument: 'Security questionnaire document',
  contactEmail: 'Contact e-mail',
  learnHowUrl: 'Learn-how URL',
  createLead: 'Create leads',
  clientId: 'Client ID',
  domain: 'Domain',
  bucketTemplates: 'Templates',
  templateName: 'Template {{number}} name',
  templateFillType: 'Template {{number}} fill type',
  templateInterval: 'Template {{number}} interval (ms)',
  templateLimit: 'Template {{number}} limit',
  collaborators: 'Collaborators',
  role: 'Role',
  file: 'File',
} as const;

export type FieldLabelKey = keyof typeof FIELD_LABELS;

/** A field's label: its key and, for an item of a list, the item's number (from 1). */
export interface FieldLabel {
  key: FieldLabelKey;
  number?: number;
}

/**
 * The objects a request wraps its fields in (`{developer_app: {…}}`, `{data: {…}}`): left out of the
 * label, so `developer_app.name` is the Name.
 */
const WRAPPERS = new Set([
  'developer_app',
  'data',
  'marketplace_app',
  'notification',
  'developer',
  'sandbox',
  'app_version',
  'app_version_promotion',
  'manifest',
  'user',
  'collaborator',
  'invitation',
  'installation',
  'submission',
  'body',
]);

/** Paths (wrapper left out, list items as `#`) and their labels; the first match wins. */
const BY_PATH: Record<string, FieldLabelKey> = {
  name: 'name',
  internal_name: 'internalName',
  thumbnail: 'thumbnail',
  redirect_uri: 'redirectUri',
  email: 'email',
  'owner.email': 'ownerEmail',
  password: 'password',
  current_password: 'currentPassword',
  company_name: 'companyName',
  title: 'title',
  summary: 'summary',
  body: 'body',
  show_after: 'showAfter',
  semantic_version: 'version',
  changelog: 'releaseNotes',
  content: 'content',
  state: 'state',
  category_ids: 'categories',
  categories: 'categories',
  region_ids: 'regions',
  regions: 'regions',
  country_ids: 'countries',
  countries: 'countries',
  region_or_country: 'regions',
  app_version_id: 'appVersion',
  public_name: 'publicName',
  tagline: 'tagline',
  description: 'description',
  support_email: 'supportEmail',
  'website_link.url': 'websiteUrl',
  'website_link.label': 'websiteLabel',
  pricing_url: 'pricingUrl',
  pricing_description: 'pricingDescription',
  'feature_bullets.#': 'featureBullet',
  'helpful_links.#.url': 'helpfulLinkUrl',
  'helpful_links.#.label': 'helpfulLinkLabel',
  logo: 'logo',
  small_logo: 'logo',
  pictures_attributes: 'pictures',
  'pictures_attributes.#': 'picture',
  'pictures_attributes.#.file': 'picture',
  'pictures_attributes.#.description': 'pictureDescription',
  pictures: 'pictures',
  'pictures.#': 'picture',
  'pictures.#.file': 'picture',
  'pictures.#.description': 'pictureDescription',
  videos_attributes: 'videos',
  'videos_attributes.#': 'video',
  'videos_attributes.#.file': 'video',
  videos: 'videos',
  'videos.#': 'video',
  showcase_video: 'showcaseVideo',
  security_questionnaire_document: 'securityDocument',
  contact_us_email: 'contactEmail',
  learn_how_url: 'learnHowUrl',
  create_lead: 'createLead',
  client_id: 'clientId',
  domain: 'domain',
  bucket_templates: 'bucketTemplates',
  'bucket_templates.#.name': 'templateName',
  'bucket_templates.#.fill_type': 'templateFillType',
  'bucket_templates.#.interval_ms': 'templateInterval',
  'bucket_templates.#.limit': 'templateLimit',
  collaborators: 'collaborators',
  role: 'role',
  file: 'file',
};

/** Splits `pictures_attributes[0][file]` and `pictures_attributes.0.file` alike. */
function segmentsOf(path: string): string[] {
  return path
    .replace(/\[(\w*)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '');
}

/** The label of the field a detail's path names, or undefined for a path the table does not know. */
export function fieldLabelOf(path: string): FieldLabel | undefined {
  let segments = segmentsOf(path);
  if (segments.length > 1 && WRAPPERS.has(segments[0] as string)) segments = segments.slice(1);
  let number: number | undefined;
  const pattern = segments
    .map((segment) => {
      if (!/^\d+$/.test(segment)) return segment;
      number ??= Number(segment) + 1;
      return '#';
    })
    .join('.');
  // Own keys only: a path such as `constructor` must not find Object.prototype's.
  if (!Object.hasOwn(BY_PATH, pattern)) return undefined;
  const key = BY_PATH[pattern] as FieldLabelKey;
  return number === undefined ? { key } : { key, number };
}

/** The English label of a path: the table's, else its last word made readable ("Internal name"). */
export function englishFieldLabel(path: string): string {
  const label = fieldLabelOf(path);
  if (label) return FIELD_LABELS[label.key].replace('{{number}}', String(label.number ?? ''));
  const last = segmentsOf(path)
    .filter((segment) => !/^\d+$/.test(segment))
    .at(-1);
  if (!last) return 'Request';
  const words = last.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
