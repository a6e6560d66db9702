import type { AdminChangelogEntry, ChangelogEntry } from '@lintel/shared';
import type { ChangelogEntryRow } from '../../db/schema';

/** An entry as the changelog page shows it. */
export function presentChangelogEntry(row: ChangelogEntryRow): ChangelogEntry {
  return {
    id: row.id,
    summary: row.summary,
    description: row.description,
    endpoint: row.endpoint,
    type: row.type,
    breaking: row.breaking,
    datestamp: row.datestamp,
    versions: row.versions,
    link: row.link,
    public: row.public,
  };
}

/** An entry as administrators manage it. */
export function presentAdminChangelogEntry(row: ChangelogEntryRow): AdminChangelogEntry {
  return {
    ...presentChangelogEntry(row),
    hidden: row.hidden,
    documentation_branch: row.documentation_branch,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
