import type { PlatformContext } from '@lintel/platform';
import type { Db } from '../db/index';
import { platformRepository as repo } from './repository';
import type {
  PlatformWebhooks,
  WebhookActor,
  WebhookDeliveryDetail,
  WebhookDeliveryQuery,
  WebhookDeliveryView,
  WebhookHookHealth,
  WebhookHookInput,
  WebhookHookView,
  WebhookResourceEntry,
  WebhookSigningSecret,
  WebhookTriggerView,
} from './types';

/**
 * The platform's webhooks functions the adapter calls (apps/platform/src/webhooks: hooks, queries,
 * delivery), each scoped to a company: a record of another company is not found (null / false).
 */
export interface WebhookFunctions {
  catalogue(): WebhookResourceEntry[];
  listHooks(db: Db, companyId: number): Promise<WebhookHookView[]>;
  createHook(
    ctx: PlatformContext,
    companyId: number,
    input: WebhookHookInput,
    actor: WebhookActor,
  ): Promise<WebhookHookView>;
  updateHook(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    input: Partial<WebhookHookInput>,
    actor: WebhookActor,
  ): Promise<WebhookHookView | null>;
  deleteHook(ctx: PlatformContext, companyId: number, hookId: number): Promise<boolean>;
  addTrigger(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    trigger: { resourceName: string; eventType: string },
    actor: WebhookActor,
  ): Promise<WebhookTriggerView | null>;
  removeTrigger(ctx: PlatformContext, companyId: number, hookId: number, triggerId: number): Promise<boolean>;
  hookHealth(ctx: PlatformContext, companyId: number, hookId: number): Promise<WebhookHookHealth | null>;
  listDeliveries(db: Db, query: WebhookDeliveryQuery & { companyId: number }): Promise<WebhookDeliveryView[]>;
  deliveryDetail(db: Db, companyId: number, deliveryId: number): Promise<WebhookDeliveryDetail | null>;
  redeliver(ctx: PlatformContext, companyId: number, deliveryId: number): Promise<WebhookDeliveryView | null>;
  redeliverFailedSince(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    since: Date,
  ): Promise<number | null>;
  sendTestEvent(ctx: PlatformContext, companyId: number, hookId: number): Promise<WebhookDeliveryView | null>;
  revealSigningSecret(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
  ): Promise<WebhookSigningSecret | null>;
  rotateSigningSecret(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
  ): Promise<WebhookSigningSecret | null>;
}

/**
 * The webhooks of an app's sandbox company on the embedded platform: the company is the app's live
 * sandbox's (as ensureSandboxCompany finds it); every call is scoped to it, so another company's hook
 * or delivery is not found.
 */
export class EmbeddedWebhooks implements PlatformWebhooks {
  constructor(
    private readonly deps: {
      db: Db;
      /** The platform's HTTP side (its webhooks deps: the sealer, the job queue, the destination rule). */
      context: () => PlatformContext | undefined;
      functions: WebhookFunctions;
    },
  ) {}

  private get fn(): WebhookFunctions {
    return this.deps.functions;
  }

  private ctx(): PlatformContext {
    const ctx = this.deps.context();
    if (!ctx) throw new Error('the embedded platform runs without its HTTP side: no webhooks');
    return ctx;
  }

  async companyOf(appId: number): Promise<number | null> {
    const row = await repo.sandboxOfApp(this.deps.db, appId);
    return row?.status === 'live' && row.company_id !== null ? Number(row.company_id) : null;
  }

  /** The company, or undefined (the record then is not found). */
  private async company(appId: number): Promise<number | undefined> {
    return (await this.companyOf(appId)) ?? undefined;
  }

  catalogue(): WebhookResourceEntry[] {
    return this.fn.catalogue();
  }

  async hooks(appId: number): Promise<WebhookHookView[]> {
    const company = await this.company(appId);
    return company === undefined ? [] : this.fn.listHooks(this.deps.db, company);
  }

