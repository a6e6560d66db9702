import type { PlatformDb, ToolLevel, ToolLevels } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';

/** What an app's service account may do: the permissions of its newest manifest version in an environment. */
export interface AppPermissions {
  version: string | null;
  company: ToolLevels;
  project: ToolLevels;
}

const LEVELS: readonly ToolLevel[] = ['readonly', 'standard', 'admin'];

/** Only the known levels count; anything else is "none" (left out). */
function levels(input: Record<string, unknown>): ToolLevels {
  const out: ToolLevels = {};
  for (const [tool, level] of Object.entries(input)) {
    if (typeof level === 'string' && (LEVELS as readonly string[]).includes(level))
      out[tool] = level as ToolLevel;
  }
  return out;
}

/** The portal tells the platform the newest version's permissions (null: no version, nothing granted). */
export async function setAppPermissions(
  db: PlatformDb,
  appId: number,
  environment: PlatformEnvironment,
  grant: { version: string; company: Record<string, unknown>; project: Record<string, unknown> } | null,
  now = new Date(),
): Promise<void> {
  const values = {
    semantic_version: grant?.version ?? null,
    company_tools: JSON.stringify(levels(grant?.company ?? {})),
    project_tools: JSON.stringify(levels(grant?.project ?? {})),
    updated_at: now,
  };
  await db
    .insertInto('platform_app_permissions')
    .values({ developer_app_id: appId, environment, ...values })
    .onConflict((oc) => oc.columns(['developer_app_id', 'environment']).doUpdateSet(values))
    .execute();
}

export async function appPermissions(
  db: PlatformDb,
  appId: number,
  environment: PlatformEnvironment,
): Promise<AppPermissions> {
  const row = await db
    .selectFrom('platform_app_permissions')
    .select(['semantic_version', 'company_tools', 'project_tools'])
    .where('developer_app_id', '=', appId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return {
    version: row?.semantic_version ?? null,
    company: row?.company_tools ?? {},
    project: row?.project_tools ?? {},
  };
}

/** Whether `granted` reaches `needed` (none < readonly < standard < admin). */
export function levelAtLeast(granted: ToolLevel | undefined, needed: ToolLevel): boolean {
  return granted !== undefined && LEVELS.indexOf(granted) >= LEVELS.indexOf(needed);
}
