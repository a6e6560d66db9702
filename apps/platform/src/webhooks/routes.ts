import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import { resourceObject } from '../rest/body';
import { badRequest, unprocessable } from '../rest/errors';
import type { PlatformEnvironment } from '../tokens';
import { apiVersionOf, WEBHOOK_API_VERSIONS, WEBHOOK_EVENT_TYPES, webhookCatalogue } from './catalogue';
import { deleteHook, hookRow, hookRows, createHook as saveHook, updateHook } from './hooks';
import { REST_DELIVERY_STATUSES, restDeliveries } from './queries';
import {
  answered,
  bodyOf,
  hookActor,
  hookOf,
  pathHook,
  presentHook,
  queryOf,
  scopeProject,
  webhooksActor,
} from './rest-common';
import { triggerRoutes } from './trigger-routes';
import type { HookInput, WebhookApiVersion } from './types';

/** Deliveries list: `page_size` default and largest. */
export const DELIVERY_PAGE_DEFAULT = 100;
export const DELIVERY_PAGE_MAX = 1000;

const HOOK_FIELDS = ['api_version', 'namespace', 'destination_url', 'destination_headers'];

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
    const hook = await pathHook(ctx, actor, request);
    const { apiVersionGiven: _, projectId: __, ...input } = hookInput(request.body);
    await answered(updateHook(ctx, actor.company.id, Number(hook.id), input));
    return presentHook(await hookRow(ctx.db, actor.company.id, Number(hook.id)));
  });

  scope.delete(`${hooks}/:id`, async (request, reply) => {
    const actor = await webhooksActor(ctx, request, environment);
    const hook = await pathHook(ctx, actor, request);
    await answered(deleteHook(ctx, actor.company.id, Number(hook.id)));
    return reply.status(204).send();
  });

  triggerRoutes(scope, ctx, environment);

  scope.get(`${hooks}/:hook_id/deliveries`, async (request) => {
    const { actor, hook } = await hookOf(ctx, request, environment);
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
