// What the webhooks API's routes share: the permission, the scope of a call, the hook it names, the presenters.
import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformWebhookHookRow, PlatformWebhookTriggerRow } from '../db/schema';
import { type Actor, actingUser, actorOf, readableProject, requireTool, sameCompany } from '../rest/access';
import { badRequest, RestError } from '../rest/errors';
import type { PlatformEnvironment } from '../tokens';
import { type HookActor, hookRow, WebhookError } from './hooks';

/** Answers back a configured Authorization header without its value. */
export const FILTERED = '[FILTERED]';

export function presentHook(row: PlatformWebhookHookRow) {
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

export function presentTrigger(row: PlatformWebhookTriggerRow) {
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
export async function answered<T>(work: Promise<T>): Promise<T> {
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
export async function scopeProject(
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
export async function webhooksActor(
  ctx: PlatformContext,
  request: FastifyRequest,
  environment: PlatformEnvironment,
) {
  const actor = await actorOf(ctx, request, environment);
  requireTool(actor, 'company', 'webhooks', 'standard');
  return actor;
}

export async function hookActor(ctx: PlatformContext, actor: Actor): Promise<HookActor> {
  return { userId: await actingUser(ctx, actor), oauthApplicationId: actor.principal.oauthApplicationId };
}

export const idParam = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1);

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

export type Body = Record<string, unknown> | undefined;
export const bodyOf = (request: FastifyRequest): Body =>
  typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : undefined;
export const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;
/** The scope of a call: the body's, or the query's when the body names none. */
export const scopeSource = (request: FastifyRequest): Record<string, unknown> => ({
  ...queryOf(request),
  ...bodyOf(request),
});

/** The hook a path's `hook_id` names, in the call's scope, and who asks (404 for another company's). */
export async function hookOf(
  ctx: PlatformContext,
  request: FastifyRequest,
  environment: PlatformEnvironment,
) {
  const actor = await webhooksActor(ctx, request, environment);
  const hook = await scopedHook(
    ctx,
    actor,
    (request.params as { hook_id: string }).hook_id,
    scopeSource(request),
  );
  return { actor, hook };
}

/** The hook a path's `id` names, in the call's scope. */
export async function pathHook(ctx: PlatformContext, actor: Actor, request: FastifyRequest) {
  return scopedHook(ctx, actor, (request.params as { id: string }).id, scopeSource(request));
}
