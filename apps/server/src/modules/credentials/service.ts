import type { Db } from '../../db/index';
import { errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import type { IssuedSecret, OAuthApplication, Platform } from '../../platform/types';
import { type AuditActor, recordAudit } from '../audit/recorder';
import type { AppContext } from '../developer-apps/scope';
import { enqueueSecretNotices } from './notices';

/** Production OAuth credentials on the platform (spec 2 §4 "Client secret"). */
export class CredentialService {
  constructor(
    private readonly deps: { db: Db; platform: Platform; mailer: Mailer; config: { publicUrl: string } },
  ) {}

  /** The app an OAuth application belongs to (the app scope then decides whether the actor may see it). */
  async appOf(uid: string): Promise<number> {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth) throw errors.notFound('OAuth application');
    return oauth.appId;
  }

  /** A new secret; the audit event is written first and stands or falls with the reset. */
  async resetSecret(context: AppContext, uid: string, actor: AuditActor): Promise<IssuedSecret> {
    const oauth = await this.ownApplication(context, uid);
    return this.deps.db.transaction().execute(async (trx) => {
      await recordAudit(trx, actor, {
        action: 'oauth_application.secret_reset',
        subjectType: 'oauth_application',
        subjectId: uid,
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
      return this.deps.platform.resetSecret(uid, trx);
    });
  }

  /** The production secret, once; afterwards only its hash is kept and a reset is needed (410). */
  async revealSecret(context: AppContext, uid: string): Promise<string> {
    const oauth = await this.ownApplication(context, uid);
    const secret = oauth.environment === 'production' ? await this.deps.platform.revealSecret(uid) : null;
    if (secret === null) {
      throw errors.gone('This secret was already revealed; reset the secret to get a new one.');
    }
    return secret;
  }

  private async ownApplication(context: AppContext, uid: string): Promise<OAuthApplication> {
    const oauth = await this.deps.platform.findOAuthApplication(uid);
    if (!oauth || oauth.appId !== context.app.id) throw errors.notFound('OAuth application');
    if (oauth.revoked) {
      throw errors.conflict('Production access was revoked: this OAuth application no longer works.');
    }
    return oauth;
  }
}
