import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SUBMITTAL_STATUSES } from '../companies/seed-data';
import type { PlatformContext } from '../context';
import type { PlatformDb, PlatformSubmittalRow } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';
import { raiseEvent } from '../webhooks/events';
import { actingUser, actorOf, readableProject, requireTool } from './access';
import {
  id,
  optionalBoolean,
  optionalDate,
  optionalText,
  requiredText,
  resourceObject,
  validated,
} from './body';
import { changeEvent } from './change-event';
import { badRequest, notFound, unprocessable } from './errors';
import { filtersOf, idFilter, rangeFilter, textFilter } from './filters';
import { pageRequest, setPageHeaders } from './paging';
import { iso, type Person, peopleById } from './present';

function statusOf(name: string) {
  const known = SUBMITTAL_STATUSES.find((status) => status.name === name);
  return known ?? { id: null, name, status: 'Open' };
}

function presentSubmittal(row: PlatformSubmittalRow, people: Map<number, Person>) {
  const person = (userId: number | null) => (userId === null ? null : (people.get(Number(userId)) ?? null));
  // "03 30 00-1": the specification section is the number before the dash.
  const section = row.number.split('-')[0]?.trim() ?? null;
  return {
    id: Number(row.id),
    number: row.number,
    formatted_number: row.revision > 0 ? `${row.number} Rev. ${row.revision}` : row.number,
    revision: String(row.revision),
    current_revision: true,
    title: row.title,
    description: row.description,
    status: statusOf(row.status),
    type: row.type === null ? null : { id: null, name: row.type },
    due_date: row.due_date,
    issue_date: row.issue_date,
    received_date: row.received_date,
    submit_by: null,
    distributed_at: null,
    private: row.private,
    location_id: null,
    cost_code_id: null,
    drawing_ids: [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    approvers: [],
    ball_in_court:
      statusOf(row.status).status === 'Open' ? [person(row.submittal_manager_id)].filter(Boolean) : [],
    submittal_manager: person(row.submittal_manager_id),
    received_from: null,
    responsible_contractor: null,
    distribution_members: [],
    created_by: person(row.created_by_id),
    specification_section: section ? { id: null, number: section, description: null } : null,
    submittal_package: null,
  };
}

async function presentSubmittals(db: PlatformDb, rows: PlatformSubmittalRow[]) {
  const people = await peopleById(
    db,
    rows.flatMap((row) => [row.submittal_manager_id, row.created_by_id]),
  );
  return rows.map((row) => presentSubmittal(row, people));
}

/**
 * What a submittal body may carry (rest-api.md §7 "Create body"): the fields this sandbox keeps; the
 * reference's others (locations, cost codes, packages, distribution…) answer 406 naming them.
 */
const SUBMITTAL_FIELDS = [
  'number',
  'title',
  'description',
  'revision',
  'status_id',
  'type',
  'submittal_manager_id',
  'due_date',
  'issue_date',
  'received_date',
  'private',
];
const submittalFields = {
  title: optionalText(255),
  description: optionalText(20_000),
  revision: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(999, 'is too large')
    .optional(),
  status_id: z
    .number({ error: 'must be a status id' })
    .refine((value) => SUBMITTAL_STATUSES.some((status) => status.id === value), {
      message: `must be a status id (${SUBMITTAL_STATUSES.map((status) => `${status.id} ${status.name}`).join(', ')})`,
    })
    .optional(),
  type: optionalText(100),
  submittal_manager_id: id().nullable().optional(),
  due_date: optionalDate(),
  issue_date: optionalDate(),
  received_date: optionalDate(),
  private: optionalBoolean(),
};
const createSubmittal = z.object({ number: requiredText(100), ...submittalFields });
const updateSubmittal = z.object({ number: requiredText(100).optional(), ...submittalFields });

async function checkManager(db: PlatformDb, projectId: number, managerId: number | null | undefined) {
  if (managerId === undefined || managerId === null) return;
  const member = await db
    .selectFrom('platform_project_users')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', managerId)
    .executeTakeFirst();
  if (!member) throw unprocessable({ submittal_manager_id: ['is not a user of this project'] });
}

/**
 * Submittals of a project (rest-api.md §7), list and show, at /rest/v1.1 and their v1.0 twins: reading
 * needs the project tool Submittals at Read Only (client tokens); a user token reads in its projects.
 * `filters[status]` takes a status name ("Open", "Revise and Resubmit"), `filters[status_id]` its id.
 */
export function submittalRoutes(
  scope: FastifyInstance,
  ctx: PlatformContext,
  environment: PlatformEnvironment,
) {
  for (const version of ['v1.0', 'v1.1']) {
    const base = `/rest/${version}/projects/:project_id/submittals`;
    scope.get(base, async (request, reply) => {
      const actor = await actorOf(ctx, request, environment);
      const project = await readableProject(
        ctx,
        actor,
        (request.params as { project_id: string }).project_id,
      );
      requireTool(actor, 'project', 'submittals', 'readonly');
      const query = request.query as Record<string, unknown>;
      const paging = pageRequest(query);
      const filters = filtersOf(query);
      const statusName = textFilter(filters, 'status');
      const statusId = idFilter(filters, 'status_id');
      let status: string | null | undefined;
      if (statusName !== undefined) {
        const known = SUBMITTAL_STATUSES.find((s) => s.name.toLowerCase() === statusName.toLowerCase());
        if (!known) {
          throw badRequest(
            `Invalid filters[status]: it must be one of ${SUBMITTAL_STATUSES.map((s) => s.name).join(', ')}`,
            {
              'filters[status]': [`must be one of ${SUBMITTAL_STATUSES.map((s) => s.name).join(', ')}`],
            },
          );
        }
        status = known.name;
      }
      if (statusId !== undefined) {
        const known = SUBMITTAL_STATUSES.find((s) => s.id === statusId);
        if (!known)
          throw badRequest('Invalid filters[status_id]: no such status', {
            'filters[status_id]': ['is not a status id'],
          });
        // Both given and naming different statuses: nothing matches.
        status = status === undefined || status === known.name ? known.name : null;
      }
      const created = rangeFilter(filters, 'created_at');
      const updated = rangeFilter(filters, 'updated_at');
      let rows = ctx.db.selectFrom('platform_submittals').where('project_id', '=', project.id);
      if (status === null) rows = rows.where(sql<boolean>`false`);
      else if (status !== undefined) rows = rows.where('status', '=', status);
      for (const [column, range] of [
        ['created_at', created],
        ['updated_at', updated],
      ] as const) {
        if (range?.from) rows = rows.where(column, '>=', range.from);
        if (range?.to) rows = rows.where(column, '<=', range.to);
      }
      const [count, page] = await Promise.all([
        rows.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
        rows.selectAll().orderBy('id').limit(paging.perPage).offset(paging.offset).execute(),
      ]);
      setPageHeaders(request, reply, ctx.config.publicUrl, paging, Number(count.total));
      return presentSubmittals(ctx.db, page);
    });

    scope.get(`${base}/:id`, async (request) => {
      const actor = await actorOf(ctx, request, environment);
      const params = request.params as { project_id: string; id: string };
      const project = await readableProject(ctx, actor, params.project_id);
      requireTool(actor, 'project', 'submittals', 'readonly');
      if (!/^\d{1,15}$/.test(params.id)) throw notFound('Submittal');
      const row = await ctx.db
        .selectFrom('platform_submittals')
        .selectAll()
        .where('project_id', '=', project.id)
        .where('id', '=', Number(params.id))
        .executeTakeFirst();
      if (!row) throw notFound('Submittal');
      const [submittal] = await presentSubmittals(ctx.db, [row]);
      return submittal;
    });

    // Creating and updating need Submittals at Standard; each raises its webhook event in the same transaction.
    scope.post(base, async (request, reply) => {
      const actor = await actorOf(ctx, request, environment);
      const project = await readableProject(
        ctx,
        actor,
        (request.params as { project_id: string }).project_id,
      );
      requireTool(actor, 'project', 'submittals', 'standard');
      const fields = validated(createSubmittal, resourceObject(request.body, 'submittal', SUBMITTAL_FIELDS));
      await checkManager(ctx.db, project.id, fields.submittal_manager_id);
      const userId = await actingUser(ctx, actor);
      const now = ctx.now();
      const row = await ctx.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('platform_submittals')
          .values({
            project_id: project.id,
            number: fields.number,
            title: fields.title ?? '',
            description: fields.description ?? null,
            revision: fields.revision ?? 0,
            status:
              SUBMITTAL_STATUSES.find((status) => status.id === (fields.status_id ?? 1))?.name ?? 'Draft',
            type: fields.type ?? null,
            submittal_manager_id: fields.submittal_manager_id ?? null,
            due_date: fields.due_date ?? null,
            issue_date: fields.issue_date ?? null,
            received_date: fields.received_date ?? null,
            private: fields.private ?? false,
            created_by_id: userId,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await raiseEvent(ctx, trx, changeEvent(actor, userId, 'Submittals', inserted, 'create'));
        return inserted;
      });
      const [submittal] = await presentSubmittals(ctx.db, [row]);
      return reply.status(201).send(submittal);
    });

    scope.patch(`${base}/:id`, async (request) => {
      const actor = await actorOf(ctx, request, environment);
      const params = request.params as { project_id: string; id: string };
      const project = await readableProject(ctx, actor, params.project_id);
      requireTool(actor, 'project', 'submittals', 'standard');
      if (!/^\d{1,15}$/.test(params.id)) throw notFound('Submittal');
      const existing = await ctx.db
        .selectFrom('platform_submittals')
        .select('id')
        .where('project_id', '=', project.id)
        .where('id', '=', Number(params.id))
        .executeTakeFirst();
      if (!existing) throw notFound('Submittal');
      const fields = validated(updateSubmittal, resourceObject(request.body, 'submittal', SUBMITTAL_FIELDS));
      await checkManager(ctx.db, project.id, fields.submittal_manager_id);
      const userId = await actingUser(ctx, actor);
      const { status_id: statusId, ...rest } = fields;
      const row = await ctx.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('platform_submittals')
          .set({
            ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
            ...(rest.title === null ? { title: '' } : {}),
            ...(statusId !== undefined
              ? { status: SUBMITTAL_STATUSES.find((status) => status.id === statusId)?.name ?? 'Draft' }
              : {}),
            updated_at: ctx.now(),
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await raiseEvent(ctx, trx, changeEvent(actor, userId, 'Submittals', updated, 'update'));
        return updated;
      });
      const [submittal] = await presentSubmittals(ctx.db, [row]);
      return submittal;
    });
  }

  // DELETE exists at v1.1 only (rest-api.md §7); it needs Submittals at Standard and raises a "delete" event.
  scope.delete('/rest/v1.1/projects/:project_id/submittals/:id', async (request, reply) => {
    const actor = await actorOf(ctx, request, environment);
    const params = request.params as { project_id: string; id: string };
    const project = await readableProject(ctx, actor, params.project_id);
    requireTool(actor, 'project', 'submittals', 'standard');
    if (!/^\d{1,15}$/.test(params.id)) throw notFound('Submittal');
    const userId = await actingUser(ctx, actor);
    await ctx.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('platform_submittals')
        .where('project_id', '=', project.id)
        .where('id', '=', Number(params.id))
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw notFound('Submittal');
      await raiseEvent(
        ctx,
        trx,
        changeEvent(actor, userId, 'Submittals', { id: removed.id, project_id: project.id }, 'delete'),
      );
    });
    return reply.status(204).send();
  });
}
