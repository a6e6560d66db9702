import type {
  WebhookDeliveryQuery as DeliveryQueryInput,
  WebhookHookInput as HookInputBody,
} from '@lintel/shared';
import type { DeveloperAppRow } from '../../db/schema';
import { detail, errors } from '../../http/errors';
import {
  type WebhookDeliveryDetail,
  type WebhookDeliveryView,
  type WebhookHookHealth,
  type WebhookHookInput,
  type WebhookHookView,
  WebhookRefusal,
  type WebhookResourceEntry,
  type WebhookSigningSecret,
  type WebhookTriggerView,
} from '../../platform/types';
import type { ServiceDeps } from '../../services';
import { type AuditActor, recordAudit } from '../audit/recorder';
import { developerAppRepository } from '../developer-apps/repository';

/** The deliveries query after validation (the contract's defaults applied). */
export type DeliveryListQuery = Omit<DeliveryQueryInput, 'per_page' | 'before'> & {
  per_page: number;
  before?: number | undefined;
};

export interface WebhooksOverviewData {
  companyId: number | null;
  hooks: { hook: WebhookHookView; health: WebhookHookHealth | undefined }[];
  resources: WebhookResourceEntry[];
  generatedAt: Date;
}

/** The hooks' health while nothing was attempted: what the tab shows for a new hook. */
export function quietHealth(hookId: number): WebhookHookHealth {
  return {
    hookId,
    successRate24h: null,
    state: 'healthy',
    failingSince: null,
    nextAttemptAt: null,
    discardedCount: 0,
    queuedCount: 0,
  };
}

/**
 * The webhooks of an app's sandbox company (issue 22), through the platform's adapter: hooks and their
 * triggers, health, the deliveries log, redelivery, test events and the signing secret. A record of
 * another app's company is not found (404); input the platform refuses is 422 on its field.
 */
export class WebhookService {
  constructor(private readonly deps: ServiceDeps) {}

  private get webhooks() {
    return this.deps.platform.webhooks;
  }

  async overview(appId: number, now = new Date()): Promise<WebhooksOverviewData> {
    const companyId = await this.webhooks.companyOf(appId);
    const hooks = companyId === null ? [] : await this.webhooks.hooks(appId);
    const health = await this.webhooks.health(
      appId,
      hooks.map((hook) => hook.id),
    );
    return {
      companyId,
      hooks: hooks.map((hook) => ({ hook, health: health.get(hook.id) })),
      resources: this.webhooks.catalogue(),
      generatedAt: now,
    };
  }

  async createHook(
    app: DeveloperAppRow,
    body: HookInputBody,
    actor: AuditActor,
  ): Promise<{ hook: WebhookHookView; health: WebhookHookHealth }> {
    await this.liveCompany(app.id);
    const input: WebhookHookInput = {
      namespace: body.namespace,
      apiVersion: body.api_version,
      destinationUrl: body.destination_url,
      authorization: body.authorization ? body.authorization : null,
    };
    const hook = await refusalsAsErrors(() =>
      this.webhooks.createHook(app.id, input, { portalUserId: actor.userId }),
    );
    return { hook, health: quietHealth(hook.id) };
  }

  async updateHook(
    app: DeveloperAppRow,
    hookId: number,
    body: Partial<HookInputBody>,
    actor: AuditActor,
  ): Promise<{ hook: WebhookHookView; health: WebhookHookHealth }> {
    await this.liveCompany(app.id);
    const input: Partial<WebhookHookInput> = {
      ...(body.namespace !== undefined ? { namespace: body.namespace } : {}),
      ...(body.api_version !== undefined ? { apiVersion: body.api_version } : {}),
      ...(body.destination_url !== undefined ? { destinationUrl: body.destination_url } : {}),
      // Left out: unchanged; empty or null: removed.
      ...(body.authorization !== undefined ? { authorization: body.authorization || null } : {}),
    };
    const hook = await refusalsAsErrors(() =>
      this.webhooks.updateHook(app.id, hookId, input, { portalUserId: actor.userId }),
    );
    if (!hook) throw errors.notFound('Hook');
    return { hook, health: await this.healthOf(app.id, hook.id) };
  }

  async deleteHook(app: DeveloperAppRow, hookId: number): Promise<void> {
    if (!(await this.webhooks.deleteHook(app.id, hookId))) throw errors.notFound('Hook');
  }

  async addTrigger(
    app: DeveloperAppRow,
    hookId: number,
    trigger: { resource_name: string; event_type: string },
    actor: AuditActor,
  ): Promise<WebhookTriggerView> {
    await this.liveCompany(app.id);
    const added = await refusalsAsErrors(
      () =>
        this.webhooks.addTrigger(
          app.id,
          hookId,
          { resourceName: trigger.resource_name, eventType: trigger.event_type },
          { portalUserId: actor.userId },
        ),
      'trigger',
    );
    if (!added) throw errors.notFound('Hook');
    return added;
  }

