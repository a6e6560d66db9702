import {
  type ListingMedia,
  type ListingTab,
  type ListingValues,
  QUESTIONNAIRE_QUESTIONS,
  type QuestionnaireQuestion,
  type Submission,
  tabOfPath,
} from '@lintel/shared/listing';
import type { CallInput } from '../../api/client';

/** A file of a media list: a stored one (id, url) or one just uploaded and answered by the server. */
export type FormMedia = Pick<ListingMedia, 'id' | 'type' | 'name' | 'original_filename' | 'url'> & {
  description: string;
  external_url?: string | null;
  /** The upload a stored file comes from (the diff against the published listing matches by it). */
  origin_id?: number;
};

export interface QuestionnaireValues extends Partial<Record<QuestionnaireQuestion, boolean | null>> {
  company_legal_name: string;
  company_headquarters: string;
  headquarters_country_id: number | null;
  data_processing_country_ids: number[];
  subprocessors_details: string;
  sensitive_data_handling_details: string;
  security_email: string;
  security_standard_ids: number[];
  other_security_standards: string;
  disclosure_program_url: string;
  sso_providers: string[];
  other_sso_providers: string;
}

/** The listing as the form edits it (spec 3 §3 "Form shape by tab"): maps for regions, countries, tools. */
export interface ListingFormValues {
  public_name: string;
  tagline: string;
  built_by: string;
  sold_by: string;
  description: string;
  about: string;
  how_it_works: string;
  category_ids: number[];
  app_version_id: number | null;
  draft_developer_notes: string;
  installable: boolean;
  beta: boolean;
  security_badge: boolean;
  notes: string;
  subscription_required: boolean | null;
  connector_required: boolean | null;
  has_trials: boolean | null;
  pricing_url: string;
  pricing_description: string;
  regions: Record<number, boolean>;
  countries: Record<number, boolean>;
  helpful_links: { label: string; url: string }[];
  feature_bullets: string[];
  website_link: { label: string; url: string };
  support_email: string;
  product_tools: Record<number, boolean>;
  requirements: string[];
  contact_us_email: string;
  learn_how_url: string;
  create_lead: boolean;
  security_questionnaire_visible: boolean;
  security_questionnaire: QuestionnaireValues;
  small_logo: FormMedia | null;
  small_logo_url: string;
  remove_small_logo: boolean;
  pictures: FormMedia[];
  videos: FormMedia[];
  showcase_video: FormMedia | null;
  security_questionnaire_document: FormMedia | null;
  /** Stored files the user deleted: removed on the next save (spec 3 §4). */
  remove_media_ids: number[];
}

const mapOf = (ids: readonly number[] | null | undefined): Record<number, boolean> =>
  Object.fromEntries((ids ?? []).map((id) => [id, true]));
const idsOf = (map: Record<number, boolean>): number[] =>
  Object.entries(map)
    .filter(([, on]) => on)
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
const media = (item: ListingMedia): FormMedia => ({
  id: item.id,
  origin_id: item.origin_id,
  type: item.type,
  name: item.name,
  original_filename: item.original_filename,
  url: item.url,
  description: item.description ?? '',
  external_url: item.external_url,
});
/** A list with at least one row (links and requirements always show one, spec 3 §5). */
const atLeastOne = <T>(items: T[], empty: T): T[] => (items.length > 0 ? items : [empty]);

function questionnaireOf(submission: Submission | null): QuestionnaireValues {
  const q = submission?.security_questionnaire;
  const answers = Object.fromEntries(QUESTIONNAIRE_QUESTIONS.map((key) => [key, q?.[key] ?? null]));
  return {
    ...answers,
    company_legal_name: q?.company_legal_name ?? '',
    company_headquarters: q?.company_headquarters ?? '',
    headquarters_country_id: q?.headquarters_country_id ?? null,
    data_processing_country_ids: q?.data_processing_country_ids ?? [],
    subprocessors_details: q?.subprocessors_details ?? '',
    sensitive_data_handling_details: q?.sensitive_data_handling_details ?? '',
    security_email: q?.security_email ?? '',
    security_standard_ids: q?.security_standard_ids ?? [],
    other_security_standards: q?.other_security_standards ?? '',
    disclosure_program_url: q?.disclosure_program_url ?? '',
    sso_providers: q?.sso_providers ?? [],
    other_sso_providers: q?.other_sso_providers ?? '',
  };
}

