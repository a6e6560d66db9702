import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { PlatformContext } from '../context';
import type { PlatformDb } from '../db/schema';

/** The languages the platform's own pages speak (the portal's two). */
type Language = 'en' | 'es';

const TEXTS = {
  en: {
    title: (company: string) => `${company} — sandbox company`,
    intro:
      'This is your app’s sandbox company on the platform: the data your API calls read and change. Its id goes in the Platform-Company-Id header.',
    companyId: 'Company id',
    users: 'Users',
    projects: 'Projects',
    name: 'Name',
    login: 'Login',
    role: 'Role',
    admin: 'Company admin',
    member: 'User',
    number: 'Number',
    project: 'Project',
    rfis: 'RFIs',
    submittals: 'Submittals',
    noUsers: 'This company has no users yet.',
    noProjects: 'This company has no projects yet.',
    notFoundTitle: 'Company not found',
    notFound:
      'There is no sandbox company with this id, or you are not one of its users. Sign in as a collaborator of the app it belongs to.',
    more: (shown: number, total: number) => `The first ${shown} of ${total} projects are shown.`,
  },
  es: {
    title: (company: string) => `${company} — empresa de sandbox`,
    intro:
      'Esta es la empresa de sandbox de tu app en la plataforma: los datos que leen y cambian tus llamadas a la API. Su id va en el encabezado Platform-Company-Id.',
    companyId: 'Id de la empresa',
    users: 'Usuarios',
    projects: 'Proyectos',
    name: 'Nombre',
    login: 'Usuario',
    role: 'Rol',
    admin: 'Administrador de la empresa',
    member: 'Usuario',
    number: 'Número',
    project: 'Proyecto',
    rfis: 'RFI',
    submittals: 'Submittals',
    noUsers: 'Esta empresa aún no tiene usuarios.',
    noProjects: 'Esta empresa aún no tiene proyectos.',
    notFoundTitle: 'Empresa no encontrada',
    notFound:
      'No hay ninguna empresa de sandbox con este id, o no eres uno de sus usuarios. Inicia sesión como colaborador de la app a la que pertenece.',
    more: (shown: number, total: number) => `Se muestran los primeros ${shown} de ${total} proyectos.`,
  },
} as const;

/** The most projects one page lists (a sandbox has a handful; a runaway one must not make a huge page). */
const MAX_PROJECTS = 200;

/** The user's language from Accept-Language (highest q first); English unless Spanish comes first. */
export function languageOf(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'es' || tag.startsWith('es-')) return 'es';
    if (tag === 'en' || tag.startsWith('en-') || tag === '*') return 'en';
  }
  return 'en';
}

/** Text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:960px;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
h2{font-size:1.2rem;margin:2rem 0 .5rem}
p{line-height:1.5}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #dee2e6}
th{background:#f1f3f5}
td.n,th.n{text-align:right}
code{background:#e9ecef;padding:.1rem .3rem;border-radius:3px}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'same-origin')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
    .header('Vary', 'Accept-Language, Cookie')
    .send(html);
}

/** A sandbox company and what it holds, when `portalUserId` is one of its users; undefined otherwise. */
export async function companyOverview(db: PlatformDb, companyId: number, portalUserId: number) {
  const company = await db
    .selectFrom('platform_companies as c')
    .select(['c.id', 'c.name'])
    .where('c.id', '=', companyId)
    .where('c.environment', '=', 'sandbox')
    .where('c.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('platform_company_users as cu')
          .innerJoin('platform_users as u', 'u.id', 'cu.user_id')
          .select(sql<number>`1`.as('one'))
          .whereRef('cu.company_id', '=', 'c.id')
          .where('u.portal_user_id', '=', portalUserId),
      ),
    )
    .executeTakeFirst();
  if (!company) return undefined;
  const [users, projects, total] = await Promise.all([
    db
      .selectFrom('platform_company_users as cu')
      .innerJoin('platform_users as u', 'u.id', 'cu.user_id')
      .select(['u.id', 'u.name', 'u.login', 'cu.is_admin'])
      .where('cu.company_id', '=', companyId)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('platform_projects as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.project_number',
        eb
          .selectFrom('platform_rfis as r')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('r.project_id', '=', 'p.id')
          .as('rfis'),
        eb
          .selectFrom('platform_submittals as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.project_id', '=', 'p.id')
          .as('submittals'),
      ])
      .where('p.company_id', '=', companyId)
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(MAX_PROJECTS)
      .execute(),
    db
      .selectFrom('platform_projects')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { company, users, projects, totalProjects: total.n };
}

function renderCompany(
  language: Language,
  overview: NonNullable<Awaited<ReturnType<typeof companyOverview>>>,
): string {
  const t = TEXTS[language];
  const { company, users, projects, totalProjects } = overview;
  const userRows = users
    .map(
      (u) =>
        `<tr><td>${escapeHtml(u.name)}</td><td>${escapeHtml(u.login)}</td><td>${u.is_admin ? t.admin : t.member}</td></tr>`,
    )
    .join('\n');
  const projectRows = projects
    .map(
      (p) =>
        `<tr><td>${p.id}</td><td>${escapeHtml(p.project_number ?? '')}</td><td>${escapeHtml(p.name)}</td><td class="n">${p.rfis ?? 0}</td><td class="n">${p.submittals ?? 0}</td></tr>`,
    )
    .join('\n');
  const body = `<h1>${escapeHtml(company.name)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p>${t.companyId}: <code>${company.id}</code></p>
<section aria-labelledby="users-heading">
<h2 id="users-heading">${t.users}</h2>
${
  users.length === 0
    ? `<p>${t.noUsers}</p>`
    : `<table aria-labelledby="users-heading"><thead><tr><th scope="col">${t.name}</th><th scope="col">${t.login}</th><th scope="col">${t.role}</th></tr></thead><tbody>
${userRows}
</tbody></table>`
}
</section>
<section aria-labelledby="projects-heading">
<h2 id="projects-heading">${t.projects}</h2>
${
  projects.length === 0
    ? `<p>${t.noProjects}</p>`
    : `<table aria-labelledby="projects-heading"><thead><tr><th scope="col">Id</th><th scope="col">${t.number}</th><th scope="col">${t.project}</th><th scope="col" class="n">${t.rfis}</th><th scope="col" class="n">${t.submittals}</th></tr></thead><tbody>
${projectRows}
</tbody></table>${totalProjects > projects.length ? `\n<p>${t.more(projects.length, totalProjects)}</p>` : ''}`
}
</section>`;
  return page(language, t.title(company.name), body);
}

/**
 * `GET /companies/:id` of the sandbox: the company's users and projects (with their RFI and submittal
 * counts) for a signed-in portal user who is one of its users (the sandbox card links here). Anyone
 * else signed in gets the same 404 as for a company that does not exist; nobody signed in, the portal's
 * sign-in first.
 */
export function companyPage(app: FastifyInstance, ctx: PlatformContext): void {
  app.get('/companies/:id', async (request: FastifyRequest, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const t = TEXTS[language];
    const identity = await ctx.identify(request);
    if (!identity) return reply.redirect(ctx.signInUrl(request.url), 302);
    const raw = (request.params as { id: string }).id;
    const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
    const overview =
      Number.isSafeInteger(id) && id <= 2_147_483_647
        ? await companyOverview(ctx.db, id, identity.portalUserId)
        : undefined;
    if (!overview) {
      return send(
        reply,
        404,
        page(language, t.notFoundTitle, `<h1>${t.notFoundTitle}</h1>\n<p>${t.notFound}</p>`),
      );
    }
    return send(reply, 200, renderCompany(language, overview));
  });
}
