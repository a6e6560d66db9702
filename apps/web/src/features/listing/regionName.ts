import type { TFunction } from 'i18next';

/** The platform's regions (reference data, migration 0007) by their stored English name. */
const REGION_KEYS = {
  'North America': 'northAmerica',
  Europe: 'europe',
  'Asia Pacific': 'asiaPacific',
  'Latin America': 'latinAmerica',
  'Middle East & Africa': 'middleEastAfrica',
} as const;

/** A region's name in the user's language; a region the web does not know keeps its stored name. */
export function regionName(t: TFunction, name: string): string {
  const key = Object.hasOwn(REGION_KEYS, name) ? REGION_KEYS[name as keyof typeof REGION_KEYS] : null;
  return key ? t(`listing.regionNames.${key}`) : name;
}
