import { type Kysely, sql } from 'kysely';

/**
 * The admin lists at scale (issue 11, Performance): counters of the unfiltered lists, so a page does not
 * count a million rows, and the indexes the list sorts read in order.
 *
 * row_counts holds one exact count per name, kept by statement-level triggers that read the statement's
 * transition tables (one update of a counter per statement, not per row, so bulk inserts stay cheap):
 * - developer_apps: every app; developer_apps.not_deleted: those with deleted_at null (soft delete and
 *   undelete move it);
 * - users;
 * - platform_oauth_applications.<environment>: the applications of each environment (an environment
 *   change moves one from a counter to another).
 * A counter row is a hot row: writers of the same table wait for each other's commit. Apps, users and
 * OAuth applications are created at human pace, so that is accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table row_counts (name text primary key, n bigint not null)`.execute(db);

  // Adds each (name, delta) with a non-zero delta, creating the counter when missing.
  await sql`create function row_counts_add(names text[], deltas bigint[]) returns void language sql as $$
    insert into row_counts (name, n)
    select name, delta from unnest(names, deltas) as d(name, delta) where delta <> 0
    order by name
    on conflict (name) do update set n = row_counts.n + excluded.n
  $$`.execute(db);

  // PostgreSQL refuses transition tables on a trigger for several events, so each table has one trigger
  // per event, all calling one function that reads new_rows and/or old_rows as the event has them.
  await sql`create function row_counts_developer_apps() returns trigger language plpgsql as $$
    declare
      total bigint := 0;
      live bigint := 0;
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        select total + count(*), live + count(*) filter (where deleted_at is null)
          into total, live from new_rows;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select total - count(*), live - count(*) filter (where deleted_at is null)
          into total, live from old_rows;
      end if;
      perform row_counts_add(array['developer_apps', 'developer_apps.not_deleted'], array[total, live]);
      return null;
    end
  $$`.execute(db);

  await sql`create function row_counts_users() returns trigger language plpgsql as $$
    declare
      total bigint := 0;
    begin
      if tg_op = 'INSERT' then
        select count(*) into total from new_rows;
      else
        select -count(*) into total from old_rows;
      end if;
      perform row_counts_add(array['users'], array[total]);
      return null;
    end
  $$`.execute(db);

  await sql`create function row_counts_platform_oauth_applications() returns trigger language plpgsql as $$
    declare
      names text[];
      deltas bigint[];
    begin
      if tg_op = 'INSERT' then
        select array_agg('platform_oauth_applications.' || environment), array_agg(n) into names, deltas
          from (select environment, count(*) as n from new_rows group by environment) c;
      elsif tg_op = 'DELETE' then
        select array_agg('platform_oauth_applications.' || environment), array_agg(-n) into names, deltas
          from (select environment, count(*) as n from old_rows group by environment) c;
      else
        select array_agg('platform_oauth_applications.' || environment), array_agg(n) into names, deltas
          from (select environment, sum(n) as n
                  from (select environment, 1 as n from new_rows
                        union all select environment, -1 from old_rows) moves
                 group by environment) c;
      end if;
      if names is not null then
        perform row_counts_add(names, deltas);
      end if;
      return null;
    end
  $$`.execute(db);

  // A truncate leaves no rows: its counters go to zero.
  await sql`create function row_counts_truncate() returns trigger language plpgsql as $$
    begin
      update row_counts set n = 0 where name = tg_table_name or name like tg_table_name || '.%';
      return null;
    end
  $$`.execute(db);

  for (const table of ['developer_apps', 'users', 'platform_oauth_applications'] as const) {
    const fn = sql.id(`row_counts_${table}`);
    const t = sql.id(table);
    await sql`create trigger ${sql.id(`${table}_count_insert`)} after insert on ${t}
      referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_delete`)} after delete on ${t}
      referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_truncate`)} after truncate on ${t}
      for each statement execute function row_counts_truncate()`.execute(db);
  }
  // Updates move apps between deleted and not, applications between environments; users' updates never
  // change their count, so users have no update trigger.
  for (const table of ['developer_apps', 'platform_oauth_applications'] as const) {
    await sql`create trigger ${sql.id(`${table}_count_update`)} after update on ${sql.id(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${sql.id(`row_counts_${table}`)}()`.execute(db);
  }

  // The counters from the rows there are. The triggers exist already and their creation locked the
  // tables against writes until this migration commits, so nothing is counted twice or missed.
  await sql`insert into row_counts (name, n)
    select 'developer_apps', count(*) from developer_apps
    union all select 'developer_apps.not_deleted', count(*) from developer_apps where deleted_at is null
    union all select 'users', count(*) from users
    union all select 'platform_oauth_applications.' || e, count(o.id)
      from unnest(array['production', 'sandbox', 'monthly_sandbox']) e
      left join platform_oauth_applications o on o.environment = e
     group by e`.execute(db);

  // Sorts of the apps list: Created By walks the owners by e-mail and reads each owner's apps in id order
  // (replaces the index on owner_id alone); Deleted reads the deleted apps in order first.
  await sql`create index developer_apps_owner_id on developer_apps (owner_id, id)`.execute(db);
  await sql`drop index if exists developer_apps_owner`.execute(db);
  await sql`create index developer_apps_deleted on developer_apps (deleted_at, id) where deleted_at is not null`.execute(
    db,
  );
  // The apps in review and their published listings are looked up by app.
  await sql`create index app_versions_in_review_app on app_versions (developer_app_id) where state = 'in_review'`.execute(
    db,
  );
  await sql`create index marketplace_submissions_in_review_app on marketplace_submissions (developer_app_id) where state = 'in_review'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'marketplace_submissions_in_review_app',
    'app_versions_in_review_app',
    'developer_apps_deleted',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`create index developer_apps_owner on developer_apps (owner_id)`.execute(db);
  await sql`drop index if exists developer_apps_owner_id`.execute(db);
  for (const table of ['developer_apps', 'users', 'platform_oauth_applications'] as const) {
    for (const event of ['insert', 'delete', 'update', 'truncate']) {
      await sql`drop trigger if exists ${sql.id(`${table}_count_${event}`)} on ${sql.id(table)}`.execute(db);
    }
  }
  for (const fn of [
    'row_counts_truncate',
    'row_counts_platform_oauth_applications',
    'row_counts_users',
    'row_counts_developer_apps',
  ]) {
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  }
  await sql`drop function if exists row_counts_add(text[], bigint[])`.execute(db);
  await sql`drop table row_counts`.execute(db);
}
