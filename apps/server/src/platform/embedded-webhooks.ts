import type { PlatformContext, PlatformDb } from '@lintel/platform';
import type { Db } from '../db/index';
import { platformRepository as repo } from './repository';
import {
  type PlatformWebhooks,
  type WebhookActor,
  type WebhookDeliveryDetail,
  type WebhookDeliveryQuery,
  type WebhookDeliveryView,
  type WebhookHookHealth,
  type WebhookHookInput,
  type WebhookHookView,
  WebhookRefusal,
  type WebhookResourceEntry,
  type WebhookSigningSecret,
  type WebhookTriggerView,
} from './types';

/** A delivery the engine queued (again): its id. */
interface Queued {
  id: number;
}

/** A signing secret as the engine shows it. */
interface SecretView {
  secret: string;
  previousSecretExpiresAt: string | null;
}

/**
 * The platform's webhooks functions the adapter calls (apps/platform/src/webhooks: hooks.ts and
 * queries.ts of the API, delivery/ of the engine), with their own signatures. Hooks and triggers throw
 * the platform's WebhookError (status 404 or 422 with messages by field); the rest answer null.
 */
export interface WebhookFunctions {
  webhookCatalogue(): { name: string; eventTypes: string[] }[];
  listHooks(db: PlatformDb, companyId: number): Promise<WebhookHookView[]>;
  createHook(
    ctx: PlatformContext,
    companyId: number,
    input: WebhookHookInput,
    actor: { userId: number | null; oauthApplicationId: number | null },
  ): Promise<WebhookHookView>;
  updateHook(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    input: Partial<Omit<WebhookHookInput, 'projectId'>>,
  ): Promise<WebhookHookView>;
  deleteHook(ctx: PlatformContext, companyId: number, hookId: number): Promise<void>;
  addTrigger(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    trigger: { resourceName: string; eventType: string },
    actor: { userId: number | null; oauthApplicationId: number | null },
  ): Promise<WebhookTriggerView>;
  removeTrigger(ctx: PlatformContext, companyId: number, hookId: number, triggerId: number): Promise<void>;
  listDeliveries(
    db: PlatformDb,
    query: WebhookDeliveryQuery & { companyId: number },
  ): Promise<WebhookDeliveryView[]>;
  deliveryDetail(
    db: PlatformDb,
    companyId: number,
    deliveryId: number,
  ): Promise<WebhookDeliveryDetail | null>;
  hookHealth(db: PlatformDb, hookId: number, now: Date): Promise<WebhookHookHealth | null>;
  redeliver(ctx: PlatformContext, companyId: number, deliveryId: number): Promise<Queued | null>;
  redeliverFailedSince(
    ctx: PlatformContext,
    companyId: number,
    hookId: number,
    since: Date,
  ): Promise<Queued[] | null>;
  sendTestEvent(ctx: PlatformContext, companyId: number, hookId: number): Promise<Queued | null>;
  revealSigningSecret(ctx: PlatformContext, hookId: number): Promise<SecretView | null>;
  rotateSigningSecret(ctx: PlatformContext, hookId: number): Promise<SecretView | null>;
}

/** The platform's WebhookError, recognised by its shape: 404 (not the company's) or 422 (by field). */
function webhookError(
  error: unknown,
): { status: number; message: string; errors: Record<string, string[]> } | null {
  if (!(error instanceof Error) || !('status' in error)) return null;
  const status = (error as { status: unknown }).status;
  if (status !== 404 && status !== 422) return null;
  const errors = (error as { errors?: unknown }).errors;
  return {
    status,
    message: error.message,
    errors: typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : {},
  };
}

/** Runs a hook or trigger change: 404 → undefined, 422 → WebhookRefusal. */
async function refused<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    const known = webhookError(error);
    if (known?.status === 404) return undefined;
    if (known?.status === 422) throw new WebhookRefusal(known.message, known.errors);
    throw error;
  }
}

