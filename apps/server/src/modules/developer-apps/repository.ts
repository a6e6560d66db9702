import type { CollaboratorRole } from '@lintel/shared';
import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../../db/index';
import { epochMs, isoTime } from '../../db/iso-time';
import { preparedOnce } from '../../db/prepared';
import type { DeveloperAppRow, UserRow } from '../../db/schema';
import { type Page, pageOffset } from '../../http/paging';
import type { SandboxStatus, SandboxStatusSql } from '../../platform/types';
import { appLiveSql } from '../listings/live';

export type AppChanges = Partial<
  Pick<
    DeveloperAppRow,
    | 'internal_name'
    | 'name'
    | 'confidential'
    | 'production_access'
    | 'redirect_uri'
    | 'thumbnail_key'
    | 'thumbnail_content_type'
    | 'deleted_at'
    | 'marketplace_enabled'
    | 'legacy'
    | 'connectable'
    | 'allowed_cors_domains'
  >
>;

/**
 * A row of the user's apps list: the columns the list shows, the user's role and whether the app is live
 * (isAppLive, decided in the statement). The times come as PostgreSQL formats them (created_at as
 * toISOString text, updated_at as getTime milliseconds for the thumbnail's URL, only when there is a
 * thumbnail), so no Date is parsed and re-serialised per row. `sandbox_status` is read in the same
 * statement when the platform offers it as SQL (Platform.sandboxStatusSql), else it is undefined and the
 * service asks the platform.
 */
export type AppListRow = Pick<DeveloperAppRow, 'id' | 'name' | 'internal_name' | 'thumbnail_key'> & {
  created_at: string;
  updated_at_ms: number | null;
  role: CollaboratorRole;
  live: boolean;
  sandbox_status?: SandboxStatus | null;
};

