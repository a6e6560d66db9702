import { grantableScopes, TOKEN_LIMITS, TOKEN_PREFIX, type TokenScope } from '@lintel/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { SessionRow, UserRow } from '../../db/schema';
import { hashToken, randomToken } from '../../http/crypto';
import { errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import type { AuditActor } from '../audit/recorder';
import { recordAudit } from '../audit/recorder';
import { authRepository } from '../auth/repository';
import { accessTokenRepository as repo, type TokenSummary } from './repository';
import { browserSignature, describeBrowser } from './user-agent';

export interface AccessTokenDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** The validated body of a create call (shared createPersonalAccessTokenRequest's output). */
interface CreateInput {
  name: string;
  expires_at: string | null;
  scopes: TokenScope[];
}

/** Personal access tokens and the account's sessions (issue 23). */
export class AccessTokenService {
  constructor(private readonly deps: AccessTokenDeps) {}

  list(user: UserRow): Promise<TokenSummary[]> {
    return repo.listOf(this.deps.db, user.id);
  }

  /** Creates a token; the clear token is in the answer and nowhere else (only its hash is stored). */
  async create(
    user: UserRow,
    input: CreateInput,
    actor: AuditActor,
    now = new Date(),
  ): Promise<{ token: string; summary: TokenSummary }> {
    const allowed = grantableScopes(user);
    const refused = input.scopes.filter((scope) => !allowed.includes(scope));
    if (refused.length > 0) {
      throw errors.field(
        'personal_access_token.scopes',
        'invalid_choice',
        `${refused.join(', ')} can only be granted by platform administrators`,
      );
    }
    const expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw errors.field('personal_access_token.expires_at', 'invalid_date', 'must be in the future');
    }
    const token = `${TOKEN_PREFIX}${randomToken(32)}`;
    const summary = await this.deps.db.transaction().execute(async (trx) => {
      if ((await repo.countOf(trx, user.id)) >= TOKEN_LIMITS.perUser) {
        throw errors.field(
          'personal_access_token.name',
          'too_many',
          `you can have at most ${TOKEN_LIMITS.perUser} tokens; revoke one first`,
          { max: TOKEN_LIMITS.perUser },
        );
      }
      const created = await repo.insert(trx, {
        user_id: user.id,
        name: input.name,
        token_hash: hashToken(token),
        scopes: input.scopes,
        expires_at: expiresAt,
      });
      await recordAudit(trx, actor, {
        action: 'personal_access_token.created',
        subjectType: 'personal_access_token',
        subjectId: created.id,
        changes: {
          before: {},
          after: {
            user_id: user.id,
            name: created.name,
            scopes: input.scopes,
            expires_at: expiresAt?.toISOString() ?? null,
          },
        },
      });
      return created;
    });
    return { token, summary };
  }

  /** Revokes one of `owner`'s tokens (the owner, or an administrator on the developer's page). */
  async revoke(owner: { id: number }, tokenId: number, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const deleted = await repo.delete(trx, owner.id, tokenId);
      if (!deleted) throw errors.notFound('Token');
      await recordAudit(trx, actor, {
        action: 'personal_access_token.revoked',
        subjectType: 'personal_access_token',
        subjectId: deleted.id,
        changes: { before: { user_id: owner.id, name: deleted.name, scopes: deleted.scopes }, after: {} },
      });
    });
  }

  /** A developer's tokens for an administrator; 404 when there is no such developer. */
  async listOf(userId: number): Promise<TokenSummary[]> {
    if (!(await authRepository.findUser(this.deps.db, userId))) throw errors.notFound('Developer');
    return repo.listOf(this.deps.db, userId);
  }

  sessions(user: UserRow, now = new Date()): Promise<SessionRow[]> {
    return repo.liveSessionsOf(this.deps.db, user.id, now);
  }

  async signOutSession(user: UserRow, publicId: number): Promise<void> {
    if (!(await repo.deleteSession(this.deps.db, user.id, publicId))) throw errors.notFound('Session');
  }

  signOutOthers(user: UserRow, current: SessionRow): Promise<number> {
    return repo.deleteOtherSessions(this.deps.db, user.id, current.id);
  }
}

/**
 * Called in the transaction that creates a session: remembers the browser and, when the account signs in
 * from one it had not used before, queues the notice e-mail (where and when; never a secret).
 */
export async function noticeSignIn(
  trx: Db,
  deps: { config: Config; mailer: Mailer },
  user: UserRow,
  client: { ip: string; userAgent: string | null | undefined },
  now = new Date(),
): Promise<void> {
  const signature = browserSignature(client.userAgent);
  if (!(await repo.rememberBrowser(trx, user.id, signature, now))) return;
  const { config, mailer } = deps;
  await mailer.enqueue(trx, {
    to: user.email,
    template: 'newSignIn',
    data: {
      name: user.name,
      browser: describeBrowser(client.userAgent),
      ip: client.ip,
      at: now,
      sessionsUrl: `${config.publicUrl}/account#sessions`,
      resetUrl: `${config.publicUrl}/password/forgot`,
    },
    idempotencyKey: `new-sign-in:${user.id}:${hashToken(signature).slice(0, 16)}`,
  });
}

/** Revokes every token of a user (password reset, account deletion); call it in that change's transaction. */
export function revokeAllTokensOf(trx: Db, userId: number): Promise<number> {
  return repo.deleteAllOf(trx, userId);
}
