import type { AdminChangelogSortKey, ChangelogEntryFields, ChangelogType } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { ChangelogEntryRow } from '../../db/schema';
import { likePattern, type Page, pageOffset, type SortTerm } from '../../http/paging';

export interface ChangelogFeedOptions extends Page {
  /** Non-public entries included (staff). */
  includeNonPublic: boolean;
  /** Entries of this documentation branch are added to the published ones. */
  branch: string | null;
  types: readonly ChangelogType[];
  breakingOnly: boolean;
  search?: string;
}

export interface AdminChangelogListOptions extends Page {
  sort: SortTerm<AdminChangelogSortKey>[];
  search?: string;
  type?: ChangelogType;
}

/** Every SQL statement about changelog entries. */
export const changelogRepository = {
  /** One page of the changelog page's entries, newest first, and how many match. */
  async feed(db: Db, options: ChangelogFeedOptions): Promise<{ rows: ChangelogEntryRow[]; total: number }> {
    let query = db.selectFrom('changelog_entries').where('hidden', '=', false);
    query = options.branch
      ? query.where((eb) =>
          eb.or([eb('documentation_branch', 'is', null), eb('documentation_branch', '=', options.branch)]),
        )
      : query.where('documentation_branch', 'is', null);
    if (!options.includeNonPublic) query = query.where('public', '=', true);
    if (options.types.length > 0) query = query.where('type', 'in', [...options.types]);
    if (options.breakingOnly) query = query.where('breaking', '=', true);
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where((eb) =>
        eb.or([
          eb('summary', 'ilike', pattern),
          eb('description', 'ilike', pattern),
          eb('endpoint', 'ilike', pattern),
        ]),
      );
    }
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('datestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(options.per_page)
      .offset(pageOffset(options))
      .execute();
    return { rows, total: Number(total) };
  },

  /** One page of every entry (hidden and branch ones included) for the admin list. */
  async list(
    db: Db,
    options: AdminChangelogListOptions,
  ): Promise<{ rows: ChangelogEntryRow[]; total: number }> {
    let query = db.selectFrom('changelog_entries');
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where((eb) => eb.or([eb('summary', 'ilike', pattern), eb('endpoint', 'ilike', pattern)]));
    }
    if (options.type) query = query.where('type', '=', options.type);
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = query.selectAll();
    for (const term of options.sort) rows = rows.orderBy(term.key, term.direction);
    rows = rows.orderBy('id', options.sort[0]?.direction ?? 'desc');
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total),
    };
  },

  find(db: Db, id: number): Promise<ChangelogEntryRow | undefined> {
    return db.selectFrom('changelog_entries').selectAll().where('id', '=', id).executeTakeFirst();
  },

  insert(db: Db, fields: ChangelogEntryFields, createdBy: number, now: Date): Promise<ChangelogEntryRow> {
    return db
      .insertInto('changelog_entries')
      .values({ ...fields, created_by: createdBy, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(
    db: Db,
    id: number,
    fields: ChangelogEntryFields,
    now: Date,
  ): Promise<ChangelogEntryRow | undefined> {
    return db
      .updateTable('changelog_entries')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },
};
