import type { GracePeriodHours } from '@lintel/shared';
import type { Db } from '../../db/index';
import { errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import type { OAuthApplication, Platform, RotatedSecret } from '../../platform/types';
import { type AuditActor, recordAudit } from '../audit/recorder';
import type { AppContext } from '../developer-apps/scope';
import { enqueueSecretNotices } from './notices';

const HOUR_MS = 3_600_000;

/**
 * Secret rotation without downtime (issue 23), for a live sandbox's OAuth application and for the
 * production one: a new secret while the previous keeps working for a grace period, and the early end
 * of that grace. Each is audited and e-mailed to the app's owners and admins in one transaction.
 */
export class SecretRotationService {
  constructor(
    private readonly deps: { db: Db; platform: Platform; mailer: Mailer; config: { publicUrl: string } },
  ) {}

  /** The OAuth application of a live sandbox of the context's app; 404 for another app's, 409 before live. */
  async sandboxApplication(context: AppContext, sandboxId: number): Promise<OAuthApplication> {
    const sandbox = await this.deps.platform.findSandbox(sandboxId);
    if (!sandbox || sandbox.appId !== context.app.id) throw errors.notFound('Sandbox');
    if (sandbox.status !== 'live' || !sandbox.oauth) throw errors.conflict('The sandbox is not live yet.');
    return sandbox.oauth;
  }

  /** A working OAuth application of the context's app, by client id. */
  async application(context: AppContext, uid: string): Promise<OAuthApplication> {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth || oauth.appId !== context.app.id) throw errors.notFound('OAuth application');
    if (oauth.revoked) {
      throw errors.conflict('Production access was revoked: this OAuth application no longer works.');
    }
    return oauth;
  }

  /**
   * A new secret, returned once; the current one keeps working for `graceHours`. Writes the audit event
   * (`oauth_application.secret_rotated`, with the grace's end, never a secret) and the notices.
   */
  async rotate(
    context: AppContext,
    oauth: OAuthApplication,
    graceHours: GracePeriodHours,
    actor: AuditActor,
    now = new Date(),
  ): Promise<RotatedSecret> {
    const expiresAt = new Date(now.getTime() + graceHours * HOUR_MS);
    return this.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: 'oauth_application.secret_rotated',
        subjectType: 'oauth_application',
        subjectId: oauth.uid,
        developerAppId: context.app.id,
        changes: {
          after: {
            environment: oauth.environment,
            grace_period_hours: graceHours,
            previous_secret_expires_at: expiresAt.toISOString(),
          },
        },
      });
      await enqueueSecretNotices(trx, this.deps, {
        app: context.app,
        actor: context.user,
        environment: oauth.environment,
        change: 'rotated',
        previousExpiresAt: expiresAt,
      });
      return this.deps.platform.rotateSecret(oauth.uid, expiresAt, trx);
    });
  }

  /** "Expire the old secret now": 409 when no grace period runs; audited and e-mailed otherwise. */
  async expirePrevious(context: AppContext, oauth: OAuthApplication, actor: AuditActor): Promise<void> {
    if (!oauth.previousSecretExpiresAt) {
      throw errors.conflict('No previous secret is in its grace period: there is nothing to expire.');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const ended = await this.deps.platform.expirePreviousSecret(oauth.uid, trx);
      // The grace ran out between the read and now: nothing changed, nothing to record.
      if (!ended) {
        throw errors.conflict('No previous secret is in its grace period: there is nothing to expire.');
      }
      await recordAudit(trx, actor, {
        action: 'oauth_application.previous_secret_expired',
        subjectType: 'oauth_application',
        subjectId: oauth.uid,
        developerAppId: context.app.id,
        changes: {
          before: { previous_secret_expires_at: oauth.previousSecretExpiresAt?.toISOString() ?? null },
          after: { environment: oauth.environment, previous_secret_expires_at: null },
        },
      });
      await enqueueSecretNotices(trx, this.deps, {
        app: context.app,
        actor: context.user,
        environment: oauth.environment,
        change: 'previous_expired',
      });
    });
  }
}
