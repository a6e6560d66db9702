import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';
import { actorOf, readableProject, serviceAccount } from './access';
import { notFound } from './errors';
import { pageRequest, setPageHeaders } from './paging';

function presentCompany(row: { id: number; name: string; is_active: boolean }) {
  return {
    id: Number(row.id),
    name: row.name,
    is_active: row.is_active,
    logo_url: null,
    pcn_business_experience: null,
    my_company: false,
  };
}

/**
 * `/me` and `/companies` (rest-api.md §7). A user token needs no Platform-Company-Id here and sees its
 * user and the user's companies in the environment; a client token must send it (platform-oauth.md §8)
 * and is the app's service account — "<App> Service Account", one per app and environment, made on first
 * use — in the companies where the app is installed (sandbox: the app's sandbox company; production: the
 * companies that installed it from the marketplace).
 */
export function meRoutes(scope: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  scope.get('/rest/v1.0/me', async (request) => {
    const principal = request.principal;
    if (principal?.kind === 'user' && principal.userId !== null) {
      const user = await ctx.db
        .selectFrom('platform_users')
        .select(['id', 'login', 'name'])
        .where('id', '=', principal.userId)
        .executeTakeFirst();
      if (!user) throw notFound('User');
      return { id: Number(user.id), login: user.login, name: user.name };
    }
    const account = await serviceAccount(ctx, await actorOf(ctx, request, environment));
    return { id: Number(account.id), login: account.login, name: account.name };
  });

  scope.get('/rest/v1.0/companies', async (request) => {
    const principal = request.principal;
    if (principal?.kind === 'user') {
      const rows = await ctx.db
        .selectFrom('platform_companies as c')
        .innerJoin('platform_company_users as cu', 'cu.company_id', 'c.id')
        .select(['c.id', 'c.name', 'c.is_active'])
        .where('cu.user_id', '=', principal.userId ?? -1)
        .where('c.environment', '=', environment)
        .orderBy('c.id')
        .execute();
      return rows.map(presentCompany);
    }
    const actor = await actorOf(ctx, request, environment);
    const rows =
      environment === 'sandbox'
        ? await ctx.db
            .selectFrom('platform_companies')
            .select(['id', 'name', 'is_active'])
            .where('environment', '=', 'sandbox')
            .where('developer_app_id', '=', actor.principal.appId)
            .execute()
        : await ctx.db
            .selectFrom('platform_companies as c')
            .select(['c.id', 'c.name', 'c.is_active'])
            .where('c.environment', '=', 'production')
            .where('c.id', 'in', (eb) =>
              eb
                .selectFrom('platform_installations')
                .select('company_id')
                .where('developer_app_id', '=', actor.principal.appId)
                .where('status', '=', 'installed')
                .where('company_id', 'is not', null)
                .$narrowType<{ company_id: number }>(),
            )
            .orderBy('c.id')
            .execute();
    return rows.map(presentCompany);
  });

  // The people of a project: what an RFI's rfi_manager_id and assignee_ids may name.
  scope.get('/rest/v1.0/projects/:project_id/users', async (request, reply) => {
    const actor = await actorOf(ctx, request, environment);
    const project = await readableProject(ctx, actor, (request.params as { project_id: string }).project_id);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const base = ctx.db
      .selectFrom('platform_project_users as pu')
      .innerJoin('platform_users as u', 'u.id', 'pu.user_id')
      .where('pu.project_id', '=', project.id);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select(['u.id', 'u.login', 'u.name'])
        .orderBy('u.id')
        .limit(paging.perPage)
        .offset(paging.offset)
        .execute(),
    ]);
    setPageHeaders(request, reply, ctx.config.publicUrl, paging, Number(count.total));
    return rows.map((row) => ({
      id: Number(row.id),
      login: row.login,
      name: row.name,
      email_address: row.login,
      is_active: true,
      is_employee: false,
    }));
  });
}
