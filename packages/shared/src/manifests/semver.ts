/** A semantic version `major.minor.patch` (spec 2 §5): three non-negative integers, no leading zeros. */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

const SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

/** The default first version (spec 2 §9). */
export const FIRST_VERSION = '0.1.0';

/** Parses `1.2.3`; null for anything else (`1.2`, `v1.2.3`, `01.2.3`, pre-release tags). */
export function parseSemver(text: string): SemVer | null {
  const match = SEMVER.exec(text.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

/** Whether a text is a semantic version `major.minor.patch`. */
export function isSemver(text: string): boolean {
  return parseSemver(text) !== null;
}

/** Negative, zero or positive as `a` is lower than, equal to or greater than `b`; invalid texts sort lowest. */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch;
}

/** The suggested next version: the minor part of the last raised (patch reset), or 0.1.0 when there is none. */
export function suggestNextVersion(last: string | null | undefined): string {
  const parsed = last ? parseSemver(last) : null;
  if (!parsed) return FIRST_VERSION;
  return `${parsed.major}.${parsed.minor + 1}.0`;
}
