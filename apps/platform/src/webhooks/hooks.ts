import type { PlatformContext } from '../context';
import type { PlatformDb, PlatformWebhookHookRow, PlatformWebhookTriggerRow } from '../db/schema';
import { findResource, triggerProblem, WEBHOOK_API_VERSIONS } from './catalogue';
import { checkDestination, newSigningSecret } from './delivery/index';
import type { HookInput, HookView, TriggerView, WebhookApiVersion } from './types';

/** Who saves a hook or trigger: a platform user, and the app whose token did it (null from the portal). */
export interface HookActor {
  userId: number | null;
  oauthApplicationId: number | null;
}

/**
 * Why a webhooks operation did nothing: 404 (no such hook or trigger in this company, or a project that is
 * not the company's) or 422 with one message per field. The REST API and the portal answer it as their own.
 */
export class WebhookError extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const invalid = (errors: Record<string, string[]>) =>
  new WebhookError(
    422,
    `Validation failed: ${Object.entries(errors)
      .map(([field, messages]) => `${field} ${messages.join(', ')}`)
      .join('; ')}`,
    errors,
  );
const notFound = (what: string) => new WebhookError(404, `${what} not found`);

export const NAMESPACE = /^[a-z0-9-]+$/;
const NAMESPACE_MAX = 64;
const URL_MAX = 2000;
const AUTHORIZATION_MAX = 1000;

/** The hooks a company may have (company and project hooks together). */
export const MAX_HOOKS_PER_COMPANY = 100;

export function triggerView(row: PlatformWebhookTriggerRow): TriggerView {
  return {
    id: Number(row.id),
    hookId: Number(row.hook_id),
    resourceName: row.resource_name,
    eventType: row.event_type,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function hookView(row: PlatformWebhookHookRow, triggers: PlatformWebhookTriggerRow[]): HookView {
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    projectId: row.project_id === null ? null : Number(row.project_id),
    namespace: row.namespace,
    apiVersion: row.api_version,
    destinationUrl: row.destination_url,
    hasAuthorization: typeof row.destination_headers?.Authorization === 'string',
    triggers: triggers.map(triggerView),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface HookFilter {
  /** undefined: every hook of the company; null: company-owned only; a number: that project's. */
  projectId?: number | null;
  /** undefined or `*`: every namespace. */
  namespace?: string;
  apiVersion?: WebhookApiVersion;
}

export async function hookRows(db: PlatformDb, companyId: number, filter: HookFilter = {}) {
  let query = db.selectFrom('platform_webhook_hooks').selectAll().where('company_id', '=', companyId);
  if (filter.projectId === null) query = query.where('project_id', 'is', null);
  else if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId);
  if (filter.namespace !== undefined && filter.namespace !== '*')
    query = query.where('namespace', '=', filter.namespace);
  if (filter.apiVersion !== undefined) query = query.where('api_version', '=', filter.apiVersion);
  return query.orderBy('id').execute();
}

export async function triggersOf(db: PlatformDb, hookIds: number[]) {
  if (hookIds.length === 0) return [];
  return db
    .selectFrom('platform_webhook_triggers')
    .selectAll()
    .where('hook_id', 'in', hookIds)
    .orderBy('id')
    .execute();
}

/** A company's hooks with their triggers, oldest first (the portal's list; every namespace and owner). */
export async function listHooks(
  db: PlatformDb,
  companyId: number,
  filter: HookFilter = {},
): Promise<HookView[]> {
  const rows = await hookRows(db, companyId, filter);
  const triggers = await triggersOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) =>
    hookView(
      row,
      triggers.filter((t) => Number(t.hook_id) === Number(row.id)),
    ),
  );
}

/** A hook of the company, or 404 (another company's hooks are not found, not forbidden). */
export async function hookRow(
  db: PlatformDb,
  companyId: number,
  hookId: number,
): Promise<PlatformWebhookHookRow> {
  if (!Number.isSafeInteger(hookId) || hookId <= 0) throw notFound('Hook');
  const row = await db
    .selectFrom('platform_webhook_hooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', hookId)
    .executeTakeFirst();
  if (!row) throw notFound('Hook');
  return row;
}

