import type { EnvironmentType, VersionState } from '@lintel/shared/manifests';
import type { Db } from '../../db/index';
import type { AppVersionRow } from '../../db/schema';
import { type Page, pageOffset } from '../../http/paging';

/** A version without its documents: what lists and summaries read. */
export type AppVersionSummaryRow = Omit<AppVersionRow, 'content' | 'configured_manifest_content'>;

const SUMMARY_COLUMNS = [
  'id',
  'developer_app_id',
  'environment_type',
  'semantic_version',
  'state',
  'schema_version',
  'auth_code_enabled',
  'changelog',
  'app_version_key',
  'developer_notes',
  'admin_notes',
  'rejected_at',
  'source_app_version_id',
  'created_by',
  'created_at',
  'updated_at',
] as const;

export interface NewAppVersion {
  developer_app_id: number;
  environment_type: EnvironmentType;
  semantic_version: string;
  state: VersionState;
  schema_version: string;
  content: Record<string, unknown>;
  configured_manifest_content: Record<string, unknown> | null;
  auth_code_enabled: boolean;
  changelog: string | null;
  app_version_key: string;
  source_app_version_id: number | null;
  created_by: number;
  created_at: Date;
}

/** Every SQL statement about app versions and analytics events. */
export const manifestRepository = {
  /** Locks the app row for the transaction, so that two writers of one app's versions go one after the other. */
  async lockApp(db: Db, appId: number): Promise<void> {
    await db.selectFrom('developer_apps').select('id').where('id', '=', appId).forNoKeyUpdate().execute();
  },

  /** One page of an app's versions, newest first (index app_versions_app_env_newest). */
  list(
    db: Db,
    appId: number,
    environment: EnvironmentType | undefined,
    page: Page,
  ): Promise<AppVersionSummaryRow[]> {
    let query = db.selectFrom('app_versions').select(SUMMARY_COLUMNS).where('developer_app_id', '=', appId);
    if (environment) query = query.where('environment_type', '=', environment);
    return query.orderBy('id', 'desc').limit(page.per_page).offset(pageOffset(page)).execute();
  },

  /** Every production version of an app (id, version): what a listing may name is chosen among them. */
  productionVersions(
    db: Db,
    appId: number,
  ): Promise<{ id: number; semantic_version: string; environment_type: EnvironmentType }[]> {
    return db
      .selectFrom('app_versions')
      .select(['id', 'semantic_version', 'environment_type'])
      .where('developer_app_id', '=', appId)
      .where('environment_type', '=', 'ProductionEnvironment')
      .orderBy('id', 'desc')
      .execute();
  },

  async count(db: Db, appId: number, environment: EnvironmentType | undefined): Promise<number> {
    let query = db
      .selectFrom('app_versions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('developer_app_id', '=', appId);
    if (environment) query = query.where('environment_type', '=', environment);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** The newest version of an app in one environment. */
  /** The newest version's number and manifest in one environment (what the platform grants). */
  latestManifest(
    db: Db,
    appId: number,
    environment: EnvironmentType,
  ): Promise<Pick<AppVersionRow, 'semantic_version' | 'content'> | undefined> {
    return db
      .selectFrom('app_versions')
      .select(['semantic_version', 'content'])
      .where('developer_app_id', '=', appId)
      .where('environment_type', '=', environment)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  latest(db: Db, appId: number, environment: EnvironmentType): Promise<AppVersionSummaryRow | undefined> {
    return db
      .selectFrom('app_versions')
      .select(SUMMARY_COLUMNS)
      .where('developer_app_id', '=', appId)
      .where('environment_type', '=', environment)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /**
   * An app's version counts and newest version per environment in two statements (the app page reads
   * them on every visit): counts and newest ids grouped, then those rows.
   */
  async overview(
    db: Db,
    appId: number,
  ): Promise<Record<EnvironmentType, { count: number; latest: AppVersionSummaryRow | undefined }>> {
    const groups = await db
      .selectFrom('app_versions')
      .select((eb) => [
        'environment_type',
        eb.fn.countAll<string>().as('count'),
        eb.fn.max('id').as('latest_id'),
      ])
      .where('developer_app_id', '=', appId)
      .groupBy('environment_type')
      .execute();
    const ids = groups.map((group) => group.latest_id);
    const rows =
      ids.length === 0
        ? []
        : await db.selectFrom('app_versions').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
    const of = (environment: EnvironmentType) => {
      const group = groups.find((g) => g.environment_type === environment);
      return {
        count: Number(group?.count ?? 0),
        latest: rows.find((row) => row.id === group?.latest_id),
      };
    };
    return { Sandbox: of('Sandbox'), ProductionEnvironment: of('ProductionEnvironment') };
  },

  find(db: Db, id: number): Promise<AppVersionRow | undefined> {
    return db.selectFrom('app_versions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The production version promoted from a sandbox version, if any. */
  promotionOf(db: Db, sourceId: number): Promise<{ id: number } | undefined> {
    return db
      .selectFrom('app_versions')
      .select('id')
      .where('source_app_version_id', '=', sourceId)
      .executeTakeFirst();
  },

  /** The sandbox versions of these ids that have been promoted. */
  async promotedAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('app_versions')
      .select('source_app_version_id')
      .where('source_app_version_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.source_app_version_id).filter((id): id is number => id !== null));
  },

  insert(db: Db, version: NewAppVersion): Promise<AppVersionRow> {
    return db
      .insertInto('app_versions')
      .values({
        ...version,
        content: JSON.stringify(version.content),
        configured_manifest_content:
          version.configured_manifest_content === null
            ? null
            : JSON.stringify(version.configured_manifest_content),
        updated_at: version.created_at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The review state and its notes: the only things of a version that change. */
  setState(
    db: Db,
    id: number,
    change: {
      state: VersionState;
      developer_notes?: string | null;
      admin_notes?: string | null;
      rejected_at?: Date | null;
    },
    now: Date,
  ): Promise<AppVersionRow> {
    return db
      .updateTable('app_versions')
      .set({ ...change, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async recordEvent(
    db: Db,
    userId: number | null,
    key: string,
    properties: Record<string, unknown>,
  ): Promise<void> {
    await db
      .insertInto('analytics_events')
      .values({ user_id: userId, key, properties: JSON.stringify(properties) })
      .execute();
  },
};
