import {
  type AdminChangelogSortKey,
  type ChangelogEntryChanges,
  type ChangelogEntryFields,
  type ChangelogType,
  normaliseChangelogEntry,
  type SortValue,
} from '@lintel/shared';
import type { Db } from '../../db/index';
import type { ChangelogEntryRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { type Page, sortTerms } from '../../http/paging';
import { changelogPolicy } from './policy';
import { changelogRepository as repo } from './repository';

export interface ChangelogFeedQuery extends Page {
  custom_service_sha?: string;
  filters?: { type?: ChangelogType[]; breaking?: boolean; search?: string };
}

export interface AdminChangelogQuery extends Page {
  sort: SortValue<AdminChangelogSortKey>[];
  filters?: { search?: string; type?: ChangelogType };
}

/** The aggregated API changelog: what visitors, developers and staff read, and what administrators write. */
export class ChangelogService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * The changelog page's entries, newest first. Non-public entries only for staff; custom_service_sha
   * adds the entries of that documentation branch for staff and is ignored for anyone else (spec 2 §6).
   */
  feed(actor: UserRow | null, query: ChangelogFeedQuery) {
    const branch = query.custom_service_sha?.trim() || null;
    return repo.feed(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      includeNonPublic: changelogPolicy.canSeeNonPublic(actor),
      branch: changelogPolicy.canSwitchBranch(actor) ? branch : null,
      types: query.filters?.type ?? [],
      breakingOnly: query.filters?.breaking === true,
      search: query.filters?.search?.trim() || undefined,
    });
  }

  /** Every entry, newest datestamp first unless sorted otherwise. */
  list(query: AdminChangelogQuery) {
    return repo.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms<AdminChangelogSortKey>(query.sort.length > 0 ? query.sort : ['-datestamp']),
      search: query.filters?.search?.trim() || undefined,
      type: query.filters?.type,
    });
  }

  async find(id: number): Promise<ChangelogEntryRow> {
    const row = await repo.find(this.deps.db, id);
    if (!row) throw errors.notFound('Changelog entry');
    return row;
  }

  create(admin: UserRow, input: ChangelogEntryFields, now = new Date()): Promise<ChangelogEntryRow> {
    return repo.insert(this.deps.db, normaliseChangelogEntry(input), admin.id, now);
  }

  /** Applies the given fields; `hidden` hides the entry from every changelog page or shows it again. */
  update(id: number, changes: ChangelogEntryChanges, now = new Date()): Promise<ChangelogEntryRow> {
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await repo.find(trx, id);
      if (!current) throw errors.notFound('Changelog entry');
      const pick = <K extends keyof ChangelogEntryChanges & keyof ChangelogEntryRow>(key: K) =>
        changes[key] === undefined ? current[key] : changes[key];
      const merged = normaliseChangelogEntry({
        summary: changes.summary ?? current.summary,
        description: changes.description ?? current.description,
        endpoint: emptyToNull(pick('endpoint')),
        type: changes.type ?? current.type,
        breaking: changes.breaking ?? current.breaking,
        datestamp: changes.datestamp ?? current.datestamp,
        versions: emptyToNull(pick('versions')),
        link: emptyToNull(pick('link')),
        public: changes.public ?? current.public,
        hidden: changes.hidden ?? current.hidden,
        documentation_branch: emptyToNull(pick('documentation_branch')),
      });
      const updated = await repo.update(trx, id, merged, now);
      if (!updated) throw errors.notFound('Changelog entry');
      return updated;
    });
  }
}

function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}
