import type { ListingTab, MediaType } from './model';
import { QUESTIONNAIRE_QUESTIONS } from './schemas';

/** A scalar a listing field holds, or a set of ids / names (categories, regions, SSO providers…). */
export type DiffValue = string | number | boolean | null | readonly (string | number)[];

/** One field of the listing that differs from the published one, by its path (`feature_bullets.1`). */
export interface FieldChange {
  path: string;
  tab: ListingTab;
  before: DiffValue;
  after: DiffValue;
  /** For sets (ids, providers): what the listing under review adds and drops. */
  added?: readonly (string | number)[];
  removed?: readonly (string | number)[];
}

/** A stored file as the diff sees it: `origin_id` is the same across the copies of one upload. */
export interface DiffMedia {
  id: number;
  origin_id?: number | null;
  type?: MediaType | string;
  original_filename?: string;
  name?: string;
  description?: string | null;
  url?: string;
}

/** A file added, removed, or whose description changed, in one of the listing's media slots. */
export interface MediaChange {
  /** The form path of the slot: small_logo, pictures, videos, showcase_video, security_questionnaire_document. */
  path: MediaSlot;
  tab: ListingTab;
  change: 'added' | 'removed' | 'described';
  before: DiffMedia | null;
  after: DiffMedia | null;
}

export interface ListingDiff {
  fields: FieldChange[];
  media: MediaChange[];
}

export type MediaSlot =
  | 'small_logo'
  | 'pictures'
  | 'videos'
  | 'showcase_video'
  | 'security_questionnaire_document';

/**
 * A listing as the diff reads it: a saved submission (the API's shape) or the form's values; unknown
 * keys are ignored, '' and null are the same, ids are sets.
 */
export interface ListingSnapshot {
  [field: string]: unknown;
  security_questionnaire?: object | null;
  small_logo?: DiffMedia | null;
  pictures?: readonly DiffMedia[] | null;
  videos?: readonly DiffMedia[] | null;
  showcase_video?: DiffMedia | null;
  security_questionnaire_document?: DiffMedia | null;
}

/** Plain fields compared as one value each, with their tab (spec 3 §2). */
const SCALAR_FIELDS: readonly (readonly [string, ListingTab])[] = [
  ['public_name', 'app'],
  ['tagline', 'app'],
  ['built_by', 'app'],
  ['sold_by', 'app'],
  ['description', 'app'],
  ['about', 'app'],
  ['how_it_works', 'app'],
  ['app_version_id', 'app'],
  ['draft_developer_notes', 'app'],
  ['installable', 'app'],
  ['beta', 'app'],
  ['security_badge', 'app'],
  ['notes', 'app'],
  ['subscription_required', 'pricing'],
  ['connector_required', 'pricing'],
  ['has_trials', 'pricing'],
  ['pricing_url', 'pricing'],
  ['pricing_description', 'pricing'],
  ['support_email', 'support'],
  ['contact_us_email', 'contact'],
  ['learn_how_url', 'contact'],
  ['create_lead', 'contact'],
  ['security_questionnaire_visible', 'security'],
];

/** Fields whose order does not matter: compared as sets. */
const SET_FIELDS: readonly (readonly [string, ListingTab])[] = [
  ['category_ids', 'app'],
  ['region_ids', 'pricing'],
  ['country_ids', 'pricing'],
  ['product_tool_ids', 'tools'],
];

const QUESTIONNAIRE_SCALARS = [
  'company_legal_name',
  'company_headquarters',
  'headquarters_country_id',
  'subprocessors_details',
  'sensitive_data_handling_details',
  'security_email',
  'other_security_standards',
  'disclosure_program_url',
  'other_sso_providers',
  ...QUESTIONNAIRE_QUESTIONS,
] as const;
const QUESTIONNAIRE_SETS = ['data_processing_country_ids', 'security_standard_ids', 'sso_providers'] as const;

const MEDIA_SLOTS: readonly (readonly [MediaSlot, ListingTab])[] = [
  ['small_logo', 'media'],
  ['pictures', 'media'],
  ['videos', 'media'],
  ['showcase_video', 'app'],
  ['security_questionnaire_document', 'app'],
];

