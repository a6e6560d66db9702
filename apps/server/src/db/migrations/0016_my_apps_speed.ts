import { type Kysely, sql } from 'kysely';

/**
 * "My apps" at scale (issue 11, Performance): the list of a user's apps is sorted by the app's
 * created_at and leaves out deleted apps, both columns of developer_apps, so a page had to join every one
 * of the user's apps before it could sort and take 50. A copy of the two columns on each collaborator row
 * lets one partial index hold the user's live apps in list order: a page is a range read of that index,
 * and only its rows are joined to developer_apps.
 *
 * The copies (app_created_at, app_deleted_at) are kept by triggers:
 * - a collaborator row takes its app's values when inserted (or moved to another app);
 * - an app's change of created_at or deleted_at (soft delete, undelete) is copied to its collaborators;
 * - an app's insert copies its values to collaborators inserted in the same statement (a data-modifying
 *   WITH that inserts the app and its owner row together, where the collaborator's trigger may not see
 *   the app yet). Without such rows it is one empty index probe per statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table collaborators
    add column app_created_at timestamptz,
    add column app_deleted_at timestamptz`.execute(db);

  await sql`create function collaborators_app_columns() returns trigger language plpgsql as $$
    begin
      select a.created_at, a.deleted_at into new.app_created_at, new.app_deleted_at
        from developer_apps a where a.id = new.developer_app_id;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger collaborators_app_columns before insert or update of developer_app_id
    on collaborators for each row execute function collaborators_app_columns()`.execute(db);

  await sql`create function developer_apps_to_collaborators() returns trigger language plpgsql as $$
    begin
      update collaborators set app_created_at = new.created_at, app_deleted_at = new.deleted_at
       where developer_app_id = new.id
         and (app_created_at is distinct from new.created_at or app_deleted_at is distinct from new.deleted_at);
      return null;
    end
  $$`.execute(db);
  // Column lists and transition tables do not mix, so the update trigger is per row; it fires only on a
  // real change of either column (apps are deleted and undeleted one at a time).
  await sql`create trigger developer_apps_to_collaborators_update
    after update of created_at, deleted_at on developer_apps for each row
    when (old.created_at is distinct from new.created_at or old.deleted_at is distinct from new.deleted_at)
    execute function developer_apps_to_collaborators()`.execute(db);

  await sql`create function developer_apps_to_new_collaborators() returns trigger language plpgsql as $$
    begin
      update collaborators c set app_created_at = n.created_at, app_deleted_at = n.deleted_at
        from new_rows n
       where c.developer_app_id = n.id
         and (c.app_created_at is distinct from n.created_at or c.app_deleted_at is distinct from n.deleted_at);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger developer_apps_to_collaborators_insert after insert on developer_apps
    referencing new table as new_rows for each statement
    execute function developer_apps_to_new_collaborators()`.execute(db);

  // The rows there are. Creating the triggers locked both tables against writes until this migration
  // commits, so no change slips between the copy and the triggers.
  await sql`update collaborators c set app_created_at = a.created_at, app_deleted_at = a.deleted_at
    from developer_apps a where a.id = c.developer_app_id`.execute(db);

  // The list's order (created_at desc, id desc) over the user's live apps; the role rides along so the
  // page and its window count read the index alone.
  await sql`create index collaborators_user_live_apps
    on collaborators (user_id, app_created_at desc, developer_app_id desc) include (role)
    where app_deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists collaborators_user_live_apps`.execute(db);
  await sql`drop trigger if exists developer_apps_to_collaborators_insert on developer_apps`.execute(db);
  await sql`drop trigger if exists developer_apps_to_collaborators_update on developer_apps`.execute(db);
  await sql`drop trigger if exists collaborators_app_columns on collaborators`.execute(db);
  await sql`drop function if exists developer_apps_to_new_collaborators()`.execute(db);
  await sql`drop function if exists developer_apps_to_collaborators()`.execute(db);
  await sql`drop function if exists collaborators_app_columns()`.execute(db);
  await sql`alter table collaborators drop column app_deleted_at, drop column app_created_at`.execute(db);
}