/** Every SQL statement about developer apps and the role of a user on them. */
export const developerAppRepository = {
  find(db: Db, id: number): Promise<DeveloperAppRow | undefined> {
    return db.selectFrom('developer_apps').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async roleOf(db: Db, appId: number, userId: number): Promise<CollaboratorRole | null> {
    const row = await db
      .selectFrom('collaborators')
      .select('role')
      .where('developer_app_id', '=', appId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  },

  owner(db: Db, app: DeveloperAppRow): Promise<Pick<UserRow, 'id' | 'name' | 'email' | 'platform_id'>> {
    return db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'platform_id'])
      .where('id', '=', app.owner_id)
      .executeTakeFirstOrThrow();
  },

  /**
   * One page of the live apps a user owns or collaborates on, newest first, and their number, in one
   * statement. The page is a range read of the partial index collaborators_user_live_apps (the user's
   * collaborator rows of live apps in list order, the role included; 0016_my_apps_speed), the total a
   * window count over that range; only the page's rows are then joined to developer_apps, and each reads
   * its live flag (and, given `sandboxStatus`, its sandbox's status) by subquery. A page past the end has
   * no row to carry the total, so only then is it counted on its own (same index). The statement is built
   * and compiled once per database and status expression, and PostgreSQL prepares it once per connection
   * (preparedOnce): it runs on every visit of "My apps", and parsing and planning it cost more than running it.
   */
  async listForUser(
    db: Db,
    userId: number,
    page: Page,
    sandboxStatus?: SandboxStatusSql,
  ): Promise<{ rows: AppListRow[]; total: number }> {
    const query = compiledUserAppsPage(db, sandboxStatus);
    const { rows: found } = await db.executeQuery<AppListRow & { total: string }>({
      ...query,
      parameters: [userId, page.per_page, pageOffset(page)],
    });
    const first = found[0];
    if (first) return { rows: found.map(({ total: _total, ...row }) => row), total: Number(first.total) };
    if (pageOffset(page) === 0) return { rows: [], total: 0 };
    const { total } = await liveCollaborations(db, userId)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows: [], total: Number(total) };
  },

  /** Inserts the app and its owner as collaborator. */
  async insert(
    db: Db,
    values: { internalName: string; ownerId: number },
    now: Date,
  ): Promise<DeveloperAppRow> {
    const app = await db
      .insertInto('developer_apps')
      .values({
        internal_name: values.internalName,
        name: values.internalName,
        owner_id: values.ownerId,
        thumbnail_key: null,
        thumbnail_content_type: null,
        published_at: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('collaborators')
      .values({ developer_app_id: app.id, user_id: values.ownerId, role: 'owner', created_at: now })
      .execute();
    return app;
  },

  async hasIntegrationContacts(db: Db, appId: number): Promise<boolean> {
    const row = await db
      .selectFrom('integration_contacts')
      .select('id')
      .where('developer_app_id', '=', appId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  update(db: Db, id: number, changes: AppChanges, now: Date): Promise<DeveloperAppRow> {
    return db
      .updateTable('developer_apps')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};

/** The user's collaborator rows of live apps (the rows of the partial index collaborators_user_live_apps). */
function liveCollaborations(db: Db, userId: number) {
  return db
    .selectFrom('collaborators as c')
    .where('c.user_id', '=', userId)
    .where('c.app_deleted_at', 'is', null);
}

type UserAppsPageQuery = CompiledQuery<AppListRow & { total: string }>;
const compiledPages = new WeakMap<Db, Map<SandboxStatusSql | undefined, UserAppsPageQuery>>();

/** userAppsPageQuery compiled for `db`; its parameters are (user id, per page, offset), in that order. */
function compiledUserAppsPage(db: Db, sandboxStatus: SandboxStatusSql | undefined): UserAppsPageQuery {
  let byStatus = compiledPages.get(db);
  if (!byStatus) {
    byStatus = new Map();
    compiledPages.set(db, byStatus);
  }
  let compiled = byStatus.get(sandboxStatus);
  if (!compiled) {
    const probe = { userId: -101, page: { page: 3, per_page: -103 } };
    compiled = userAppsPageQuery(db, probe.userId, probe.page, sandboxStatus).compile();
    const [user, limit, offset, ...rest] = compiled.parameters;
    if (
      user !== probe.userId ||
      limit !== probe.page.per_page ||
      offset !== pageOffset(probe.page) ||
      rest.length > 0
    )
      throw new Error(`unexpected parameters of the apps page: ${compiled.sql}`);
    byStatus.set(sandboxStatus, preparedOnce(compiled));
  }
  return compiled;
}

/**
 * The statement of a page of the user's apps with their total (see listForUser); exported for the
 * benchmark, which EXPLAINs the SQL the server runs.
 */
export function userAppsPageQuery(db: Db, userId: number, page: Page, sandboxStatus?: SandboxStatusSql) {
  const pageRows = liveCollaborations(db, userId)
    .select(['c.developer_app_id', 'c.app_created_at', 'c.role'])
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('c.app_created_at', 'desc')
    .orderBy('c.developer_app_id', 'desc')
    .limit(page.per_page)
    .offset(pageOffset(page))
    .as('p');
  return db
    .selectFrom(pageRows)
    .innerJoin('developer_apps as a', 'a.id', 'p.developer_app_id')
    .select([
      'a.id',
      'a.name',
      'a.internal_name',
      'a.thumbnail_key',
      isoTime(sql.ref('a.created_at')).as('created_at'),
      sql<
        number | null
      >`case when a.thumbnail_key is not null then ${epochMs(sql.ref('a.updated_at'))} end`.as(
        'updated_at_ms',
      ),
      'p.role',
      'p.total',
      appLiveSql(sql.ref('a.id'), sql.ref('a.deleted_at')).as('live'),
    ])
    .$if(sandboxStatus !== undefined, (query) =>
      query.select((sandboxStatus as SandboxStatusSql)(sql.ref('a.id')).as('sandbox_status')),
    )
    .orderBy('p.app_created_at', 'desc')
    .orderBy('p.developer_app_id', 'desc');
}
