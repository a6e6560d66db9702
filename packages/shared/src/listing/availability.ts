/** A region as the availability picker needs it: its id and its countries' ids. */
export interface AvailabilityRegion {
  id: number;
  countries: readonly { id: number }[];
}

/** The form shape of spec 3 §3: region id → ticked, country id → ticked. */
export interface AvailabilitySelection {
  regions: Readonly<Record<number, boolean>>;
  countries: Readonly<Record<number, boolean>>;
}

/** "All regions", "specific regions", or neither chosen yet (spec 3 §4 "Availability"). */
export type AvailabilityChoice = 'all' | 'specific' | null;

/** How a region's checkbox shows: ticked, not, or partly (some of its countries). */
export type RegionCheck = 'checked' | 'unchecked' | 'indeterminate';

/** The ticked ids of a map (`{3: true, 4: false}` → `[3]`), ascending. */
export function idsOf(map: Readonly<Record<number, boolean>>): number[] {
  return Object.entries(map)
    .filter(([, on]) => on)
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
}

/** A map from a list of ids (`[3]` → `{3: true}`). */
export function mapOf(ids: readonly number[] | null | undefined): Record<number, boolean> {
  return Object.fromEntries((ids ?? []).map((id) => [id, true]));
}

/** The selection of stored ids. */
export function selectionOf(
  regionIds: readonly number[] | null | undefined,
  countryIds: readonly number[] | null | undefined,
): AvailabilitySelection {
  return { regions: mapOf(regionIds), countries: mapOf(countryIds) };
}

/** Every region and every country ticked ("all regions"). */
export function selectAll(regions: readonly AvailabilityRegion[]): AvailabilitySelection {
  return {
    regions: Object.fromEntries(regions.map((region) => [region.id, true])),
    countries: Object.fromEntries(regions.flatMap((region) => region.countries.map((c) => [c.id, true]))),
  };
}

/**
 * The choice on open (spec 3 §4): unset when nothing is ticked, "all" when every region and country is,
 * otherwise "specific".
 */
export function availabilityChoiceOf(
  regions: readonly AvailabilityRegion[],
  selection: AvailabilitySelection,
): AvailabilityChoice {
  const regionIds = idsOf(selection.regions);
  const countryIds = idsOf(selection.countries);
  if (regionIds.length === 0 && countryIds.length === 0) return null;
  const everyRegion = regions.every((region) => selection.regions[region.id] === true);
  const everyCountry = regions.every((region) => region.countries.every((c) => selection.countries[c.id]));
  return everyRegion && everyCountry ? 'all' : 'specific';
}

/** A region's checkbox: ticked when all its countries are (or it is, without countries), partly when some. */
export function regionCheckOf(region: AvailabilityRegion, selection: AvailabilitySelection): RegionCheck {
  if (region.countries.length === 0) return selection.regions[region.id] ? 'checked' : 'unchecked';
  const ticked = region.countries.filter((country) => selection.countries[country.id]).length;
  if (ticked === 0) return 'unchecked';
  return ticked === region.countries.length ? 'checked' : 'indeterminate';
}

/** Ticking a region ticks all its countries; unticking unticks them (spec 3 §4). */
export function toggleRegion(
  selection: AvailabilitySelection,
  region: AvailabilityRegion,
  on: boolean,
): AvailabilitySelection {
  const countries = { ...selection.countries };
  for (const country of region.countries) countries[country.id] = on;
  return { regions: { ...selection.regions, [region.id]: on }, countries };
}

/** Ticking a country; its region is ticked exactly when all its countries are. */
export function toggleCountry(
  selection: AvailabilitySelection,
  region: AvailabilityRegion,
  countryId: number,
  on: boolean,
): AvailabilitySelection {
  const countries = { ...selection.countries, [countryId]: on };
  const all = region.countries.every((country) => countries[country.id]);
  return { regions: { ...selection.regions, [region.id]: all }, countries };
}

/** Splits a list into rows of `size` (countries and tools are shown in rows of 3). */
export function rowsOf<T>(items: readonly T[], size = 3): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < items.length; index += size) rows.push(items.slice(index, index + size));
  return rows;
}

/** A country's name from its ISO code in the user's language, "Unknown Country" (translated) as fallback. */
export function countryName(isoCode: string, locale: string, unknown = 'Unknown Country'): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(
      isoCode.toUpperCase(),
    );
    return name ?? unknown;
  } catch {
    return unknown;
  }
}

/** The locale's ordinal of a feature slot (1 → "1st" in English), from Intl.PluralRules' ordinal rules. */
export function ordinalCategory(position: number, locale: string): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale, { type: 'ordinal' }).select(position);
}
