import {
  countryName,
  type DiffValue,
  type ListingSnapshot,
  ordinalCategory,
  type Submission,
} from '@lintel/shared/listing';
import type { ListingReferences } from './editorContext';
import { formValuesOf, type ListingFormValues, listingValuesOf } from './formValues';

/** The form's values as the shared diff reads them, admin fields and media included. */
export function snapshotOfForm(values: ListingFormValues): ListingSnapshot {
  return {
    ...listingValuesOf(values),
    beta: values.beta,
    security_badge: values.security_badge,
    notes: values.notes,
    small_logo: values.small_logo,
    pictures: values.pictures,
    videos: values.videos,
    showcase_video: values.showcase_video,
    security_questionnaire_document: values.security_questionnaire_document,
  };
}

/** A saved submission through the same normalisation as the form (the published side of the diff). */
export function snapshotOfSubmission(submission: Submission): ListingSnapshot {
  return snapshotOfForm(formValuesOf(submission));
}

/** i18next's `t` with a key built at run time (every key used here exists in listing.json). */
type LooseT = (key: string, values?: Record<string, string | number>) => string;

const ORDINAL_KEYS = ['one', 'two', 'few', 'other'];

/** The label of a field path as the form shows it (`feature_bullets.1` → "2nd feature"). */
export function labelOfPath(t: LooseT, language: string, path: string): string {
  const parts = path.split('.');
  const [head, second, third] = parts;
  const index = Number(second);
  if (head === 'feature_bullets' && second !== undefined) {
    const category = ordinalCategory(index + 1, language);
    const key = ORDINAL_KEYS.includes(category) ? category : 'other';
    return t('listing.fields.feature', { ordinal: t(`listing.ordinal.${key}`, { n: index + 1 }) });
  }
  if (head === 'helpful_links' && second !== undefined)
    return t(third === 'url' ? 'listing.fields.link_url' : 'listing.fields.link_label', { n: index + 1 });
  if (head === 'requirements' && second !== undefined)
    return t('listing.fields.requirement', { n: index + 1 });
  if (head === 'website_link')
    return t(second === 'url' ? 'listing.fields.website_url' : 'listing.fields.website_label');
  if (head === 'security_questionnaire' && second !== undefined) return t(`listing.questions.${second}`);
  if (head === 'security_questionnaire_visible') return t('listing.security.visible');
  if (head === 'small_logo') return t('listing.media.logo');
  if (head === 'pictures') return t('listing.media.screenshots');
  if (head === 'videos') return t('listing.media.videos');
  return t(`listing.fields.${head}`);
}

/** A value of the diff in words: names for ids, Yes/No, "(empty)". */
export function describeValue(
  t: LooseT,
  language: string,
  path: string,
  value: DiffValue,
  references: ListingReferences,
  versions: Record<number, string> = {},
): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return t('listing.diff.empty');
  if (typeof value === 'boolean') return value ? t('listing.yes') : t('listing.no');
  const countries = references.regions.flatMap((region) => region.countries);
  const country = (id: string | number) => {
    const found = countries.find((entry) => entry.id === Number(id));
    return found ? countryName(found.iso_code, language, t('listing.unknownCountry')) : String(id);
  };
  const name = (id: string | number): string => {
    const field = path.replace(/^security_questionnaire\./, '');
    switch (field) {
      case 'category_ids':
        return references.categories.find((entry) => entry.id === Number(id))?.name ?? String(id);
      case 'region_ids':
        return references.regions.find((entry) => entry.id === Number(id))?.name ?? String(id);
      case 'country_ids':
      case 'data_processing_country_ids':
      case 'headquarters_country_id':
        return country(id);
      case 'product_tool_ids':
        return references.productTools.find((entry) => entry.id === Number(id))?.title ?? String(id);
      case 'security_standard_ids': {
        const standard = references.securityStandards.find((entry) => entry.id === Number(id));
        return standard ? [standard.standard_name, standard.variant].filter(Boolean).join(' ') : String(id);
      }
      case 'app_version_id':
        return (
          versions[Number(id)] ??
          references.versions.find((entry) => entry.app_version_id === Number(id))?.semantic_version ??
          String(id)
        );
      default:
        return String(id);
    }
  };
  if (Array.isArray(value)) return value.map(name).join(', ');
  return name(value as string | number);
}
