import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformWebhookHookRow, PlatformWebhookTriggerRow } from '../db/schema';
import { type Actor, actingUser, actorOf, readableProject, requireTool, sameCompany } from '../rest/access';
import { resourceObject } from '../rest/body';
import { badRequest, RestError, unprocessable } from '../rest/errors';
import type { PlatformEnvironment } from '../tokens';
import { apiVersionOf, WEBHOOK_API_VERSIONS, WEBHOOK_EVENT_TYPES, webhookCatalogue } from './catalogue';
import {
  deleteHook,
  type HookActor,
  hookRow,
  hookRows,
  insertTrigger,
  createHook as saveHook,
  triggersOf,
  updateHook,
  WebhookError,
} from './hooks';
import { REST_DELIVERY_STATUSES, restDeliveries } from './queries';
import type { HookInput, WebhookApiVersion } from './types';

/** Bulk trigger calls take at most this many triggers (more: 413, nothing done). */
export const BULK_TRIGGER_LIMIT = 100;
/** Deliveries list: `page_size` default and largest. */
export const DELIVERY_PAGE_DEFAULT = 100;
export const DELIVERY_PAGE_MAX = 1000;

/** Answers back a configured Authorization header without its value. */
export const FILTERED = '[FILTERED]';

const HOOK_FIELDS = ['api_version', 'namespace', 'destination_url', 'destination_headers'];