/** The form's values of a saved submission (or of a new, empty listing). */
export function formValuesOf(submission: Submission | null): ListingFormValues {
  const s = submission;
  const bullets = s?.feature_bullets ?? [];
  return {
    public_name: s?.public_name ?? '',
    tagline: s?.tagline ?? '',
    built_by: s?.built_by ?? '',
    sold_by: s?.sold_by ?? '',
    description: s?.description ?? '',
    about: s?.about ?? '',
    how_it_works: s?.how_it_works ?? '',
    category_ids: s?.category_ids ?? [],
    app_version_id: s?.app_version_id ?? null,
    draft_developer_notes: s?.draft_developer_notes ?? '',
    installable: s?.installable ?? true,
    beta: s?.beta ?? false,
    security_badge: s?.security_badge ?? false,
    notes: s?.notes ?? '',
    subscription_required: s?.subscription_required ?? null,
    connector_required: s?.connector_required ?? null,
    has_trials: s?.has_trials ?? null,
    pricing_url: s?.pricing_url ?? '',
    pricing_description: s?.pricing_description ?? '',
    regions: mapOf(s?.region_ids),
    countries: mapOf(s?.country_ids),
    helpful_links: atLeastOne(
      (s?.helpful_links ?? []).map((link) => ({ label: link.label ?? '', url: link.url ?? '' })),
      { label: '', url: '' },
    ),
    feature_bullets: [0, 1, 2].map((index) => bullets[index] ?? ''),
    website_link: { label: s?.website_link?.label ?? '', url: s?.website_link?.url ?? '' },
    support_email: s?.support_email ?? '',
    product_tools: mapOf(s?.product_tool_ids),
    requirements: atLeastOne([...(s?.requirements ?? [])], ''),
    contact_us_email: s?.contact_us_email ?? '',
    learn_how_url: s?.learn_how_url ?? '',
    create_lead: s?.create_lead ?? false,
    security_questionnaire_visible: s?.security_questionnaire_visible ?? false,
    security_questionnaire: questionnaireOf(s),
    small_logo: s?.small_logo ? media(s.small_logo) : null,
    small_logo_url: s?.small_logo_url ?? '',
    remove_small_logo: false,
    pictures: (s?.pictures ?? []).map(media),
    videos: (s?.videos ?? []).map(media),
    showcase_video: s?.showcase_video ? media(s.showcase_video) : null,
    security_questionnaire_document: s?.security_questionnaire_document
      ? media(s.security_questionnaire_document)
      : null,
    remove_media_ids: [],
  };
}

/** The media of a saved submission, for merging an upload's answer into a form being edited. */
export function mediaValuesOf(
  submission: Submission,
): Pick<
  ListingFormValues,
  | 'small_logo'
  | 'small_logo_url'
  | 'pictures'
  | 'videos'
  | 'showcase_video'
  | 'security_questionnaire_document'
> {
  const values = formValuesOf(submission);
  return {
    small_logo: values.small_logo,
    small_logo_url: values.small_logo_url,
    pictures: values.pictures,
    videos: values.videos,
    showcase_video: values.showcase_video,
    security_questionnaire_document: values.security_questionnaire_document,
  };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value);
const filledRows = <T>(rows: T[], filled: (row: T) => boolean) => rows.filter(filled);

/** A questionnaire answer to send: the id fields carry countries and standards (spec 3 §5 "On send"). */
function questionnaireToSend(q: QuestionnaireValues) {
  return {
    ...Object.fromEntries(QUESTIONNAIRE_QUESTIONS.map((key) => [key, q[key] ?? null])),
    company_legal_name: text(q.company_legal_name),
    company_headquarters: text(q.company_headquarters),
    headquarters_country_id: q.headquarters_country_id,
    data_processing_country_ids: q.data_processing_country_ids,
    subprocessors_details: text(q.subprocessors_details),
    sensitive_data_handling_details: text(q.sensitive_data_handling_details),
    security_email: text(q.security_email),
    security_standard_ids: q.security_standard_ids,
    other_security_standards: text(q.other_security_standards),
    disclosure_program_url: text(q.disclosure_program_url),
    sso_providers: q.sso_providers,
    other_sso_providers: text(q.other_sso_providers),
  };
}

/**
 * The values the shared tab schemas read (`ListingValues`): ids from the maps, empty rows dropped
 * except the feature slots, whose position matters (`feature_bullets.1`).
 */
export function listingValuesOf(values: ListingFormValues): ListingValues {
  const links = filledRows(
    values.helpful_links,
    (link) => link.label.trim() !== '' || link.url.trim() !== '',
  );
  return {
    public_name: values.public_name,
    tagline: values.tagline,
    built_by: values.built_by,
    sold_by: values.sold_by,
    description: values.description,
    about: values.about,
    how_it_works: values.how_it_works,
    category_ids: values.category_ids,
    app_version_id: values.app_version_id,
    draft_developer_notes: values.draft_developer_notes,
    installable: values.installable,
    subscription_required: values.subscription_required,
    connector_required: values.connector_required,
    has_trials: values.has_trials,
    pricing_url: values.pricing_url,
    pricing_description: values.pricing_description,
    region_ids: idsOf(values.regions),
    country_ids: idsOf(values.countries),
    helpful_links: links,
    feature_bullets: values.feature_bullets,
    website_link:
      values.website_link.label.trim() === '' && values.website_link.url.trim() === ''
        ? null
        : values.website_link,
    support_email: values.support_email,
    product_tool_ids: idsOf(values.product_tools),
    requirements: filledRows(values.requirements, (row) => row.trim() !== ''),
    contact_us_email: values.contact_us_email,
    learn_how_url: values.learn_how_url,
    create_lead: values.create_lead,
    security_questionnaire_visible: values.security_questionnaire_visible,
    security_questionnaire: questionnaireToSend(
      values.security_questionnaire,
    ) as ListingValues['security_questionnaire'],
    small_logo_url: values.small_logo_url || null,
    pictures: values.pictures,
    videos: values.videos,
    showcase_video: values.showcase_video,
    security_questionnaire_document: values.security_questionnaire_document,
  };
}

