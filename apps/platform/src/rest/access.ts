import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type AppPermissions, appPermissions, levelAtLeast } from '../companies/permissions';
import { serviceAccountOf } from '../companies/production';
import type { PlatformContext } from '../context';
import type { PlatformProjectRow, ToolLevel } from '../db/schema';
import type { PlatformEnvironment, Principal } from '../tokens';
import { badRequest, forbidden, notFound } from './errors';
import { companyHeader } from './pipeline';

export const MISSING_COMPANY =
  'Missing Platform-Company-Id header!\nEvery request must name the company it acts in: send the header Platform-Company-Id with the id of a company where the app is installed (GET /rest/v1.0/companies lists them).';
export const NOT_CONNECTED = 'App is not connected to this company';

/**
 * Who a REST call acts as, in which company, with what rights (platform-oauth.md §9), evaluated on
 * every request so a new manifest version or a membership change applies to the next call:
 * - the company is the Platform-Company-Id header's: missing → 400 "Missing Platform-Company-Id
 *   header!", not a positive integer → 400, a company where the app is not installed (another app's
 *   sandbox, a company that never installed it, one that does not exist) → 403 "App is not connected
 *   to this company" (the reference's text; no 404, so ids are not probed);
 * - a user token (authorization code) acts as its user, who must be a user of that company (else 403);
 *   company admins may do everything, other users work in the projects they belong to;
 * - a client-credentials token acts as the app's service account with the tool levels of the app's
 *   newest manifest version in the token's environment, in every project of the company (the
 *   reference's admin-chosen "permitted projects" have no counterpart here).
 */
export interface Actor {
  principal: Principal;
  environment: PlatformEnvironment;
  company: { id: number; name: string };
  /** The user a user token acts as; null for a client token (its service account is made on demand). */
  userId: number | null;
  companyAdmin: boolean;
  /** The manifest's grants (client tokens); null for user tokens. */
  permissions: AppPermissions | null;
}

/** The company a token may act in, or null: sandbox — the app's own company; production — where it is installed. */
export async function connectedCompany(
  ctx: PlatformContext,
  principal: Principal,
  environment: PlatformEnvironment,
  companyId: number,
): Promise<{ id: number; name: string } | undefined> {
  if (environment === 'sandbox') {
    return ctx.db
      .selectFrom('platform_companies')
      .select(['id', 'name'])
      .where('id', '=', companyId)
      .where('environment', '=', 'sandbox')
      .where('developer_app_id', '=', principal.appId)
      .where('is_active', '=', true)
      .executeTakeFirst();
  }
  return ctx.db
    .selectFrom('platform_companies as c')
    .select(['c.id', 'c.name'])
    .where('c.id', '=', companyId)
    .where('c.environment', '=', 'production')
    .where('c.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('platform_installations as i')
          .select(sql`1`.as('one'))
          .whereRef('i.company_id', '=', 'c.id')
          .where('i.developer_app_id', '=', principal.appId)
          .where('i.status', '=', 'installed'),
      ),
    )
    .executeTakeFirst();
}

/** The acting company of a request (the header), checked against what the token may reach. */
export async function actorOf(
  ctx: PlatformContext,
  request: FastifyRequest,
  environment: PlatformEnvironment,
): Promise<Actor> {
  const principal = request.principal;
  if (!principal) throw new Error('REST route reached without a principal');
  const companyId = companyHeader(request);
  if (companyId === null) throw badRequest(MISSING_COMPANY);
  if (Number.isNaN(companyId)) {
    throw badRequest('Invalid Platform-Company-Id header: it must be a company id (a positive integer)', {
      'Platform-Company-Id': ['must be a company id (a positive integer)'],
    });
  }
  const company = await connectedCompany(ctx, principal, environment, companyId);
  if (!company) throw forbidden(NOT_CONNECTED);
  if (principal.kind === 'client') {
    return {
      principal,
      environment,
      company,
      userId: null,
      companyAdmin: false,
      permissions: await appPermissions(ctx.db, principal.appId, environment),
    };
  }
  const membership = await ctx.db
    .selectFrom('platform_company_users')
    .select('is_admin')
    .where('company_id', '=', company.id)
    .where('user_id', '=', principal.userId ?? -1)
    .executeTakeFirst();
  if (!membership) throw forbidden('You are not a user of this company');
  return {
    principal,
    environment,
    company,
    userId: principal.userId,
    companyAdmin: membership.is_admin,
    permissions: null,
  };
}

