import { compareSemver } from '../manifests/semver';

/** What the version rule reads of an app version (a server row or a version of GET /api/v1/manifests). */
export interface ListingVersionCandidate {
  id: number;
  semantic_version: string;
  environment_type: string;
}

/**
 * Which versions a listing may name (spec 3 §2 "The possible-versions list keeps only versions newer than
 * the published one"; reference: "only promoted versions can be chosen"): the app's production versions,
 * newer than the version its published listing names (every one while nothing is published), newest
 * first. `versions` are the app's own; the published version is looked up among them.
 */
export function listingVersionChoices<T extends ListingVersionCandidate>(
  versions: readonly T[],
  publishedVersionId: number | null,
): T[] {
  const production = versions.filter((version) => version.environment_type === 'ProductionEnvironment');
  const published =
    publishedVersionId === null ? undefined : production.find((version) => version.id === publishedVersionId);
  return production
    .filter(
      (version) =>
        version.id !== publishedVersionId &&
        (!published || compareSemver(version.semantic_version, published.semantic_version) > 0),
    )
    .sort((a, b) => compareSemver(b.semantic_version, a.semantic_version) || b.id - a.id);
}

/** The version rule as the listing's validation reads it (ListingRuleOptions.versions). */
export interface ListingVersionRule {
  /** The ids a listing may name now (listingVersionChoices). */
  choices: readonly number[];
  /** The version the published listing names; null while nothing is published. */
  published: { id: number; version: string } | null;
}

/** The rule for an app's versions and its published listing's version (one call for server and web). */
export function listingVersionRule(
  versions: readonly ListingVersionCandidate[],
  publishedVersionId: number | null,
): ListingVersionRule {
  const published =
    publishedVersionId === null ? undefined : versions.find((version) => version.id === publishedVersionId);
  return {
    choices: listingVersionChoices(versions, publishedVersionId).map((version) => version.id),
    published:
      publishedVersionId === null
        ? null
        : { id: publishedVersionId, version: published?.semantic_version ?? '' },
  };
}

/**
 * Why a chosen version may not be named (null: it may, or none is chosen — "required" says that):
 * `not_newer` when the app has newer versions but another is chosen, `no_newer_version` when a listing
 * is published and no promoted version is newer (promote one first), `not_promoted` otherwise.
 */
export function listingVersionProblem(
  appVersionId: number | null | undefined,
  rule: ListingVersionRule,
): 'not_newer' | 'no_newer_version' | 'not_promoted' | null {
  if (appVersionId === null || appVersionId === undefined) return null;
  if (rule.choices.includes(appVersionId)) return null;
  if (rule.published === null) return 'not_promoted';
  return rule.choices.length === 0 ? 'no_newer_version' : 'not_newer';
}
