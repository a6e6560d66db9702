import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context';
import { resourceObject } from '../rest/body';
import { badRequest, RestError, unprocessable } from '../rest/errors';
import type { PlatformEnvironment } from '../tokens';
import { apiVersionOf } from './catalogue';
import { deleteTriggerRow, insertTrigger, triggersOf, WebhookError } from './hooks';
import { answered, type Body, bodyOf, hookActor, hookOf, idParam, presentTrigger } from './rest-common';

/** Bulk trigger calls take at most this many triggers (more: 413, nothing done). */
export const BULK_TRIGGER_LIMIT = 100;

/**
 * A hook's triggers (webhooks.md §2): create, list and delete one, and the bulk create and delete that
 * answer 200 when every item passed, 207 naming the ones that did not, and 413 (nothing done) over the limit.
 */
export function triggerRoutes(
  scope: FastifyInstance,
  ctx: PlatformContext,
  environment: PlatformEnvironment,
) {
  const triggers = '/rest/v1.0/webhooks/hooks/:hook_id/triggers';
  const checkVersion = (body: Body) => {
    if (body?.api_version !== undefined && !apiVersionOf(body.api_version))
      throw unprocessable({ api_version: ['must be v2.0 or v4.0 (v2 and v4 are accepted)'] });
  };

  scope.post(triggers, async (request, reply) => {
    const { actor, hook } = await hookOf(ctx, request, environment);
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
    const { hook } = await hookOf(ctx, request, environment);
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
    const { actor, hook } = await hookOf(ctx, request, environment);
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
    const { hook } = await hookOf(ctx, request, environment);
    const list = bulkList(request);
    const success: number[] = [];
    const failed: { code: number; message: string; trigger: unknown; errors: unknown }[] = [];
    for (const item of list) {
      const triggerId = typeof item === 'number' ? item : typeof item === 'string' ? idParam(item) : -1;
      if (await deleteTriggerRow(ctx.db, Number(hook.id), triggerId)) success.push(triggerId);
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
    const { hook } = await hookOf(ctx, request, environment);
    const triggerId = idParam((request.params as { id: string }).id);
    if (!(await deleteTriggerRow(ctx.db, Number(hook.id), triggerId)))
      throw new RestError(404, 'Trigger not found');
    return reply.status(204).send();
  });
}