/** New files to send with a save (multipart); keys of the request body's `submission`. */
export interface ListingFiles {
  small_logo?: File;
  pictures?: { file: File; description?: string }[];
  videos?: { file: File; description?: string }[];
  /** Admin form only: the showcase video and the self-assessment document (spec 3 §2). */
  showcase_video?: File;
  security_questionnaire_document?: File;
}

/** The submission as the web sends it (files as Blobs; the contract's body type for the client). */
export type SubmissionBody = CallInput<'PATCH /api/v1/submissions/:id'>['body']['submission'];

/**
 * The serialized submission (spec 3 §7): the listing fields, the stored media with their descriptions in
 * `pictures_attributes`/`videos_attributes`, `remove_small_logo` and `remove_media_ids`.
 */
export function serializeSubmission(values: ListingFormValues): SubmissionBody {
  const listing = listingValuesOf(values);
  const {
    pictures: _pictures,
    videos: _videos,
    small_logo_url: _logoUrl,
    showcase_video: _showcase,
    security_questionnaire_document: _document,
    ...fields
  } = listing;
  const nulled = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? text(value) : value]),
  );
  return {
    ...nulled,
    helpful_links: (listing.helpful_links ?? []).map((link) => ({
      label: text(link?.label ?? ''),
      url: text(link?.url ?? ''),
    })),
    feature_bullets: values.feature_bullets.map((bullet) => bullet.trim()),
    website_link: listing.website_link
      ? { label: text(values.website_link.label), url: text(values.website_link.url) }
      : null,
    remove_small_logo: values.remove_small_logo,
    pictures_attributes: values.pictures.map((item) => ({
      id: item.id,
      description: text(item.description),
    })),
    videos_attributes: values.videos.map((item) => ({ id: item.id, description: text(item.description) })),
    remove_media_ids: values.remove_media_ids,
  } as SubmissionBody;
}

/** A body that sends only new files (an upload from a drop zone): nothing else of the listing changes. */
export function filesBody(files: ListingFiles): SubmissionBody {
  const body: Record<string, unknown> = {};
  if (files.small_logo) body.small_logo = files.small_logo;
  if (files.pictures)
    body.pictures_attributes = files.pictures.map(({ file, description }) => ({ file, description }));
  if (files.videos)
    body.videos_attributes = files.videos.map(({ file, description }) => ({ file, description }));
  if (files.showcase_video) body.showcase_video_attributes = { file: files.showcase_video };
  if (files.security_questionnaire_document)
    body.security_questionnaire_document = { file: files.security_questionnaire_document };
  return body as SubmissionBody;
}

/** An administrator's save (the admin routes' body): the developer's fields plus the admin-only ones. */
export type AdminSubmissionBody = CallInput<'PATCH /api/v1/admin/submissions/:id'>['body']['submission'];

/** Whether a body carries a file (then it goes as multipart, else as JSON). */
export function hasFiles(body: unknown): boolean {
  if (body instanceof Blob) return true;
  if (Array.isArray(body)) return body.some(hasFiles);
  if (typeof body === 'object' && body !== null) return Object.values(body).some(hasFiles);
  return false;
}

/**
 * Where a server detail goes in the form: `website_link.url` (or, prefixed, `submission.website_link.url`)
 * → `website_link.url`; the ids the
 * form keeps as maps (`region_ids.0`) → the availability's own error; a media list's file → the list.
 */
export function formPathOf(path: string): string {
  const bare = path.replace(/^submission\./, '');
  if (/^(region_ids|country_ids|regions|countries)(\.|$)/.test(bare)) return 'region_or_country';
  if (/^product_tool_ids(\.|$)/.test(bare)) return 'product_tools';
  if (/^category_ids\.\d+$/.test(bare)) return 'category_ids';
  const media = /^(pictures|videos)_attributes(\..*)?$/.exec(bare);
  if (media) return media[1] as string;
  if (bare === 'small_logo' || bare === 'small_logo_url') return 'small_logo';
  if (bare.startsWith('showcase_video_attributes')) return 'showcase_video';
  return bare;
}

/** The tab a form path belongs to (for the error markers). */
export function tabOfFormPath(path: string): ListingTab | undefined {
  if (path === 'small_logo' || path === 'pictures' || path === 'videos') return 'media';
  if (path === 'product_tools') return 'tools';
  if (path === 'showcase_video') return 'app';
  return tabOfPath(path);
}
