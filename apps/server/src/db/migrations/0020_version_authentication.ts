import { type Kysely, sql } from 'kysely';

/**
 * Issue 20 item 6: versions written from the JSON editor kept `auth_code_enabled` false beside a manifest
 * whose permissions make it a service account, which always comes on top of user-level authentication;
 * the builder's form stored with them could say the same. This recomputes every version's flags from its
 * manifest with the rule of that day (shared `authenticationOf`, copied here so this migration never
 * changes): 3.x from its oauth instances; 4.1 from its permissions, user level kept where it was declared.
 * The manifests themselves are not touched. Down leaves the corrected flags: the old ones were wrong.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function authenticationOf(content: unknown, declared: boolean) {
  if (!isRecord(content)) return { auth_code_enabled: declared, service_account_enabled: false };
  const version = content.schema_version;
  if (typeof version === 'string' && /^3(\.\d+)?$/.test(version)) {
    const components = isRecord(content.components) ? content.components : {};
    const oauth = isRecord(components.oauth) ? components.oauth : {};
    const grants = Array.isArray(oauth.instances)
      ? oauth.instances.filter(isRecord).map((i) => i.grant_type)
      : [];
    const serviceAccount = grants.includes('client_credentials');
    return {
      auth_code_enabled: serviceAccount || grants.includes('authorization_code'),
      service_account_enabled: serviceAccount,
    };
  }
  const permissions = isRecord(content.permissions) ? content.permissions : {};
  const serviceAccount = ['company', 'project'].some(
    (scope) => isRecord(permissions[scope]) && Object.keys(permissions[scope] as Json).length > 0,
  );
  return { auth_code_enabled: serviceAccount || declared, service_account_enabled: serviceAccount };
}

interface Row {
  id: number;
  content: unknown;
  configured: unknown;
  auth_code_enabled: boolean;
}

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      select id, content, configured_manifest_content as configured, auth_code_enabled
      from app_versions where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const content = typeof row.content === 'string' ? JSON.parse(row.content) : row.content;
      const configured = typeof row.configured === 'string' ? JSON.parse(row.configured) : row.configured;
      const flags = authenticationOf(content, row.auth_code_enabled);
      const form = isRecord(configured)
        ? {
            ...configured,
            ...flags,
            // A service account's permissions are the manifest's: none without one.
            ...(flags.service_account_enabled ? {} : { permissions: { company: {}, project: {} } }),
          }
        : null;
      const formChanged =
        isRecord(configured) &&
        (configured.auth_code_enabled !== flags.auth_code_enabled ||
          configured.service_account_enabled !== flags.service_account_enabled);
      if (flags.auth_code_enabled === row.auth_code_enabled && !formChanged) continue;
      await sql`
        update app_versions
        set auth_code_enabled = ${flags.auth_code_enabled},
            configured_manifest_content = ${form === null ? null : JSON.stringify(form)}::jsonb
        where id = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // The recomputed flags stay: the ones they replaced contradicted the manifests.
}