  async hook(appId: number, hookId: number): Promise<WebhookHookView | undefined> {
    return (await this.hooks(appId)).find((hook) => hook.id === hookId);
  }

  async createHook(appId: number, input: WebhookHookInput, actor: WebhookActor): Promise<WebhookHookView> {
    const company = await this.company(appId);
    if (company === undefined) throw new Error(`app ${appId} has no live sandbox company`);
    return this.fn.createHook(this.ctx(), company, input, actor);
  }

  async updateHook(
    appId: number,
    hookId: number,
    input: Partial<WebhookHookInput>,
    actor: WebhookActor,
  ): Promise<WebhookHookView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.updateHook(this.ctx(), company, hookId, input, actor)) ?? undefined;
  }

  async deleteHook(appId: number, hookId: number): Promise<boolean> {
    const company = await this.company(appId);
    return company !== undefined && this.fn.deleteHook(this.ctx(), company, hookId);
  }

  async addTrigger(
    appId: number,
    hookId: number,
    trigger: { resourceName: string; eventType: string },
    actor: WebhookActor,
  ): Promise<WebhookTriggerView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.addTrigger(this.ctx(), company, hookId, trigger, actor)) ?? undefined;
  }

  async removeTrigger(appId: number, hookId: number, triggerId: number): Promise<boolean> {
    const company = await this.company(appId);
    return company !== undefined && this.fn.removeTrigger(this.ctx(), company, hookId, triggerId);
  }

  async health(appId: number, hookIds: readonly number[]): Promise<Map<number, WebhookHookHealth>> {
    const company = await this.company(appId);
    const out = new Map<number, WebhookHookHealth>();
    if (company === undefined) return out;
    for (const hookId of hookIds) {
      const health = await this.fn.hookHealth(this.ctx(), company, hookId);
      if (health) out.set(hookId, health);
    }
    return out;
  }

  async deliveries(
    appId: number,
    query: WebhookDeliveryQuery,
  ): Promise<{ deliveries: WebhookDeliveryView[]; nextBefore: number | null }> {
    const company = await this.company(appId);
    if (company === undefined) return { deliveries: [], nextBefore: null };
    // One more than asked tells whether an older page exists.
    const rows = await this.fn.listDeliveries(this.deps.db, {
      ...query,
      companyId: company,
      limit: query.limit + 1,
    });
    const deliveries = rows.slice(0, query.limit);
    const last = deliveries.at(-1);
    return { deliveries, nextBefore: rows.length > query.limit && last ? last.id : null };
  }

  async delivery(appId: number, deliveryId: number): Promise<WebhookDeliveryDetail | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.deliveryDetail(this.deps.db, company, deliveryId)) ?? undefined;
  }

  async redeliver(appId: number, deliveryId: number): Promise<WebhookDeliveryView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.redeliver(this.ctx(), company, deliveryId)) ?? undefined;
  }

  async redeliverFailedSince(appId: number, hookId: number, since: Date): Promise<number | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.redeliverFailedSince(this.ctx(), company, hookId, since)) ?? undefined;
  }

  async sendTestEvent(appId: number, hookId: number): Promise<WebhookDeliveryView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.sendTestEvent(this.ctx(), company, hookId)) ?? undefined;
  }

  async revealSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.revealSigningSecret(this.ctx(), company, hookId)) ?? undefined;
  }

  async rotateSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.rotateSigningSecret(this.ctx(), company, hookId)) ?? undefined;
  }
}

/**
 * Until the platform's webhooks module and delivery engine are merged (issue 22's other two parts), every
 * call but the company's refuses: the portal's routes and pages build against the adapter meanwhile.
 */
export const pendingWebhookFunctions: WebhookFunctions = new Proxy({} as WebhookFunctions, {
  get: (_, name) => () => {
    throw new Error(`the platform's webhooks (${String(name)}) are not merged yet`);
  },
});