function presentHook(row: PlatformWebhookHookRow) {
  const projectId = row.project_id === null ? null : Number(row.project_id);
  return {
    id: Number(row.id),
    api_version: row.api_version,
    namespace: row.namespace,
    destination_url: row.destination_url,
    destination_headers:
      typeof row.destination_headers?.Authorization === 'string' ? { Authorization: FILTERED } : {},
    owned_by_company_id: projectId === null ? Number(row.company_id) : null,
    owned_by_project_id: projectId,
    owned_by_user_id: row.owned_by_user_id === null ? null : Number(row.owned_by_user_id),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function presentTrigger(row: PlatformWebhookTriggerRow) {
  return {
    id: Number(row.id),
    webhook_hook_id: Number(row.hook_id),
    resource_name: row.resource_name,
    resource_id: null,
    event_type: row.event_type,
    company_id: Number(row.company_id),
    project_id: row.project_id === null ? null : Number(row.project_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The service's errors in the REST API's shape. */
async function answered<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof WebhookError) {
      throw new RestError(error.status, error.message, error.status === 404 ? error.message : error.errors);
    }
    throw error;
  }
}

/**
 * The scope a call names (`company_id` or `project_id`, in the query or the body): the header's company
 * (a company_id must be it: 400 otherwise), and a project of it when `project_id` is given (404 when the
 * company has no such project). null: the company itself.
 */
async function scopeProject(
  ctx: PlatformContext,
  actor: Actor,
  source: Record<string, unknown> | undefined,
): Promise<number | null> {
  sameCompany(actor, source?.company_id);
  const raw = source?.project_id;
  if (raw === undefined || raw === null || raw === '') return null;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') throw badRequest('project_id must be a project id');
  return Number((await readableProject(ctx, actor, text)).id);
}

/** The Webhooks API needs the company tool Webhooks API at Standard (client tokens) or a company admin (user tokens). */
async function webhooksActor(
  ctx: PlatformContext,
  request: FastifyRequest,
  environment: PlatformEnvironment,
) {
  const actor = await actorOf(ctx, request, environment);
  requireTool(actor, 'company', 'webhooks', 'standard');
  return actor;
}

async function hookActor(ctx: PlatformContext, actor: Actor): Promise<HookActor> {
  return { userId: await actingUser(ctx, actor), oauthApplicationId: actor.principal.oauthApplicationId };
}

const idParam = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1);

/** A hook of the header's company named by the path, in the call's scope (a project hook only with its project_id). */
async function scopedHook(
  ctx: PlatformContext,
  actor: Actor,
  raw: string,
  source: Record<string, unknown> | undefined,
): Promise<PlatformWebhookHookRow> {
  const projectId = await scopeProject(ctx, actor, source);
  const hook = await answered(hookRow(ctx.db, actor.company.id, idParam(raw)));
  if (projectId !== null && Number(hook.project_id) !== projectId) throw new RestError(404, 'Hook not found');
  return hook;
}

/** A hook body's fields as the service takes them (400/406/422 as the other resources' bodies). */
function hookInput(body: unknown): Partial<HookInput> & { apiVersionGiven: boolean } {
  const fields = resourceObject(body, 'hook', HOOK_FIELDS);
  const errors: Record<string, string[]> = {};
  const input: Partial<HookInput> = {};
  if (fields.namespace !== undefined) {
    if (typeof fields.namespace === 'string') input.namespace = fields.namespace;
    else errors.namespace = ['must be a string'];
  }
  if (fields.destination_url !== undefined) {
    if (typeof fields.destination_url === 'string') input.destinationUrl = fields.destination_url;
    else errors.destination_url = ['must be a string'];
  }
  if (fields.api_version !== undefined) {
    const version = apiVersionOf(fields.api_version);
    if (version) input.apiVersion = version;
    else errors.api_version = ['must be v2.0 or v4.0 (v2 and v4 are accepted)'];
  }
  const headers = fields.destination_headers;
  if (headers === null) input.authorization = null;
  else if (headers !== undefined) {
    if (typeof headers !== 'object' || Array.isArray(headers)) {
      errors.destination_headers = ['must be an object: {"Authorization": "<type> <credentials>"}'];
    } else {
      const entries = Object.entries(headers as Record<string, unknown>);
      const others = entries.filter(([name]) => name.toLowerCase() !== 'authorization').map(([name]) => name);
      if (others.length > 0)
        errors.destination_headers = [`may only carry Authorization (not ${others.join(', ')})`];
      const authorization = entries.find(([name]) => name.toLowerCase() === 'authorization');
      if (authorization) {
        const value = authorization[1];
        if (value === null || value === '') input.authorization = null;
        else if (typeof value === 'string') input.authorization = value;
        else errors['destination_headers.Authorization'] = ['must be a string'];
      } else if (others.length === 0) input.authorization = null;
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return { ...input, apiVersionGiven: fields.api_version !== undefined };
}

function pageParam(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (
    typeof value !== 'string' ||
    !/^\d{1,15}$/.test(value.trim()) ||
    Number(value) < min ||
    Number(value) > max
  ) {
    throw badRequest(`Invalid ${name}: it must be an integer from ${min} to ${max}`, {
      [name]: [`must be an integer from ${min} to ${max}`],
    });
  }
  return Number(value);
}

function deliveryStatus(query: Record<string, unknown>) {
  const pick = (bag: unknown) =>
    typeof bag === 'object' && bag !== null && !Array.isArray(bag)
      ? (bag as Record<string, unknown>).status
      : undefined;
  // webhooks.md §2: the guide writes filter[status], the generated client filters[status]; both are read.
  const value = pick(query.filters) ?? pick(query.filter) ?? 'any';
  if (typeof value !== 'string' || !(value in REST_DELIVERY_STATUSES)) {
    throw badRequest('Invalid filters[status]: it must be any, successful, failing or discarded', {
      'filters[status]': ['must be any, successful, failing or discarded'],
    });
  }
  return REST_DELIVERY_STATUSES[value];
}

function resourceList(version: WebhookApiVersion, level: 'company' | 'project') {
  return webhookCatalogue()
    .filter((resource) => level === 'company' || resource.level === 'project')
    .map((resource) => ({
      name: resource.name,
      api_version: version,
      product_category: resource.productCategory,
      tools: resource.tools,
      except: WEBHOOK_EVENT_TYPES.filter((type) => !resource.eventTypes.includes(type)),
      create: resource.eventTypes.includes('create'),
      update: resource.eventTypes.includes('update'),
      delete: resource.eventTypes.includes('delete'),
    }));
}

type Body = Record<string, unknown> | undefined;
const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : undefined;
const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;
/** The scope of a call: the body's, or the query's when the body names none. */
const scopeSource = (request: FastifyRequest): Record<string, unknown> => ({
  ...queryOf(request),
  ...bodyOf(request),
});

/**
 * The webhooks API (webhooks.md §2) on the API base: hooks, their triggers (one by one and in bulk), their
 * deliveries, and the resource catalogue. Every call needs the Webhooks API permission; another company's
 * hooks, triggers and deliveries are not found (404).
 */
export function webhookRoutes(
  scope: FastifyInstance,
  ctx: PlatformContext,
  environment: PlatformEnvironment,
) {
  const hooks = '/rest/v1.0/webhooks/hooks';

  scope.post(hooks, async (request, reply) => {
    const actor = await webhooksActor(ctx, request, environment);
    const projectId = await scopeProject(ctx, actor, bodyOf(request));
    const { apiVersionGiven: _, ...input } = hookInput(request.body);
    const saved = await answered(
      saveHook(ctx, actor.company.id, { ...input, projectId } as HookInput, await hookActor(ctx, actor)),
    );
    return reply.status(201).send(presentHook(await hookRow(ctx.db, actor.company.id, saved.id)));
  });

  scope.get(hooks, async (request) => {
    const actor = await webhooksActor(ctx, request, environment);
    const query = queryOf(request);
    const projectId = await scopeProject(ctx, actor, query);
    const namespace = query.namespace;
    if (namespace !== undefined && typeof namespace !== 'string')
      throw badRequest('namespace must be one text');
    const version = query.api_version === undefined ? undefined : apiVersionOf(query.api_version);
    if (query.api_version !== undefined && !version)
      throw badRequest('Invalid api_version: it must be v2.0 or v4.0', {
        api_version: ['must be v2.0 or v4.0'],
      });
    const rows = await hookRows(ctx.db, actor.company.id, {
      projectId,
      ...(namespace !== undefined && namespace !== '' ? { namespace } : {}),
      ...(version ? { apiVersion: version } : {}),
    });
    return rows.map(presentHook);
  });

  scope.patch(`${hooks}/:id`, async (request) => {
    const actor = await webhooksActor(ctx, request, environment);
    const hook = await scopedHook(ctx, actor, (request.params as { id: string }).id, scopeSource(request));
    const { apiVersionGiven: _, projectId: __, ...input } = hookInput(request.body);
    await answered(updateHook(ctx, actor.company.id, Number(hook.id), input));
    return presentHook(await hookRow(ctx.db, actor.company.id, Number(hook.id)));
  });

  scope.delete(`${hooks}/:id`, async (request, reply) => {
    const actor = await webhooksActor(ctx, request, environment);
    const hook = await scopedHook(ctx, actor, (request.params as { id: string }).id, scopeSource(request));
    await answered(deleteHook(ctx, actor.company.id, Number(hook.id)));
    return reply.status(204).send();
  });

  const triggers = `${hooks}/:hook_id/triggers`;
  const hookOf = async (request: FastifyRequest) => {
    const actor = await webhooksActor(ctx, request, environment);
    const hook = await scopedHook(
      ctx,
      actor,
      (request.params as { hook_id: string }).hook_id,
      scopeSource(request),
    );
    return { actor, hook };
  };
  const checkVersion = (body: Body) => {
    if (body?.api_version !== undefined && !apiVersionOf(body.api_version))
      throw unprocessable({ api_version: ['must be v2.0 or v4.0 (v2 and v4 are accepted)'] });
  };

  scope.post(triggers, async (request, reply) => {
    const { actor, hook } = await hookOf(request);
    checkVersion(bodyOf(request));
    const fields = resourceObject(request.body, 'trigger', ['resource_name', 'event_type']);
    const row = await answered(
      insertTrigger(
        ctx,
        hook,
        { resourceName: fields.resource_name, eventType: fields.event_type },
        await hookActor(ctx, actor),
      ),
    );
    return reply.status(201).send(presentTrigger(row));
  });

  scope.get(triggers, async (request) => {
    const { hook } = await hookOf(request);
    return (await triggersOf(ctx.db, [Number(hook.id)])).map(presentTrigger);
  });

  const bulkList = (request: FastifyRequest): unknown[] => {
    const list = bodyOf(request)?.triggers;
    if (!Array.isArray(list) || list.length === 0)
      throw badRequest('The request body must carry "triggers": a non-empty list', {
        triggers: ['must be a non-empty list'],
      });
    if (list.length > BULK_TRIGGER_LIMIT)
      throw new RestError(
        413,
        `Too many triggers: at most ${BULK_TRIGGER_LIMIT} in one call (${list.length} sent); nothing was done`,
      );
    return list;
  };

  scope.post(`${triggers}/bulk`, async (request, reply) => {
    const { actor, hook } = await hookOf(request);
    checkVersion(bodyOf(request));
    const list = bulkList(request);
    const who = await hookActor(ctx, actor);
    const success: ReturnType<typeof presentTrigger>[] = [];
    const failed: { code: number; message: string; trigger: unknown; errors: unknown }[] = [];
    for (const trigger of list) {
      const fields =
        typeof trigger === 'object' && trigger !== null && !Array.isArray(trigger)
          ? (trigger as Record<string, unknown>)
          : null;
      if (!fields) {
        failed.push({
          code: 400,
          message: 'A trigger must be an object',
          trigger,
          errors: { trigger: ['must be an object'] },
        });
        continue;
      }
      try {
        success.push(
          presentTrigger(
            await insertTrigger(
              ctx,
              hook,
              { resourceName: fields.resource_name, eventType: fields.event_type },
              who,
            ),
          ),
        );
      } catch (error) {
        if (!(error instanceof WebhookError)) throw error;
        failed.push({ code: error.status, message: error.message, trigger, errors: error.errors });
      }
    }
    return reply
      .status(failed.length === 0 ? 200 : 207)
      .send(failed.length === 0 ? { success } : { success, failed });
  });

  scope.delete(`${triggers}/bulk`, async (request, reply) => {
    const { hook } = await hookOf(request);
    const list = bulkList(request);
    const success: number[] = [];
    const failed: { code: number; message: string; trigger: unknown; errors: unknown }[] = [];
    for (const item of list) {
      const triggerId = typeof item === 'number' ? item : typeof item === 'string' ? idParam(item) : -1;
      const removed =
        Number.isSafeInteger(triggerId) && triggerId > 0
          ? await ctx.db
              .deleteFrom('platform_webhook_triggers')
              .where('hook_id', '=', hook.id)
              .where('id', '=', triggerId)
              .executeTakeFirst()
          : { numDeletedRows: 0n };
      if (Number(removed.numDeletedRows) > 0) success.push(triggerId);
      else
        failed.push({
          code: 404,
          message: 'Trigger not found',
          trigger: item,
          errors: { id: ['not found'] },
        });
    }
    return reply
      .status(failed.length === 0 ? 200 : 207)
      .send(failed.length === 0 ? { success } : { success, failed });
  });

  scope.delete(`${triggers}/:id`, async (request, reply) => {
    const { hook } = await hookOf(request);
    const triggerId = idParam((request.params as { id: string }).id);
    const removed =
      triggerId > 0
        ? await ctx.db
            .deleteFrom('platform_webhook_triggers')
            .where('hook_id', '=', hook.id)
            .where('id', '=', triggerId)
            .executeTakeFirst()
        : { numDeletedRows: 0n };
    if (Number(removed.numDeletedRows) === 0) throw new RestError(404, 'Trigger not found');
    return reply.status(204).send();
  });

  scope.get(`${hooks}/:hook_id/deliveries`, async (request) => {
    const { actor, hook } = await hookOf(request);
    const query = queryOf(request);
    const statuses = deliveryStatus(query);
    const pageSize = pageParam(query.page_size, 'page_size', 1, DELIVERY_PAGE_MAX) ?? DELIVERY_PAGE_DEFAULT;
    const pageStart = pageParam(query.page_start, 'page_start', 1, Number.MAX_SAFE_INTEGER);
    return restDeliveries(ctx.db, actor.company.id, Number(hook.id), { statuses, pageStart, pageSize });
  });

  scope.get('/rest/v1.0/webhooks/resources', async (request) => {
    const actor = await webhooksActor(ctx, request, environment);
    const query = queryOf(request);
    const projectId = await scopeProject(ctx, actor, query);
    const version = query.api_version === undefined ? 'v2.0' : apiVersionOf(query.api_version);
    if (!version)
      throw badRequest('Invalid api_version: it must be v2.0 or v4.0', {
        api_version: ['must be v2.0 or v4.0'],
      });
    return resourceList(version, projectId === null ? 'company' : 'project');
  });

  scope.get('/rest/v1.0/webhooks/resources/api_versions', async (request) => {
    const actor = await webhooksActor(ctx, request, environment);
    await scopeProject(ctx, actor, queryOf(request));
    return [...WEBHOOK_API_VERSIONS];
  });
}
