import {
  type ManifestSummary,
  REVIEW_ACTORS,
  type ReviewAction,
  reviewActionsFor,
} from '@lintel/shared/manifests';

/**
 * The review actions a user is offered on a production version (spec 2 §4): the shared table's, each kept
 * only for whom it is — submit and withdraw for the app's owner and admins (canModifyManifests) and for
 * platform administrators, approve and reject for platform administrators only.
 */
export function offeredReviewActions(
  version: Pick<ManifestSummary, 'state' | 'submittable' | 'environment_type'> | null | undefined,
  who: { canModifyManifests: boolean; isPlatformAdmin: boolean },
): ReviewAction[] {
  if (version?.environment_type !== 'ProductionEnvironment') return [];
  return reviewActionsFor(version, {
    developer: who.canModifyManifests,
    platformAdmin: who.isPlatformAdmin,
  }).filter((action) =>
    // Platform administrators also submit and withdraw, as the developers do (spec 2 §4).
    REVIEW_ACTORS[action] === 'developer'
      ? who.canModifyManifests || who.isPlatformAdmin
      : who.isPlatformAdmin,
  );
}
