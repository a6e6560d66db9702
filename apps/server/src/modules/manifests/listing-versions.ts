import { compareSemver } from '@lintel/shared/manifests';
import type { Db } from '../../db/index';
import type { AppVersionPort } from '../listings/versions';
import { manifestRepository as repo } from './repository';

/**
 * What the listing asks of app versions (issue 10): a listing names a production version of its own app
 * (a promoted one), newer than the version its published listing names.
 */
export function listingAppVersions(): AppVersionPort {
  const production = async (db: Db, appId: number, id: number) => {
    const row = await repo.find(db, id);
    return row && row.developer_app_id === appId && row.environment_type === 'ProductionEnvironment'
      ? row
      : undefined;
  };
  return {
    async hasPromotableVersionFor(db, appId, appVersionId, publishedVersionId) {
      if (appVersionId === null) return false;
      const chosen = await production(db, appId, appVersionId);
      if (!chosen) return false;
      if (publishedVersionId === null || publishedVersionId === appVersionId) {
        return publishedVersionId === null;
      }
      const published = await production(db, appId, publishedVersionId);
      return !published || compareSemver(chosen.semantic_version, published.semantic_version) > 0;
    },
    async describe(db, appId, appVersionId) {
      const row = await production(db, appId, appVersionId);
      return row ? { id: row.id, version: row.semantic_version } : null;
    },
  };
}
