import type { Db } from '../../db/index';
import { errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import type {
  Environment,
  EnvironmentBaseUrls,
  IssuedSecret,
  OAuthApplication,
  Platform,
  Sandbox,
  SandboxFinished,
  TestToken,
} from '../../platform/types';
import { type AuditActor, recordAudit } from '../audit/recorder';
import { enqueueSecretNotices } from '../credentials/notices';
import { developerAppRepository as apps } from '../developer-apps/repository';
import type { AppContext } from '../developer-apps/scope';
import { checkRedirectUris } from '../developer-apps/service';

/** An app's sandbox on the platform: its redirect URIs, its secret, a fake one for staff (spec 2 §4). */
export class SandboxService {
  constructor(
    private readonly deps: { db: Db; platform: Platform; mailer: Mailer; config: { publicUrl: string } },
  ) {}

  /** The app a sandbox belongs to (the app scope then decides whether the actor may see it). */
  async appOf(sandboxId: number): Promise<number> {
    const sandbox = await this.deps.platform.findSandbox(sandboxId);
    if (!sandbox) throw errors.notFound('Sandbox');
    return sandbox.appId;
  }

  /** Sandbox redirect URIs; the sandbox must be live (its OAuth application exists then). */
  async updateRedirectUris(context: AppContext, sandboxId: number, redirectUri: string): Promise<Sandbox> {
    const oauth = await this.liveOAuth(context, sandboxId);
    const normalised = checkRedirectUris(redirectUri, 'sandbox.redirect_uri');
    await this.deps.platform.updateOAuthApplication(oauth.uid, { redirectUri: normalised });
    const fresh = await this.deps.platform.findSandbox(sandboxId);
    if (!fresh) throw errors.notFound('Sandbox');
    return fresh;
  }

  /** A new sandbox secret; the audit event is written first and stands or falls with the reset. */
  async resetSecret(context: AppContext, sandboxId: number, actor: AuditActor): Promise<IssuedSecret> {
    const oauth = await this.liveOAuth(context, sandboxId);
    return this.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: 'oauth_application.secret_reset',
        subjectType: 'oauth_application',
        subjectId: oauth.uid,
        developerAppId: context.app.id,
        changes: { after: { environment: oauth.environment } },
      });
      // A reset is told to the owners and admins as a rotation is (issue 23); never the secret.
      await enqueueSecretNotices(trx, this.deps, {
        app: context.app,
        actor: context.user,
        environment: oauth.environment,
        change: 'reset',
      });
      return this.deps.platform.resetSecret(oauth.uid, trx);
    });
  }

  /** Where the platform's OAuth server and REST API are reached, per environment. */
  baseUrls(): Record<Environment, EnvironmentBaseUrls> {
    return this.deps.platform.baseUrls();
  }

  /**
   * "Get a test token": a sandbox user token for the signed-in collaborator, as if they had allowed the
   * app on the consent page. Audited as the other credential actions (never the token itself).
   */
  async testToken(context: AppContext, actor: AuditActor): Promise<TestToken> {
    const sandbox = await this.deps.platform.sandboxOf(context.app.id);
    if (sandbox?.status !== 'live' || !sandbox.oauth) {
      throw errors.conflict('The sandbox is not live yet: a test token can be had once it is.');
    }
    const token = await this.deps.platform.issueTestToken(context.app.id, actor.userId);
    if (!token) {
      throw errors.conflict('The sandbox company does not list you as a user yet; try again in a moment.');
    }
    await recordAudit(this.deps.db, actor, {
      action: 'oauth_application.test_token_issued',
      subjectType: 'oauth_application',
      subjectId: sandbox.oauth.uid,
      developerAppId: context.app.id,
      changes: { after: { environment: 'sandbox', company_id: token.companyId } },
    });
    return token;
  }

  async generateFake(context: AppContext): Promise<IssuedSecret> {
    const current = await this.deps.platform.sandboxOf(context.app.id);
    if (current?.status === 'live') throw errors.conflict('This app already has a live sandbox.');
    const { secret } = await this.deps.platform.generateFakeSandbox(
      context.app.id,
      context.app.internal_name,
    );
    return secret;
  }

  /** Tells the owner by e-mail that the sandbox is live, or that building it failed (spec 2 §2). */
  async sandboxFinished(event: SandboxFinished): Promise<void> {
    const { db, mailer, config } = this.deps;
    await db.transaction().execute(async (trx) => {
      const app = await apps.find(trx, event.appId);
      if (!app || app.deleted_at) return;
      const owner = await apps.owner(trx, app);
      await mailer.enqueue(trx, {
        to: owner.email,
        template: event.status === 'live' ? 'sandboxReady' : 'sandboxFailed',
        data: { name: owner.name, appName: app.name, url: `${config.publicUrl}/developer_apps/${app.id}` },
        idempotencyKey: `sandbox:${event.sandboxId}:${event.status}`,
      });
    });
  }

  private async liveOAuth(context: AppContext, sandboxId: number): Promise<OAuthApplication> {
    const sandbox = await this.deps.platform.findSandbox(sandboxId);
    if (!sandbox || sandbox.appId !== context.app.id) throw errors.notFound('Sandbox');
    if (sandbox.status !== 'live' || !sandbox.oauth) throw errors.conflict('The sandbox is not live yet.');
    return sandbox.oauth;
  }
}
