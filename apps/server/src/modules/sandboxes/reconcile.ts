import type { ServiceDeps, Services } from '../../services';
import { tellPlatformMembers } from '../collaborators/platform-members';
import { developerAppRepository as apps } from '../developer-apps/repository';

/**
 * Sandboxes that went live before the platform kept companies get theirs now, with what the portal
 * tells about every app (its team, its newest versions' permissions, whether it is deleted): run at
 * start, a batch at a time, until none is left. Returns how many apps it told about.
 */
export async function reconcileSandboxes(
  deps: Pick<ServiceDeps, 'db' | 'platform'>,
  services: Pick<Services, 'manifests'>,
  batch = 100,
): Promise<number> {
  const { db, platform } = deps;
  let told = 0;
  for (;;) {
    const appIds = await platform.sandboxesWithoutCompany(batch);
    if (appIds.length === 0) return told;
    for (const appId of appIds) {
      const app = await apps.find(db, appId);
      await tellPlatformMembers(db, platform, appId);
      await services.manifests.tellPlatformPermissions(appId, 'Sandbox');
      await services.manifests.tellPlatformPermissions(appId, 'ProductionEnvironment');
      await platform.ensureSandboxCompany(appId, app?.internal_name ?? `App ${appId}`);
      if (app?.deleted_at) await platform.setAppActive(appId, false);
      told += 1;
    }
  }
}
