/** Where the "not available" state sends developers (spec 2 §2 warnings). */
export const DEFINE_MANIFEST_DOC = '/documentation/building-apps-define-manifest';

/** The query parameter naming the version a new version starts from ("Start a new version from this one"). */
export const FROM_PARAM = 'from';

/** The builder's path starting from a version. */
export function startFromPath(appId: number, versionId: number): string {
  return `/developer_apps/${appId}/configurations?${FROM_PARAM}=${versionId}`;
}