async function viewOf(db: PlatformDb, row: PlatformWebhookHookRow): Promise<HookView> {
  return hookView(row, await triggersOf(db, [Number(row.id)]));
}

/** The checks of a hook's fields; only the fields given are checked (an update). */
async function checkHookInput(
  ctx: PlatformContext,
  input: Partial<HookInput>,
  creating: boolean,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (creating || input.namespace !== undefined) {
    const namespace = input.namespace;
    if (typeof namespace !== 'string' || namespace === '') add('namespace', "can't be blank");
    else if (namespace.length > NAMESPACE_MAX)
      add('namespace', `is too long (at most ${NAMESPACE_MAX} characters)`);
    else if (!NAMESPACE.test(namespace))
      add('namespace', "may contain only lowercase letters a-z, digits 0-9 and '-'");
  }
  if (creating || input.apiVersion !== undefined) {
    if (!(WEBHOOK_API_VERSIONS as readonly unknown[]).includes(input.apiVersion))
      add('api_version', 'must be v2.0 or v4.0');
  }
  if (creating || input.destinationUrl !== undefined) {
    const url = input.destinationUrl;
    if (typeof url !== 'string' || url.trim() === '') add('destination_url', "can't be blank");
    else if (url.length > URL_MAX) add('destination_url', `is too long (at most ${URL_MAX} characters)`);
    else {
      const problem = await checkDestination(url, { allowPrivate: ctx.webhooks.allowPrivateDestinations });
      if (problem) add('destination_url', problem);
    }
  }
  if (input.authorization !== undefined && input.authorization !== null) {
    const value = input.authorization;
    if (typeof value !== 'string' || value.trim() === '')
      add('destination_headers.Authorization', 'must be a header value such as "Bearer <token>"');
    else if (value.length > AUTHORIZATION_MAX)
      add('destination_headers.Authorization', `is too long (at most ${AUTHORIZATION_MAX} characters)`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: header values may not carry control characters
    else if (/[\u0000-\u001f\u007f]/.test(value))
      add('destination_headers.Authorization', 'must not contain line breaks or control characters');
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

async function checkProject(db: PlatformDb, companyId: number, projectId: number): Promise<void> {
  const project = await db
    .selectFrom('platform_projects')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project');
}

const headersOf = (authorization: string | null | undefined): Record<string, string> =>
  authorization ? { Authorization: authorization.trim() } : {};

/**
 * Saves a new hook owned by the company, or by one of its projects (`input.projectId`): namespace
 * lowercase a-z 0-9 '-', payload version v2.0 or v4.0, a destination the delivery engine accepts (https;
 * http to loopback only when private destinations are allowed; never a metadata address), and an optional
 * Authorization header sent with every delivery. A fresh signing secret is sealed with it. 422 for bad
 * fields and 404 for a project that is not the company's; nothing is written then.
 */
export async function createHook(
  ctx: PlatformContext,
  companyId: number,
  input: HookInput,
  actor: HookActor,
): Promise<HookView> {
  await checkHookInput(ctx, input, true);
  const projectId = input.projectId ?? null;
  if (projectId !== null) await checkProject(ctx.db, companyId, projectId);
  const count = await ctx.db
    .selectFrom('platform_webhook_hooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_HOOKS_PER_COMPANY)
    throw invalid({ base: [`a company has at most ${MAX_HOOKS_PER_COMPANY} hooks`] });
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('platform_webhook_hooks')
    .values({
      company_id: companyId,
      project_id: projectId,
      oauth_application_id: actor.oauthApplicationId,
      owned_by_user_id: actor.userId,
      namespace: input.namespace,
      api_version: input.apiVersion,
      destination_url: input.destinationUrl.trim(),
      destination_headers: JSON.stringify(headersOf(input.authorization)),
      signing_secret_sealed: ctx.webhooks.secrets.seal(newSigningSecret()),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return hookView(row, []);
}

/**
 * Changes a hook's namespace, version, destination or Authorization header (undefined: unchanged; an
 * authorization of null: removed). Its owner (company or project) stays. Same checks as createHook; a hook
 * of another company is 404.
 */
export async function updateHook(
  ctx: PlatformContext,
  companyId: number,
  hookId: number,
  input: Partial<Omit<HookInput, 'projectId'>>,
): Promise<HookView> {
  const existing = await hookRow(ctx.db, companyId, hookId);
  await checkHookInput(ctx, input, false);
  const row = await ctx.db
    .updateTable('platform_webhook_hooks')
    .set({
      ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
      ...(input.apiVersion !== undefined ? { api_version: input.apiVersion } : {}),
      ...(input.destinationUrl !== undefined ? { destination_url: input.destinationUrl.trim() } : {}),
      ...(input.authorization !== undefined
        ? { destination_headers: JSON.stringify(headersOf(input.authorization)) }
        : {}),
      updated_at: ctx.now(),
    })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return viewOf(ctx.db, row);
}

/** Deletes a hook with its triggers, deliveries and their attempts (404 for another company's). */
export async function deleteHook(ctx: PlatformContext, companyId: number, hookId: number): Promise<void> {
  const existing = await hookRow(ctx.db, companyId, hookId);
  await ctx.db.deleteFrom('platform_webhook_hooks').where('id', '=', existing.id).execute();
}

/** Why a trigger cannot be added (unknown resource or event type, a company resource on a project hook). */
export function checkTrigger(
  hook: PlatformWebhookHookRow,
  resourceName: unknown,
  eventType: unknown,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (typeof resourceName !== 'string' || resourceName === '') errors.resource_name = ["can't be blank"];
  if (typeof eventType !== 'string' || eventType === '') errors.event_type = ["can't be blank"];
  if (Object.keys(errors).length > 0) return errors;
  const problem = triggerProblem(
    resourceName as string,
    eventType as string,
    hook.project_id === null ? 'company' : 'project',
  );
  return problem ? { [problem.field]: [problem.message] } : null;
}

/** Adds one trigger to a hook (or 422 when it is not in the catalogue or already there; the row as stored). */
export async function insertTrigger(
  ctx: PlatformContext,
  hook: PlatformWebhookHookRow,
  trigger: { resourceName: unknown; eventType: unknown },
  actor: HookActor,
): Promise<PlatformWebhookTriggerRow> {
  const errors = checkTrigger(hook, trigger.resourceName, trigger.eventType);
  if (errors) throw invalid(errors);
  const resourceName = findResource(trigger.resourceName as string)?.name as string;
  const eventType = trigger.eventType as string;
  const row = await ctx.db
    .insertInto('platform_webhook_triggers')
    .values({
      hook_id: hook.id,
      resource_name: resourceName,
      event_type: eventType,
      company_id: hook.company_id,
      project_id: hook.project_id,
      user_id: actor.userId,
      created_at: ctx.now(),
    })
    .onConflict((oc) => oc.columns(['hook_id', 'resource_name', 'event_type']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row)
    throw invalid({ event_type: [`the hook already has a trigger for ${resourceName} ${eventType}`] });
  return row;
}

/** Adds a trigger to a hook of the company (404 for another company's hook; 422 as insertTrigger). */
export async function addTrigger(
  ctx: PlatformContext,
  companyId: number,
  hookId: number,
  trigger: { resourceName: string; eventType: string },
  actor: HookActor,
): Promise<TriggerView> {
  const hook = await hookRow(ctx.db, companyId, hookId);
  return triggerView(await insertTrigger(ctx, hook, trigger, actor));
}

/** Removes a trigger of a hook of the company (404 when either is not there). */
export async function removeTrigger(
  ctx: PlatformContext,
  companyId: number,
  hookId: number,
  triggerId: number,
): Promise<void> {
  const hook = await hookRow(ctx.db, companyId, hookId);
  if (!(await deleteTriggerRow(ctx.db, Number(hook.id), triggerId))) throw notFound('Trigger');
}

/** Deletes one trigger of a hook; false when the hook has no such trigger. */
export async function deleteTriggerRow(db: PlatformDb, hookId: number, triggerId: unknown): Promise<boolean> {
  if (typeof triggerId !== 'number' || !Number.isSafeInteger(triggerId) || triggerId <= 0) return false;
  const removed = await db
    .deleteFrom('platform_webhook_triggers')
    .where('hook_id', '=', hookId)
    .where('id', '=', triggerId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}
