import type { PlatformDb } from '../db/schema';
import { mirrorMembers } from './members';
import {
  SEED_PROJECTS,
  SEED_RFIS,
  SEED_SUBMITTALS,
  SEEDED_USERS,
  type SeededRole,
  type SeedProject,
  seededLogin,
} from './seed-data';

/**
 * Creates an app's sandbox company when its sandbox goes live, in the provisioning transaction: the
 * seeded users (Test Architect, Test Subcontractor, API Support), the projects with their users — the
 * test project "1234 – Sandbox Test Project" first — their RFIs and submittals, and the app's members
 * as company users (owner and admins as company admins) and users of the test project. Running it
 * again changes nothing but the members. A handful of batched inserts: provisioning runs often in tests.
 */
export async function createSandboxCompany(
  db: PlatformDb,
  input: { companyId: number; appId: number; appName: string },
  now = new Date(),
): Promise<void> {
  const inserted = await db
    .insertInto('platform_companies')
    .values({
      id: input.companyId,
      name: `${input.appName} Sandbox`,
      environment: 'sandbox',
      developer_app_id: input.appId,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await seedCompany(db, input.companyId, now);
  await mirrorMembers(db, input.appId, input.companyId);
}

const DAY_MS = 86_400_000;

/** "number - name", as the reference's projects show it; a name that starts with its number stays as it is. */
export function displayName(name: string, number: string | null): string {
  return number && !name.startsWith(number) ? `${number} - ${name}` : name;
}

/** A project row of the seed (shared with the production companies' first project). */
export function projectValues(companyId: number, seed: SeedProject, createdAt: Date) {
  return {
    company_id: companyId,
    name: seed.name,
    display_name: displayName(seed.name, seed.number),
    project_number: seed.number,
    address: seed.address,
    city: seed.city,
    state_code: seed.state,
    country_code: 'US',
    zip: seed.zip,
    phone: seed.phone,
    description: seed.description,
    active: seed.active,
    square_feet: seed.squareFeet,
    start_date: seed.startDate,
    completion_date: seed.completionDate,
    total_value: seed.totalValue,
    time_zone: seed.timeZone,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

async function seedCompany(db: PlatformDb, companyId: number, now: Date): Promise<void> {
  const users = await db
    .insertInto('platform_users')
    .values(
      SEEDED_USERS.map((user) => ({
        portal_user_id: null,
        login: seededLogin(user.loginName, companyId),
        name: user.name,
        created_at: now,
      })),
    )
    .returning(['id', 'login'])
    .execute();
  const userOf = new Map<SeededRole, number>();
  for (const seeded of SEEDED_USERS) {
    const row = users.find((user) => user.login === seededLogin(seeded.loginName, companyId));
    if (row) userOf.set(seeded.role, row.id);
  }
  const user = (role: SeededRole) => userOf.get(role) ?? null;
  await db
    .insertInto('platform_company_users')
    .values(users.map((row) => ({ company_id: companyId, user_id: row.id, is_admin: false })))
    .execute();

  // Older projects first, a day apart, so created_at orders and filters meaningfully.
  const projects = await db
    .insertInto('platform_projects')
    .values(
      SEED_PROJECTS.map((seed, index) =>
        projectValues(companyId, seed, new Date(now.getTime() - (SEED_PROJECTS.length - index) * DAY_MS)),
      ),
    )
    .returning(['id', 'project_number'])
    .execute();
  const projectAt = (index: number) => {
    const number = SEED_PROJECTS[index]?.number;
    const row = projects.find((p) => p.project_number === number);
    if (!row) throw new Error(`seed project ${index} missing`);
    return row.id;
  };
  await db
    .insertInto('platform_project_users')
    .values(projects.flatMap((p) => users.map((u) => ({ project_id: p.id, user_id: u.id }))))
    .execute();

  const numbers = new Map<number, number>();
  const nextNumber = (projectId: number) => {
    const next = (numbers.get(projectId) ?? 0) + 1;
    numbers.set(projectId, next);
    return next;
  };
  await db
    .insertInto('platform_rfis')
    .values(
      SEED_RFIS.map((seed) => {
        const projectId = projectAt(seed.project);
        const createdAt = new Date(now.getTime() - seed.daysAgo * DAY_MS);
        return {
          project_id: projectId,
          number: nextNumber(projectId),
          subject: seed.subject,
          status: seed.status,
          question_body: seed.question,
          answer_body: seed.answer,
          due_date: seed.dueDate,
          reference: seed.reference,
          location: seed.location,
          schedule_impact: seed.scheduleImpact,
          cost_impact: seed.costImpact,
          rfi_manager_id: user(seed.manager),
          assignee_ids: seed.assignees.map(user).filter((id): id is number => id !== null),
          created_by_id: user(seed.createdBy),
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
  await db
    .insertInto('platform_submittals')
    .values(
      SEED_SUBMITTALS.map((seed) => {
        const createdAt = new Date(now.getTime() - seed.daysAgo * DAY_MS);
        return {
          project_id: projectAt(seed.project),
          number: seed.number,
          revision: seed.revision,
          title: seed.title,
          description: seed.description,
          status: seed.status,
          type: seed.type,
          due_date: seed.dueDate,
          issue_date: seed.issueDate,
          received_date: seed.receivedDate,
          submittal_manager_id: user('architect'),
          created_by_id: user('subcontractor'),
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
}

/**
 * A deleted app's sandbox company goes inactive: none of its tokens work there (verifyAccessToken);
 * undeleting the app makes it active again. The company and its data stay.
 */
export async function setSandboxActive(db: PlatformDb, appId: number, active: boolean): Promise<void> {
  await db
    .updateTable('platform_companies')
    .set({ is_active: active })
    .where('developer_app_id', '=', appId)
    .where('environment', '=', 'sandbox')
    .execute();
}

/**
 * Apps whose sandbox is live but which have no sandbox company (sandboxes that went live before the
 * platform kept companies), with the company id their sandbox reports; at most `limit`.
 */
export async function sandboxesWithoutCompany(
  db: PlatformDb,
  limit: number,
): Promise<{ appId: number; companyId: number }[]> {
  const rows = await db
    .selectFrom('platform_sandboxes as s')
    .select(['s.developer_app_id', 's.company_id'])
    .where('s.status', '=', 'live')
    .where('s.company_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('platform_companies as c')
            .select('c.id')
            .whereRef('c.developer_app_id', '=', 's.developer_app_id')
            .where('c.environment', '=', 'sandbox'),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ appId: row.developer_app_id, companyId: row.company_id ?? 0 }));
}
