import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { PlatformContext } from '../context';
import type { PlatformDb, PlatformProjectRow, PlatformRfiRow } from '../db/schema';
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
import { badRequest, type FieldErrors, notFound, RestError, unprocessable } from './errors';
import { filtersOf, idFilter, rangeFilter, textFilter } from './filters';
import { pageRequest, setPageHeaders } from './paging';
import { iso, likeText, type Person, peopleById } from './present';

const STATUS_NAMES: Record<PlatformRfiRow['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  draft: 'Draft',
  recycled: 'Recycled',
};

const impact = (status: string | null) => ({ status: status ?? 'tbd', value: null });

function presentRfi(row: PlatformRfiRow, people: Map<number, Person>) {
  const person = (userId: number | null) => (userId === null ? null : (people.get(Number(userId)) ?? null));
  const assignees = row.assignee_ids
    .map((userId) => person(Number(userId)))
    .filter((p): p is Person => p !== null);
  const ballInCourt =
    row.status === 'open' ? assignees : row.status === 'draft' ? [person(row.rfi_manager_id)] : [];
  return {
    id: Number(row.id),
    number: String(row.number),
    full_number: String(row.number),
    prefix: null,
    subject: row.subject,
    status: row.status,
    translated_status: STATUS_NAMES[row.status],
    due_date: row.due_date,
    initiated_at: iso(row.created_at),
    time_resolved: row.status === 'closed' ? iso(row.updated_at) : null,
    private: row.private,
    reference: row.reference,
    link: null,
    location_id: null,
    location: row.location === null ? null : { id: null, name: row.location },
    deleted: row.status === 'recycled',
    deleted_at: null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: person(row.created_by_id),
    assignee: assignees[0] ?? null,
    assignees,
    ball_in_court: ballInCourt.filter((p) => p !== null),
    rfi_manager: person(row.rfi_manager_id),
    received_from: null,
    responsible_contractor: null,
    cost_impact: impact(row.cost_impact),
    schedule_impact: impact(row.schedule_impact),
    questions: [
      {
        id: Number(row.id),
        body: row.question_body,
        plain_text_body: row.question_body,
        created_at: iso(row.created_at),
        created_by: person(row.created_by_id),
        answers:
          row.answer_body === null
            ? []
            : [
                {
                  id: Number(row.id),
                  body: row.answer_body,
                  plain_text_body: row.answer_body,
                  official: true,
                  created_at: iso(row.updated_at),
                },
              ],
      },
    ],
  };
}

async function presentRfis(db: PlatformDb, rows: PlatformRfiRow[]) {
  const people = await peopleById(
    db,
    rows.flatMap((row) => [row.rfi_manager_id, row.created_by_id, ...row.assignee_ids.map(Number)]),
  );
  return rows.map((row) => presentRfi(row, people));
}

/**
 * What an RFI body may carry (rest-api.md §7 "Create body"): the fields this sandbox keeps. Reference
 * fields it has no data for (locations, cost codes, specification sections, distribution lists…) and
 * anything else answer 406 naming them, rather than being dropped silently.
 */
const CREATE_FIELDS = [
  'subject',
  'rfi_manager_id',
  'question',
  'assignee_ids',
  'due_date',
  'reference',
  'private',
  'draft',
];
const UPDATE_FIELDS = [...CREATE_FIELDS, 'status'];
const QUESTION_FIELDS = ['body'];

const question = z.object(
  { body: requiredText(20_000) },
  { error: (issue) => (issue.input === undefined ? "can't be blank" : 'must be an object with a body') },
);
const rfiFields = {
  assignee_ids: z
    .array(id(), { error: 'must be a list of user ids' })
    .max(50, 'has too many users (at most 50)')
    .optional(),
  due_date: optionalDate(),
  reference: optionalText(255),
  private: optionalBoolean(),
  draft: optionalBoolean(),
};
const createSchema = z.object({ subject: requiredText(255), rfi_manager_id: id(), question, ...rfiFields });
const updateSchema = z.object({
  subject: requiredText(255).optional(),
  rfi_manager_id: id().optional(),
  question: question.optional(),
  status: z.enum(['open', 'closed', 'draft'], { error: 'must be open, closed or draft' }).optional(),
  ...rfiFields,
});

