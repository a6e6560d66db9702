import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { displayName } from '../companies/sandbox';
import type { PlatformContext } from '../context';
import type { PlatformProjectRow } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';
import { raiseEvent } from '../webhooks/events';
import {
  type Actor,
  actingUser,
  actorOf,
  readableProject,
  requireTool,
  sameCompany,
  visibleProjects,
} from './access';
import { optionalBoolean, optionalDate, optionalText, requiredText, resourceObject, validated } from './body';
import { changeEvent } from './change-event';
import { badRequest, RestError } from './errors';
import { filtersOf, idsFilter, rangeFilter, textFilter } from './filters';
import { pageRequest, setPageHeaders } from './paging';
import { iso, likeText } from './present';

export function presentProject(row: PlatformProjectRow, company: { id: number; name: string }) {
  return {
    id: Number(row.id),
    name: row.name,
    display_name: row.display_name,
    project_number: row.project_number,
    address: row.address,
    city: row.city,
    state_code: row.state_code,
    country_code: row.country_code,
    zip: row.zip,
    county: null,
    latitude: null,
    longitude: null,
    phone: row.phone,
    active: row.active,
    description: row.description,
    square_feet: row.square_feet,
    start_date: row.start_date,
    completion_date: row.completion_date,
    estimated_start_date: null,
    estimated_completion_date: null,
    total_value: row.total_value === null ? null : Number(row.total_value),
    time_zone: row.time_zone,
    flag: null,
    company: { id: Number(company.id), name: company.name },
    project_stage: null,
    office: null,
    project_type: null,
    program: null,
    departments: [],
    origin_id: row.origin_id,
    origin_data: null,
    origin_code: null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const PROJECT_FIELDS = [
  'name',
  'project_number',
  'address',
  'city',
  'state_code',
  'country_code',
  'zip',
  'phone',
  'description',
  'active',
  'square_feet',
  'start_date',
  'completion_date',
  'total_value',
  'time_zone',
  'origin_id',
] as const;

const projectFields = {
  project_number: optionalText(100),
  address: optionalText(255),
  city: optionalText(100),
  state_code: optionalText(10),
  country_code: z
    .string({ error: 'must be a two-letter country code' })
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((code) => code.toUpperCase())
    .nullable()
    .optional(),
  zip: optionalText(20),
  phone: optionalText(40),
  description: optionalText(5000),
  active: optionalBoolean(),
  square_feet: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(2_000_000_000, 'is too large')
    .nullable()
    .optional(),
  start_date: optionalDate(),
  completion_date: optionalDate(),
  total_value: z
    .number({ error: 'must be a number' })
    .min(0, 'must not be negative')
    .max(99_999_999_999_999, 'is too large')
    .nullable()
    .optional(),
  time_zone: z
    .string({ error: 'must be a time zone name' })
    .trim()
    .min(1, "can't be blank")
    .max(64, 'is too long (at most 64 characters)')
    .optional(),
  origin_id: optionalText(255),
};
const createSchema = z.object({ name: requiredText(255), ...projectFields });
const updateSchema = z.object({ name: requiredText(255).optional(), ...projectFields });

const STATUSES = { active: true, inactive: false, all: null } as const;

async function listProjects(ctx: PlatformContext, actor: Actor, query: Record<string, unknown>) {
  const paging = pageRequest(query);
  const filters = filtersOf(query);
  const status = (textFilter(filters, 'by_status') ?? 'Active').toLowerCase();
  if (!(status in STATUSES)) {
    throw badRequest('Invalid filters[by_status]: it must be Active, Inactive or All', {
      'filters[by_status]': ['must be Active, Inactive or All'],
    });
  }
  const active = STATUSES[status as keyof typeof STATUSES];
  const name = textFilter(filters, 'name');
  const number = textFilter(filters, 'project_number');
  const originId = textFilter(filters, 'origin_id');
  const ids = idsFilter(filters, 'id');
  const created = rangeFilter(filters, 'created_at');
  const updated = rangeFilter(filters, 'updated_at');
  let base = visibleProjects(ctx, actor);
  if (active !== null) base = base.where('p.active', '=', active);
  if (name !== undefined) base = base.where('p.name', 'ilike', likeText(name));
  if (number !== undefined) base = base.where('p.project_number', '=', number);
  if (originId !== undefined) base = base.where('p.origin_id', '=', originId);
  if (ids !== undefined) base = base.where('p.id', 'in', ids);
  for (const [column, range] of [
    ['p.created_at', created],
    ['p.updated_at', updated],
  ] as const) {
    if (range?.from) base = base.where(column, '>=', range.from);
    if (range?.to) base = base.where(column, '<=', range.to);
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    base.selectAll('p').orderBy('p.id').limit(paging.perPage).offset(paging.offset).execute(),
  ]);
  return { paging, total: Number(count.total), rows };
}

/** Projects (rest-api.md §7): readable by every token of the company; creating and updating need Portfolio at Standard. */
export function projectRoutes(
  scope: FastifyInstance,
  ctx: PlatformContext,
  environment: PlatformEnvironment,
) {
  for (const path of [
    '/rest/v1.0/projects',
    '/rest/v1.1/projects',
    '/rest/v1.0/companies/:company_id/projects',
  ]) {
    scope.get(path, async (request, reply) => {
      const actor = await actorOf(ctx, request, environment);
      const query = request.query as Record<string, unknown>;
      sameCompany(actor, (request.params as { company_id?: string }).company_id ?? query.company_id);
      const { paging, total, rows } = await listProjects(ctx, actor, query);
      setPageHeaders(request, reply, ctx.config.publicUrl, paging, total);
      if (query.serializer_view === 'compact') {
        return rows.map((row) => ({ id: Number(row.id), name: row.name, display_name: row.display_name }));
      }
      return rows.map((row) => presentProject(row, actor.company));
    });
  }

  for (const version of ['v1.0', 'v1.1']) {
    scope.get(`/rest/${version}/projects/:id`, async (request) => {
      const actor = await actorOf(ctx, request, environment);
      sameCompany(actor, (request.query as Record<string, unknown>).company_id);
      const project = await readableProject(ctx, actor, (request.params as { id: string }).id);
      return presentProject(project, actor.company);
    });
  }

  scope.post('/rest/v1.0/projects', async (request, reply) => {
    const actor = await actorOf(ctx, request, environment);
    sameCompany(actor, (request.body as Record<string, unknown> | undefined)?.company_id);
    requireTool(actor, 'company', 'portfolio', 'standard');
    const fields = validated(createSchema, resourceObject(request.body, 'project', PROJECT_FIELDS));
    const userId = await actingUser(ctx, actor);
    const now = ctx.now();
    const row = await ctx.db.transaction().execute(async (trx) => {
      await duplicateOrigin(trx, actor.company.id, fields.origin_id ?? null, null);
      const inserted = await trx
        .insertInto('platform_projects')
        .values({
          ...fields,
          company_id: actor.company.id,
          display_name: displayName(fields.name, fields.project_number ?? null),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (actor.userId !== null) {
        await trx
          .insertInto('platform_project_users')
          .values({ project_id: inserted.id, user_id: actor.userId })
          .execute();
      }
      await raiseEvent(
        ctx,
        trx,
        changeEvent(
          actor,
          userId,
          'Projects',
          { id: Number(inserted.id), project_id: Number(inserted.id) },
          'create',
        ),
      );
      return inserted;
    });
    return reply.status(201).send(presentProject(row, actor.company));
  });

  scope.patch('/rest/v1.0/projects/:id', async (request) => {
    const actor = await actorOf(ctx, request, environment);
    sameCompany(actor, (request.body as Record<string, unknown> | undefined)?.company_id);
    const project = await readableProject(ctx, actor, (request.params as { id: string }).id);
    requireTool(actor, 'company', 'portfolio', 'standard');
    const fields = validated(updateSchema, resourceObject(request.body, 'project', PROJECT_FIELDS));
    const name = fields.name ?? project.name;
    const number = fields.project_number !== undefined ? fields.project_number : project.project_number;
    const userId = await actingUser(ctx, actor);
    return ctx.db.transaction().execute(async (trx) => {
      if (fields.origin_id) await duplicateOrigin(trx, actor.company.id, fields.origin_id, project.id);
      const row = await trx
        .updateTable('platform_projects')
        .set({ ...fields, display_name: displayName(name, number), updated_at: ctx.now() })
        .where('id', '=', project.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await raiseEvent(
        ctx,
        trx,
        changeEvent(actor, userId, 'Projects', { id: Number(row.id), project_id: Number(row.id) }, 'update'),
      );
      return presentProject(row, actor.company);
    });
  });
}

/** 409 when another project of the company has this origin_id (rest-api.md §6: "duplicate, e.g. an existing origin_id"). */
async function duplicateOrigin(
  db: PlatformContext['db'],
  companyId: number,
  originId: string | null,
  except: number | null,
): Promise<void> {
  if (!originId) return;
  let query = db
    .selectFrom('platform_projects')
    .select('id')
    .where('company_id', '=', companyId)
    .where('origin_id', '=', originId);
  if (except !== null) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) {
    throw new RestError(409, 'origin_id has already been taken', { origin_id: ['has already been taken'] });
  }
}