const secretOf = (view: SecretView): WebhookSigningSecret => ({
  secret: view.secret,
  previousExpiresAt: view.previousSecretExpiresAt ? new Date(view.previousSecretExpiresAt) : null,
});

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

  private get platformDb(): PlatformDb {
    return this.deps.db;
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

  /** A hook of the app's company, with the company; undefined when it is not the app's. */
  private async ownHook(appId: number, hookId: number): Promise<number | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    const found = await this.platformDb
      .selectFrom('platform_webhook_hooks')
      .select('id')
      .where('company_id', '=', company)
      .where('id', '=', hookId)
      .executeTakeFirst();
    return found ? company : undefined;
  }

  /** The portal user as a user of the app's sandbox company (who saved a hook), else null. */
  private async platformUser(appId: number, portalUserId: number): Promise<number | null> {
    const found = await this.platformDb
      .selectFrom('platform_users as u')
      .innerJoin('platform_company_users as cu', 'cu.user_id', 'u.id')
      .innerJoin('platform_companies as c', 'c.id', 'cu.company_id')
      .select('u.id')
      .where('u.portal_user_id', '=', portalUserId)
      .where('c.developer_app_id', '=', appId)
      .where('c.environment', '=', 'sandbox')
      .executeTakeFirst();
    return found ? Number(found.id) : null;
  }

  private async actorOf(appId: number, actor: WebhookActor) {
    return { userId: await this.platformUser(appId, actor.portalUserId), oauthApplicationId: null };
  }

  catalogue(): WebhookResourceEntry[] {
    return this.fn
      .webhookCatalogue()
      .map((resource) => ({ resourceName: resource.name, eventTypes: [...resource.eventTypes] }));
  }

  async hooks(appId: number): Promise<WebhookHookView[]> {
    const company = await this.company(appId);
    return company === undefined ? [] : this.fn.listHooks(this.platformDb, company);
  }

  async hook(appId: number, hookId: number): Promise<WebhookHookView | undefined> {
    return (await this.hooks(appId)).find((hook) => hook.id === hookId);
  }

  async createHook(appId: number, input: WebhookHookInput, actor: WebhookActor): Promise<WebhookHookView> {
    const company = await this.company(appId);
    if (company === undefined) throw new Error(`app ${appId} has no live sandbox company`);
    const by = await this.actorOf(appId, actor);
    const created = await refused(() => this.fn.createHook(this.ctx(), company, input, by));
    // 404: a project that is not the company's (the portal sends none).
    if (!created)
      throw new WebhookRefusal('Project not found', { project_id: ['is not a project of the company'] });
    return created;
  }

  async updateHook(
    appId: number,
    hookId: number,
    input: Partial<WebhookHookInput>,
    _actor: WebhookActor,
  ): Promise<WebhookHookView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    const { projectId: _owner, ...changes } = input;
    return refused(() => this.fn.updateHook(this.ctx(), company, hookId, changes));
  }

  async deleteHook(appId: number, hookId: number): Promise<boolean> {
    const company = await this.company(appId);
    if (company === undefined) return false;
    return (
      (await refused(async () => {
        await this.fn.deleteHook(this.ctx(), company, hookId);
        return true;
      })) ?? false
    );
  }

  async addTrigger(
    appId: number,
    hookId: number,
    trigger: { resourceName: string; eventType: string },
    actor: WebhookActor,
  ): Promise<WebhookTriggerView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    const by = await this.actorOf(appId, actor);
    return refused(() => this.fn.addTrigger(this.ctx(), company, hookId, trigger, by));
  }

  async removeTrigger(appId: number, hookId: number, triggerId: number): Promise<boolean> {
    const company = await this.company(appId);
    if (company === undefined) return false;
    return (
      (await refused(async () => {
        await this.fn.removeTrigger(this.ctx(), company, hookId, triggerId);
        return true;
      })) ?? false
    );
  }

  async health(appId: number, hookIds: readonly number[]): Promise<Map<number, WebhookHookHealth>> {
    const out = new Map<number, WebhookHookHealth>();
    const company = await this.company(appId);
    if (company === undefined || hookIds.length === 0) return out;
    // Only the company's hooks: the engine's health is per hook, whoever owns it.
    const own = await this.platformDb
      .selectFrom('platform_webhook_hooks')
      .select('id')
      .where('company_id', '=', company)
      .where('id', 'in', [...hookIds])
      .execute();
    const now = this.deps.context()?.now() ?? new Date();
    for (const { id } of own) {
      const health = await this.fn.hookHealth(this.platformDb, Number(id), now);
      if (health) out.set(Number(id), health);
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
    const rows = await this.fn.listDeliveries(this.platformDb, {
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
    return (await this.fn.deliveryDetail(this.platformDb, company, deliveryId)) ?? undefined;
  }

  async redeliver(appId: number, deliveryId: number): Promise<WebhookDeliveryView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    const queued = await this.fn.redeliver(this.ctx(), company, deliveryId);
    return queued ? this.delivery(appId, queued.id) : undefined;
  }

  async redeliverFailedSince(appId: number, hookId: number, since: Date): Promise<number | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    return (await this.fn.redeliverFailedSince(this.ctx(), company, hookId, since))?.length;
  }

  async sendTestEvent(appId: number, hookId: number): Promise<WebhookDeliveryView | undefined> {
    const company = await this.company(appId);
    if (company === undefined) return undefined;
    const queued = await this.fn.sendTestEvent(this.ctx(), company, hookId);
    return queued ? this.delivery(appId, queued.id) : undefined;
  }

  async revealSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined> {
    if ((await this.ownHook(appId, hookId)) === undefined) return undefined;
    const view = await this.fn.revealSigningSecret(this.ctx(), hookId);
    return view ? secretOf(view) : undefined;
  }

  async rotateSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined> {
    if ((await this.ownHook(appId, hookId)) === undefined) return undefined;
    const view = await this.fn.rotateSigningSecret(this.ctx(), hookId);
    return view ? secretOf(view) : undefined;
  }
}