/** A `company_id` parameter (query or body), when given, names the header's company. */
export function sameCompany(actor: Actor, value: unknown): void {
  if (value === undefined || value === null || value === '') return;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text) || Number(text) !== actor.company.id) {
    throw badRequest('company_id must be the company of the Platform-Company-Id header', {
      company_id: ['must be the company of the Platform-Company-Id header'],
    });
  }
}

const LEVEL_NAMES: Record<ToolLevel | 'none', string> = {
  none: 'None',
  readonly: 'Read Only',
  standard: 'Standard',
  admin: 'Admin',
};

const TOOL_NAMES: Record<string, string> = {
  rfi: 'RFIs',
  submittals: 'Submittals',
  portfolio: 'Portfolio',
  webhooks: 'Webhooks API',
};

/** A tool's level for a client token: the tool's own, or admin when the scope's Admin tool is granted. */
export function grantedLevel(
  permissions: AppPermissions,
  scope: 'company' | 'project',
  tool: string,
): ToolLevel | undefined {
  const tools = permissions[scope];
  if (tools.admin === 'admin' || (scope === 'project' && permissions.company.admin === 'admin'))
    return 'admin';
  return tools[tool];
}

/**
 * Whether the actor may use a tool at a level: a client token by the manifest (403 "permission too low"
 * naming the tool, the level needed and the level granted); a user token — company admins always,
 * other users for project tools in their projects (the caller has checked the project), never for
 * company tools.
 */
export function requireTool(
  actor: Actor,
  scope: 'company' | 'project',
  tool: string,
  needed: ToolLevel,
): void {
  const toolName = TOOL_NAMES[tool] ?? tool;
  if (actor.permissions) {
    const granted = grantedLevel(actor.permissions, scope, tool);
    if (!levelAtLeast(granted, needed)) {
      throw forbidden(
        `Permission too low: the app's ${scope} tool ${toolName} is ${LEVEL_NAMES[granted ?? 'none']}; this needs ${LEVEL_NAMES[needed]} or higher`,
      );
    }
    return;
  }
  if (actor.companyAdmin || scope === 'project') return;
  throw forbidden(`Permission too low: the ${scope} tool ${toolName} needs a company admin`);
}

/** The projects an actor may read: all of the company's for client tokens and company admins, else their own. */
export function visibleProjects(ctx: PlatformContext, actor: Actor) {
  let query = ctx.db.selectFrom('platform_projects as p').where('p.company_id', '=', actor.company.id);
  if (actor.permissions === null && !actor.companyAdmin) {
    const userId = actor.userId ?? -1;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('platform_project_users as pu')
          .select(sql`1`.as('one'))
          .whereRef('pu.project_id', '=', 'p.id')
          .where('pu.user_id', '=', userId),
      ),
    );
  }
  return query;
}

/** A path's project id, when the actor may read it; 404 otherwise (another company's, not theirs, none). */
export async function readableProject(
  ctx: PlatformContext,
  actor: Actor,
  raw: string,
): Promise<PlatformProjectRow> {
  if (!/^\d{1,15}$/.test(raw)) throw notFound('Project');
  const project = await visibleProjects(ctx, actor)
    .selectAll('p')
    .where('p.id', '=', Number(raw))
    .executeTakeFirst();
  if (!project) throw notFound('Project');
  return project;
}

/**
 * The app's service account for a client token: "<App> Service Account", named after the production
 * application (named after the app) or the sandbox company ("<App> Sandbox").
 */
export async function serviceAccount(ctx: PlatformContext, actor: Actor) {
  const application = await ctx.db
    .selectFrom('platform_oauth_applications')
    .select('name')
    .where('id', '=', actor.principal.oauthApplicationId)
    .executeTakeFirst();
  const name =
    actor.environment === 'production' && application
      ? application.name
      : actor.company.name.replace(/ Sandbox$/, '');
  return serviceAccountOf(ctx.db, actor.principal.appId, actor.environment, name, ctx.now());
}

/** The user a call acts as: its user, or the app's service account for client credentials. */
export async function actingUser(ctx: PlatformContext, actor: Actor): Promise<number> {
  return actor.userId ?? Number((await serviceAccount(ctx, actor)).id);
}
