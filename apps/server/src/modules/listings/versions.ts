import type { ListingVersionCandidate } from '@lintel/shared/listing';
import type { Db } from '../../db/index';

/**
 * What the listing needs from the manifests area (app versions, issue 10 and issue 20: "a promoted app
 * version newer than the published one"). Answered by the manifests area (manifests/listing-versions.ts),
 * on the caller's connection (inside its transaction). Which of them a listing may name is the shared
 * rule (listingVersionRule of `@lintel/shared/listing`), the same the web's form applies.
 */
export interface AppVersionPort {
  /** The app's production (promoted) versions. */
  productionVersions(db: Db, appId: number): Promise<ListingVersionCandidate[]>;
  /** The version a listing names, for display; null when unknown. */
  describe(db: Db, appId: number, appVersionId: number): Promise<{ id: number; version: string } | null>;
}