/** The people an RFI names must work on its project (422 otherwise, nothing written). */
async function checkPeople(
  db: PlatformDb,
  projectId: number,
  fields: { rfi_manager_id?: number | undefined; assignee_ids?: number[] | undefined },
): Promise<void> {
  const wanted = [...(fields.rfi_manager_id ? [fields.rfi_manager_id] : []), ...(fields.assignee_ids ?? [])];
  if (wanted.length === 0) return;
  const rows = await db
    .selectFrom('platform_project_users')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', wanted)
    .execute();
  const members = new Set(rows.map((row) => Number(row.user_id)));
  const errors: FieldErrors = {};
  if (fields.rfi_manager_id && !members.has(fields.rfi_manager_id))
    errors.rfi_manager_id = ['is not a user of this project'];
  const strangers = (fields.assignee_ids ?? []).filter((userId) => !members.has(userId));
  if (strangers.length > 0)
    errors.assignee_ids = [
      `${strangers.join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not users of this project`,
    ];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const RFI_STATUSES = ['open', 'closed', 'draft', 'recycled'] as const;

const SORTABLE = ['number', 'subject', 'status', 'due_date', 'created_at', 'updated_at'] as const;

/** `sort_attribute` and `sort_direction` (rest-api.md §4): by number, ascending, unless asked otherwise. */
function rfiOrder(query: Record<string, unknown>): {
  column: (typeof SORTABLE)[number];
  direction: 'asc' | 'desc';
} {
  const attribute = query.sort_attribute ?? 'number';
  const direction = query.sort_direction ?? 'asc';
  if (typeof attribute !== 'string' || !(SORTABLE as readonly string[]).includes(attribute)) {
    throw badRequest(`Invalid sort_attribute: it must be one of ${SORTABLE.join(', ')}`, {
      sort_attribute: [`must be one of ${SORTABLE.join(', ')}`],
    });
  }
  if (direction !== 'asc' && direction !== 'desc') {
    throw badRequest('Invalid sort_direction: it must be asc or desc', {
      sort_direction: ['must be asc or desc'],
    });
  }
  return { column: attribute as (typeof SORTABLE)[number], direction };
}

async function findRfi(
  ctx: PlatformContext,
  project: PlatformProjectRow,
  raw: string,
): Promise<PlatformRfiRow> {
  if (!/^\d{1,15}$/.test(raw)) throw notFound('RFI');
  const row = await ctx.db
    .selectFrom('platform_rfis')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('id', '=', Number(raw))
    .executeTakeFirst();
  if (!row) throw notFound('RFI');
  return row;
}

/**
 * RFIs of a project (rest-api.md §7): reading needs the project tool RFIs at Read Only, creating and
 * updating at Standard (client tokens, from the manifest); a user token works in the projects its user
 * belongs to (all of them for company admins).
 */
export function rfiRoutes(scope: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  const base = '/rest/v1.0/projects/:project_id/rfis';

  scope.get(base, async (request, reply) => {
    const actor = await actorOf(ctx, request, environment);
    const project = await readableProject(ctx, actor, (request.params as { project_id: string }).project_id);
    requireTool(actor, 'project', 'rfi', 'readonly');
    const query = request.query as Record<string, unknown>;
    const paging = pageRequest(query);
    const filters = filtersOf(query);
    const status = textFilter(filters, 'status');
    if (status !== undefined && !(RFI_STATUSES as readonly string[]).includes(status)) {
      throw badRequest('Invalid filters[status]: it must be open, closed, draft or recycled', {
        'filters[status]': ['must be open, closed, draft or recycled'],
      });
    }
    const manager = idFilter(filters, 'rfi_manager_id');
    const ballInCourt = idFilter(filters, 'ball_in_court_id');
    const order = rfiOrder(query);
    const created = rangeFilter(filters, 'created_at');
    const updated = rangeFilter(filters, 'updated_at');
    const searchValue = query.search ?? filters.query;
    if (searchValue !== undefined && typeof searchValue !== 'string')
      throw badRequest('Invalid search: it must be one text');
    let rows = ctx.db.selectFrom('platform_rfis').where('project_id', '=', project.id);
    rows = status
      ? rows.where('status', '=', status as PlatformRfiRow['status'])
      : rows.where('status', '<>', 'recycled');
    if (manager !== undefined) rows = rows.where('rfi_manager_id', '=', manager);
    // Ball in court as presented: an open RFI's assignees, a draft's manager.
    if (ballInCourt !== undefined) {
      rows = rows.where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'open'), eb(sql`${ballInCourt}::bigint`, '=', sql`any(assignee_ids)`)]),
          eb.and([eb('status', '=', 'draft'), eb('rfi_manager_id', '=', ballInCourt)]),
        ]),
      );
    }
    for (const [column, range] of [
      ['created_at', created],
      ['updated_at', updated],
    ] as const) {
      if (range?.from) rows = rows.where(column, '>=', range.from);
      if (range?.to) rows = rows.where(column, '<=', range.to);
    }
    if (searchValue) {
      const like = likeText(searchValue);
      rows = rows.where((eb) =>
        eb.or([
          eb('subject', 'ilike', like),
          eb('question_body', 'ilike', like),
          eb(sql`number::text`, '=', searchValue),
        ]),
      );
    }
    const [count, page] = await Promise.all([
      rows.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      rows
        .selectAll()
        .orderBy(order.column, order.direction)
        .orderBy('number', order.direction)
        .limit(paging.perPage)
        .offset(paging.offset)
        .execute(),
    ]);
    setPageHeaders(request, reply, ctx.config.publicUrl, paging, Number(count.total));
    return presentRfis(ctx.db, page);
  });

  scope.get(`${base}/:id`, async (request) => {
    const actor = await actorOf(ctx, request, environment);
    const params = request.params as { project_id: string; id: string };
    const project = await readableProject(ctx, actor, params.project_id);
    requireTool(actor, 'project', 'rfi', 'readonly');
    const [rfi] = await presentRfis(ctx.db, [await findRfi(ctx, project, params.id)]);
    return rfi;
  });

  scope.post(base, async (request, reply) => {
    const actor = await actorOf(ctx, request, environment);
    const project = await readableProject(ctx, actor, (request.params as { project_id: string }).project_id);
    requireTool(actor, 'project', 'rfi', 'standard');
    const fields = validated(
      createSchema,
      resourceObject(request.body, 'rfi', CREATE_FIELDS, { question: QUESTION_FIELDS }),
    );
    await checkPeople(ctx.db, project.id, fields);
    const createdBy = await actingUser(ctx, actor);
    const now = ctx.now();
    const row = await ctx.db.transaction().execute(async (trx) => {
      // The project row's lock numbers two RFIs created at once one after the other.
      await trx
        .selectFrom('platform_projects')
        .select('id')
        .where('id', '=', project.id)
        .forUpdate()
        .execute();
      const last = await trx
        .selectFrom('platform_rfis')
        .select(sql<number>`coalesce(max(number), 0)`.as('number'))
        .where('project_id', '=', project.id)
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('platform_rfis')
        .values({
          project_id: project.id,
          number: Number(last.number) + 1,
          subject: fields.subject,
          status: fields.draft ? 'draft' : 'open',
          question_body: fields.question.body,
          due_date: fields.due_date ?? null,
          reference: fields.reference ?? null,
          private: fields.private ?? false,
          rfi_manager_id: fields.rfi_manager_id,
          assignee_ids: fields.assignee_ids ?? [],
          created_by_id: createdBy,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await raiseEvent(ctx, trx, changeEvent(actor, createdBy, 'RFIs', inserted, 'create'));
      return inserted;
    });
    const [rfi] = await presentRfis(ctx.db, [row]);
    return reply.status(201).send(rfi);
  });

  scope.patch(`${base}/:id`, async (request) => {
    const actor = await actorOf(ctx, request, environment);
    const params = request.params as { project_id: string; id: string };
    const project = await readableProject(ctx, actor, params.project_id);
    requireTool(actor, 'project', 'rfi', 'standard');
    const existing = await findRfi(ctx, project, params.id);
    const fields = validated(
      updateSchema,
      resourceObject(request.body, 'rfi', UPDATE_FIELDS, { question: QUESTION_FIELDS }),
    );
    await checkPeople(ctx.db, project.id, fields);
    const status =
      fields.status ?? (fields.draft === undefined ? undefined : fields.draft ? 'draft' : 'open');
    const userId = await actingUser(ctx, actor);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('platform_rfis')
        .set({
          ...(fields.subject !== undefined ? { subject: fields.subject } : {}),
          ...(fields.rfi_manager_id !== undefined ? { rfi_manager_id: fields.rfi_manager_id } : {}),
          ...(fields.question !== undefined ? { question_body: fields.question.body } : {}),
          ...(fields.assignee_ids !== undefined ? { assignee_ids: fields.assignee_ids } : {}),
          ...(fields.due_date !== undefined ? { due_date: fields.due_date } : {}),
          ...(fields.reference !== undefined ? { reference: fields.reference } : {}),
          ...(fields.private !== undefined ? { private: fields.private } : {}),
          ...(status !== undefined ? { status } : {}),
          updated_at: ctx.now(),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await raiseEvent(ctx, trx, changeEvent(actor, userId, 'RFIs', updated, 'update'));
      return updated;
    });
    const [rfi] = await presentRfis(ctx.db, [row]);
    return rfi;
  });

  // Recycling is the v1.0 delete (rest-api.md §7: "A v1.0 delete is replaced by recycling"): the RFI goes to
  // the recycle bin (status recycled, listed only with filters[status]=recycled) and a "delete" event fires;
  // retrieving it brings it back open (closed when it has an official answer) with an "update". 422 when
  // it is already where the call would put it.
  for (const [action, eventType] of [
    ['recycle', 'delete'],
    ['retrieve', 'update'],
  ] as const) {
    scope.patch(`${base}/:id/${action}`, async (request) => {
      const actor = await actorOf(ctx, request, environment);
      const params = request.params as { project_id: string; id: string };
      const project = await readableProject(ctx, actor, params.project_id);
      requireTool(actor, 'project', 'rfi', 'standard');
      const existing = await findRfi(ctx, project, params.id);
      if ((action === 'recycle') === (existing.status === 'recycled')) {
        throw new RestError(
          422,
          action === 'recycle'
            ? 'The RFI is already in the recycle bin'
            : 'The RFI is not in the recycle bin',
          { status: [action === 'recycle' ? 'is already recycled' : 'is not recycled'] },
        );
      }
      const userId = await actingUser(ctx, actor);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('platform_rfis')
          .set({
            status: action === 'recycle' ? 'recycled' : existing.answer_body === null ? 'open' : 'closed',
            updated_at: ctx.now(),
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await raiseEvent(ctx, trx, changeEvent(actor, userId, 'RFIs', updated, eventType));
        return updated;
      });
      const [rfi] = await presentRfis(ctx.db, [row]);
      return rfi;
    });
  }
}