/** A scalar as compared: trimmed text, '' as null, non-scalars as null. */
function scalar(value: unknown): string | number | boolean | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function setOf(value: unknown): (string | number)[] {
  if (!Array.isArray(value)) return [];
  const items = value.filter(
    (item): item is string | number => typeof item === 'string' || typeof item === 'number',
  );
  return [...new Set(items)].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

function field(source: unknown, key: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[key] : undefined;
}

/** Rows of a list without the trailing empty ones (the form always shows one row). */
function rows<T>(value: unknown, empty: (row: T) => boolean): T[] {
  const list = Array.isArray(value) ? ([...value] as T[]) : [];
  while (list.length > 0 && empty(list[list.length - 1] as T)) list.pop();
  return list;
}

/** Files of a slot, keyed by the upload they come from (copies of a published file keep its origin). */
function mediaOf(snapshot: ListingSnapshot | null, slot: MediaSlot): DiffMedia[] {
  const value = snapshot?.[slot];
  if (Array.isArray(value)) return value as DiffMedia[];
  return value ? [value as DiffMedia] : [];
}
const originOf = (item: DiffMedia) => item.origin_id ?? item.id;

/**
 * The field-by-field diff of a listing under review against the published one (issue 10): every text,
 * yes/no, list row (`feature_bullets.1`, `helpful_links.0.url`, `website_link.url`), set of ids and
 * questionnaire answer that differs, and every file added, removed or re-described. Without a published
 * listing, `published` is null and every filled field is a change.
 */
export function diffListings(published: ListingSnapshot | null, current: ListingSnapshot): ListingDiff {
  const fields: FieldChange[] = [];
  const compare = (path: string, tab: ListingTab, before: unknown, after: unknown) => {
    const a = scalar(before);
    const b = scalar(after);
    if (a !== b) fields.push({ path, tab, before: a, after: b });
  };
  const compareSet = (path: string, tab: ListingTab, before: unknown, after: unknown) => {
    const a = setOf(before);
    const b = setOf(after);
    const added = b.filter((item) => !a.includes(item));
    const removed = a.filter((item) => !b.includes(item));
    if (added.length > 0 || removed.length > 0)
      fields.push({ path, tab, before: a, after: b, added, removed });
  };

  for (const [key, tab] of SCALAR_FIELDS) compare(key, tab, published?.[key], current[key]);
  for (const [key, tab] of SET_FIELDS) compareSet(key, tab, published?.[key], current[key]);

  // Feature slots keep their position (the form labels them 1st, 2nd, 3rd).
  const bulletsBefore = rows<unknown>(published?.feature_bullets, (row) => scalar(row) === null);
  const bulletsAfter = rows<unknown>(current.feature_bullets, (row) => scalar(row) === null);
  for (let index = 0; index < Math.max(bulletsBefore.length, bulletsAfter.length); index++)
    compare(`feature_bullets.${index}`, 'features', bulletsBefore[index], bulletsAfter[index]);

  const requirementsBefore = rows<unknown>(published?.requirements, (row) => scalar(row) === null);
  const requirementsAfter = rows<unknown>(current.requirements, (row) => scalar(row) === null);
  for (let index = 0; index < Math.max(requirementsBefore.length, requirementsAfter.length); index++)
    compare(`requirements.${index}`, 'requirements', requirementsBefore[index], requirementsAfter[index]);

  const emptyLink = (row: unknown) =>
    scalar(field(row, 'label')) === null && scalar(field(row, 'url')) === null;
  const linksBefore = rows<unknown>(published?.helpful_links, emptyLink);
  const linksAfter = rows<unknown>(current.helpful_links, emptyLink);
  for (let index = 0; index < Math.max(linksBefore.length, linksAfter.length); index++) {
    for (const part of ['label', 'url']) {
      compare(
        `helpful_links.${index}.${part}`,
        'links',
        field(linksBefore[index], part),
        field(linksAfter[index], part),
      );
    }
  }
  for (const part of ['label', 'url'])
    compare(
      `website_link.${part}`,
      'support',
      field(published?.website_link, part),
      field(current.website_link, part),
    );

  const qBefore = published?.security_questionnaire ?? null;
  const qAfter = current.security_questionnaire ?? null;
  for (const key of QUESTIONNAIRE_SCALARS)
    compare(`security_questionnaire.${key}`, 'security', field(qBefore, key), field(qAfter, key));
  for (const key of QUESTIONNAIRE_SETS)
    compareSet(`security_questionnaire.${key}`, 'security', field(qBefore, key), field(qAfter, key));

  const media: MediaChange[] = [];
  for (const [slot, tab] of MEDIA_SLOTS) {
    const before = mediaOf(published, slot);
    const after = mediaOf(current, slot);
    for (const item of after) {
      const match = before.find((old) => originOf(old) === originOf(item));
      if (!match) media.push({ path: slot, tab, change: 'added', before: null, after: item });
      else if (scalar(match.description) !== scalar(item.description))
        media.push({ path: slot, tab, change: 'described', before: match, after: item });
    }
    for (const item of before) {
      if (!after.some((now) => originOf(now) === originOf(item)))
        media.push({ path: slot, tab, change: 'removed', before: item, after: null });
    }
  }
  return { fields, media };
}

/**
 * The form paths a diff touches, for the changed-field markers: each field path, its list's path
 * (`feature_bullets` for `feature_bullets.1`) and each media slot.
 */
export function changedPathsOf(diff: ListingDiff): Set<string> {
  const paths = new Set<string>();
  for (const change of diff.fields) {
    paths.add(change.path);
    const parts = change.path.split('.');
    for (let end = 1; end < parts.length; end++) paths.add(parts.slice(0, end).join('.'));
  }
  for (const change of diff.media) paths.add(change.path);
  return paths;
}

/** The tabs with at least one change (a marker on the tab). */
export function changedTabsOf(diff: ListingDiff): Set<ListingTab> {
  return new Set([...diff.fields.map((change) => change.tab), ...diff.media.map((change) => change.tab)]);
}