  async removeTrigger(app: DeveloperAppRow, hookId: number, triggerId: number): Promise<void> {
    if (!(await this.webhooks.removeTrigger(app.id, hookId, triggerId))) throw errors.notFound('Trigger');
  }

  /** One page of the app's deliveries, newest first; `nextBefore` is the cursor of the next (older) page. */
  deliveries(
    appId: number,
    query: DeliveryListQuery,
  ): Promise<{ deliveries: WebhookDeliveryView[]; nextBefore: number | null }> {
    const filters = query.filters ?? {};
    return this.webhooks.deliveries(appId, {
      limit: query.per_page,
      ...(query.before !== undefined ? { before: query.before } : {}),
      ...(filters.hook_id !== undefined ? { hookId: Number(filters.hook_id) } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.resource_name ? { resourceName: filters.resource_name } : {}),
      ...(filters.event_type ? { eventType: filters.event_type } : {}),
      ...(filters.from ? { from: new Date(filters.from) } : {}),
      ...(filters.to ? { to: new Date(filters.to) } : {}),
    });
  }

  async delivery(appId: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
    const found = await this.webhooks.delivery(appId, deliveryId);
    if (!found) throw errors.notFound('Delivery');
    return found;
  }

  async redeliver(appId: number, deliveryId: number): Promise<WebhookDeliveryView> {
    const again = await this.webhooks.redeliver(appId, deliveryId);
    if (!again) throw errors.notFound('Delivery');
    return again;
  }

  async redeliverFailedSince(appId: number, hookId: number, since: Date, now = new Date()): Promise<number> {
    if (since.getTime() > now.getTime()) throw errors.field('since', 'invalid', 'must not be in the future');
    const count = await this.webhooks.redeliverFailedSince(appId, hookId, since);
    if (count === undefined) throw errors.notFound('Hook');
    return count;
  }

  async sendTestEvent(appId: number, hookId: number): Promise<WebhookDeliveryView> {
    const sent = await this.webhooks.sendTestEvent(appId, hookId);
    if (!sent) throw errors.notFound('Hook');
    return sent;
  }

  async revealSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret> {
    const secret = await this.webhooks.revealSigningSecret(appId, hookId);
    if (!secret) throw errors.notFound('Hook');
    return secret;
  }

  /**
   * A new signing secret; the old one keeps signing beside it for 24 hours. Audited as the other secret
   * resets, the event written after the platform rotated (the platform takes no part in our transaction).
   */
  async rotateSigningSecret(
    app: DeveloperAppRow,
    hookId: number,
    actor: AuditActor,
  ): Promise<WebhookSigningSecret> {
    const secret = await this.webhooks.rotateSigningSecret(app.id, hookId);
    if (!secret) throw errors.notFound('Hook');
    await recordAudit(this.deps.db, actor, {
      action: 'webhook_hook.signing_secret_rotated',
      subjectType: 'webhook_hook',
      subjectId: hookId,
      developerAppId: app.id,
      changes: { after: { previous_expires_at: secret.previousExpiresAt?.toISOString() ?? null } },
    });
    return secret;
  }

  /** Any app for the admin routes (deleted ones too), else 404. */
  async adminApp(appId: number): Promise<DeveloperAppRow> {
    const app = await developerAppRepository.find(this.deps.db, appId);
    if (!app) throw errors.notFound('App');
    return app;
  }

  private async healthOf(appId: number, hookId: number): Promise<WebhookHookHealth> {
    return (await this.webhooks.health(appId, [hookId])).get(hookId) ?? quietHealth(hookId);
  }

  /** Hooks live in the sandbox company: none until the sandbox is live (409). */
  private async liveCompany(appId: number): Promise<number> {
    const company = await this.webhooks.companyOf(appId);
    if (company === null)
      throw errors.conflict('The sandbox is not live yet: hooks can be added once it is.');
    return company;
  }
}

/** A refusal of the platform as a 422 on the field it names (under `hook.` or `trigger.`). */
async function refusalsAsErrors<T>(run: () => Promise<T>, root = 'hook'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebhookRefusal) {
      const details = Object.entries(error.errors).flatMap(([field, messages]) =>
        messages.map((message) => detail(field === 'base' ? root : `${root}.${field}`, 'invalid', message)),
      );
      throw details.length > 0 ? errors.validation(details) : errors.field(root, 'invalid', error.message);
    }
    throw error;
  }
}
