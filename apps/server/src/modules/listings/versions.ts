import type { Db } from '../../db/index';

/**
 * What the listing needs from the manifests area (app versions, issue 10: "a promoted app version newer
 * than the published one"). Answered by the manifests area (manifests/listing-versions.ts), on the caller's connection
 * (inside its transaction).
 */
export interface AppVersionPort {
  /**
   * Whether the app has a promoted version newer than the one its published listing names, and the chosen
   * `appVersionId` is such a version (null: none chosen).
   */
  hasPromotableVersionFor(
    db: Db,
    appId: number,
    appVersionId: number | null,
    publishedVersionId: number | null,
  ): Promise<boolean>;
  /** The version a listing names, for display; null when unknown. */
  describe(db: Db, appId: number, appVersionId: number): Promise<{ id: number; version: string } | null>;
}
