import type { Db } from '../../db/index';
import type { AppVersionPort } from '../listings/versions';
import { manifestRepository as repo } from './repository';

/**
 * What the listing asks of app versions (issue 10): a listing names a production version of its own app
 * (a promoted one); which of them is the shared rule's answer (listingVersionRule).
 */
export function listingAppVersions(): AppVersionPort {
  const production = async (db: Db, appId: number, id: number) => {
    const row = await repo.find(db, id);
    return row && row.developer_app_id === appId && row.environment_type === 'ProductionEnvironment'
      ? row
      : undefined;
  };
  return {
    productionVersions: (db, appId) => repo.productionVersions(db, appId),
    async describe(db, appId, appVersionId) {
      const row = await production(db, appId, appVersionId);
      return row ? { id: row.id, version: row.semantic_version } : null;
    },
  };
}
