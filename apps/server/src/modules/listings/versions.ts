/**
 * What the listing needs from the manifests area (app versions, issue 10: "a promoted app version newer
 * than the published one"). A port, so the listing does not depend on a table another branch adds.
 */
export interface AppVersionPort {
  /**
   * Whether the app has a promoted version newer than the one its published listing names, and the chosen
   * `appVersionId` is such a version (null: none chosen).
   */
  hasPromotableVersionFor(
    appId: number,
    appVersionId: number | null,
    publishedVersionId: number | null,
  ): Promise<boolean>;
  /** The version a listing names, for display; null when unknown. */
  describe(appId: number, appVersionId: number): Promise<{ id: number; version: string } | null>;
}

/**
 * WIRE: until the manifests branch (0006_manifests, app_versions) is merged there is no table to ask;
 * this stand-in accepts any chosen version and describes none. The lead replaces it with a port over
 * app_versions (promoted, newer than the published listing's version) — ListingService.useAppVersions.
 */
export const unwiredAppVersions: AppVersionPort = {
  async hasPromotableVersionFor(_appId, appVersionId) {
    return appVersionId !== null;
  },
  async describe() {
    return null;
  },
};
