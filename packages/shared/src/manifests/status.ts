import { compareSemver } from './semver';

/**
 * Manifest states (spec 2 §3); `confidential` is a production version not under review. A rejected version
 * is confidential too (spec 2 §4: reject → confidential); its `rejected_at` says a reviewer sent it back
 * (issue 20, see rejectionOf), and it is submittable again.
 */
export const VERSION_STATES = ['draft', 'confidential', 'in_review', 'published'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

/** The environments, as the API names them (spec 2 §3 "Enumerations"). */
export const ENVIRONMENT_TYPES = ['Sandbox', 'ProductionEnvironment'] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

export type VersionStatusKey =
  | 'draft'
  | 'ready_for_testing'
  | 'promoted'
  | 'approved'
  | 'under_review'
  | 'rejected'
  | 'unknown';

export interface VersionStatus {
  key: VersionStatusKey;
  /** The spec's English label (the web translates `key`). */
  label: string;
  color: 'blue' | 'magenta' | 'green' | 'yellow' | 'red';
  /** The action the header offers: create a version (Draft) or promote (Ready for Testing). */
  offers: 'create_version' | 'promote' | null;
}

const STATUS: Record<VersionStatusKey, VersionStatus> = {
  draft: { key: 'draft', label: 'Draft', color: 'blue', offers: 'create_version' },
  ready_for_testing: {
    key: 'ready_for_testing',
    label: 'Ready for Testing',
    color: 'magenta',
    offers: 'promote',
  },
  promoted: { key: 'promoted', label: 'Promoted', color: 'green', offers: null },
  approved: { key: 'approved', label: 'Approved Version', color: 'green', offers: null },
  under_review: { key: 'under_review', label: 'Under Review', color: 'yellow', offers: null },
  rejected: { key: 'rejected', label: 'Rejected', color: 'red', offers: null },
  unknown: { key: 'unknown', label: 'Unknown State', color: 'red', offers: null },
};

/** What the status table reads of a version. */
export interface VersionLike {
  semantic_version: string;
  state: VersionState | string;
  /** Set when a reviewer rejected this confidential version (issue 20); absent or null otherwise. */
  rejected_at?: string | null;
  admin_notes?: string | null;
}

/**
 * The configurations tab's header status (spec 2 §4 "Version header status"), from the latest sandbox
 * and the latest production version, the table's rows tried in order.
 */
export function versionStatus(
  latestSandbox: VersionLike | null | undefined,
  latestProduction: VersionLike | null | undefined,
): VersionStatus {
  if (!latestSandbox) return STATUS.draft;
  if (
    !latestProduction ||
    compareSemver(latestSandbox.semantic_version, latestProduction.semantic_version) > 0
  )
    return STATUS.ready_for_testing;
  const same = compareSemver(latestSandbox.semantic_version, latestProduction.semantic_version) === 0;
  // Issue 20: a rejected version is confidential (spec 2 §4) but says so, with the reviewer's notes (see
  // rejectionOf), instead of reading as a fresh promotion.
  if (same && rejectionOf(latestProduction)) return STATUS.rejected;
  if (same && latestProduction.state === 'confidential') return STATUS.promoted;
  if (latestProduction.state === 'published') return STATUS.approved;
  if (latestProduction.state === 'in_review') return STATUS.under_review;
  return STATUS.unknown;
}

/** The header's save button: 'Create Version' in Draft, otherwise 'Save Version' (spec 2 §4). */
export function saveButtonLabel(status: VersionStatus): 'Create Version' | 'Save Version' {
  return status.key === 'draft' ? 'Create Version' : 'Save Version';
}

/**
 * The review actions of a production version (spec 2 §4 "Manifest review actions"). Rejecting sends the
 * version back to `confidential`, as the spec's table says, marked with `rejected_at` and the reviewer's
 * notes (issue 20); a rejected version may be submitted again, which clears both.
 */
export const REVIEW_ACTIONS = {
  submit: { from: ['confidential'], to: 'in_review' },
  withdraw: { from: ['in_review'], to: 'confidential' },
  reject: { from: ['in_review'], to: 'confidential' },
  approve: { from: ['in_review'], to: 'published' },
} as const satisfies Record<string, { from: readonly VersionState[]; to: VersionState }>;
export type ReviewAction = keyof typeof REVIEW_ACTIONS;

/** Who may take each review action: app developers (owner, admin) or platform administrators. */
export const REVIEW_ACTORS: Record<ReviewAction, 'developer' | 'platform_admin'> = {
  submit: 'developer',
  withdraw: 'developer',
  reject: 'platform_admin',
  approve: 'platform_admin',
};

/**
 * The review actions offered on a production version (spec 2 §4): submit when submittable, withdraw when
 * in review; platform administrators see approve and reject on in-review versions.
 */
export function reviewActionsFor(
  version: { state: string; submittable: boolean },
  actor: { developer: boolean; platformAdmin: boolean },
): ReviewAction[] {
  const actions: ReviewAction[] = [];
  if (version.state === 'in_review' && actor.platformAdmin) actions.push('approve', 'reject');
  else if (actor.developer || actor.platformAdmin) {
    if (version.submittable) actions.push('submit');
    if (version.state === 'in_review') actions.push('withdraw');
  }
  return actions;
}

/**
 * A production version's rejection as the developer sees it: the reviewer's notes, or null when not
 * rejected. A rejected version is `confidential` with `rejected_at` set (submitting again clears it).
 */
export function rejectionOf(version: {
  state: string;
  rejected_at?: string | null;
  admin_notes?: string | null;
}): { notes: string; at: string } | null {
  return version.state === 'confidential' && version.rejected_at
    ? { notes: version.admin_notes ?? '', at: version.rejected_at }
    : null;
}

/**
 * A version's state as the version lists show it (issue 20): its stored state, or `rejected` for a
 * confidential version a reviewer rejected (rejectionOf). Never stored: the API's state stays the spec's.
 */
export function shownVersionState<S extends string>(version: {
  state: S;
  rejected_at?: string | null;
}): S | 'rejected' {
  return rejectionOf(version) ? 'rejected' : version.state;
}

/** Whether a review action needs notes: a rejection must say why (issue 20); the others may. */
export function reviewNotesRequired(action: ReviewAction): boolean {
  return action === 'reject';
}
