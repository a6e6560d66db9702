import { type Kysely, sql } from 'kysely';

/**
 * Users the platform makes itself (seeded sandbox users, each app's service account) are found by their
 * login: one row per login, so two requests creating an app's service account at once make one.
 * Installations recorded before installing companies became production companies get theirs now (with
 * the one project a new production company starts with), so their apps' production tokens can act there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index platform_users_platform_login on platform_users (login)
    where portal_user_id is null`.execute(db);

  await sql`insert into platform_companies (id, name, environment, created_at)
    select nextval('platform_production_company_ids'), company_name, 'production', now()
    from (select distinct company_name from platform_installations where company_id is null) names
    where not exists (
      select 1 from platform_companies c where c.environment = 'production' and c.name = names.company_name
    )`.execute(db);
  await sql`update platform_installations i set company_id = c.id
    from platform_companies c
    where i.company_id is null and c.environment = 'production' and c.name = i.company_name`.execute(db);
  await sql`insert into platform_projects (company_id, name, display_name, project_number, address, city,
      state_code, country_code, zip, phone, description, square_feet, start_date, completion_date,
      total_value, time_zone)
    select c.id, 'Headquarters Office Renovation', '1001 - Headquarters Office Renovation', '1001',
      '100 Main Street', 'Springfield', 'IL', 'US', '62701', '(217) 555-0100',
      'Renovation of the company headquarters: the first project of a company that installed the app.',
      30000, '2026-04-06', '2027-02-26', 7500000, 'US/Central'
    from platform_companies c
    where c.environment = 'production'
      and not exists (select 1 from platform_projects p where p.company_id = c.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index platform_users_platform_login`.execute(db);
}
