import { type AccountUpdateRequest, registrationRequest, type SessionFeatures } from '@lintel/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { UserRow, UserTokenPurpose } from '../../db/schema';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../http/crypto';
import { errors } from '../../http/errors';
import { idleExpiry } from '../../http/session';
import type { Mailer } from '../../jobs/mail/mailer';
import { reserveMail } from '../../jobs/mail/quota';
import type { TemplateName } from '../../jobs/mail/templates';
import { noticeSignIn, revokeAllTokensOf } from '../access-tokens/service';
import { authRepository as repo } from './repository';

/** How each kind of single-use token is e-mailed: its lifetime, template and the page its link opens. */
const TOKEN_MAILS = {
  confirmation: { ttlMs: 48 * 3600_000, template: 'confirmation', path: '/confirm_email' },
  password_reset: { ttlMs: 3600_000, template: 'passwordReset', path: '/password/reset' },
} as const satisfies Record<UserTokenPurpose, { ttlMs: number; template: TemplateName; path: string }>;
const THROTTLE_WINDOW_MS = 15 * 60_000;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The second step of signing in (modules/two-factor): throws unless the account's second factor is met. */
  secondFactor?: {
    verifySignIn(
      user: UserRow,
      input: { otp_code?: string; recovery_code?: string; passkey?: Record<string, unknown> },
      client: { ip: string },
      now: Date,
    ): Promise<void>;
  };
}

export interface Registration {
  name: string;
  company_name: string;
  email: string;
  password: string;
}

export interface SignedIn {
  user: UserRow;
  sessionToken: string;
  csrfToken: string;
}

/** Accounts: registration and confirmation, sessions, password resets and the account itself. */
export class AuthService {
  #dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthDeps) {}

  /** The deployment's switches the web reads with the session (sessionFeatures). */
  features(): SessionFeatures {
    const { config } = this.deps;
    return {
      can_create_sandbox_manifests: config.canCreateSandboxManifests,
      government_cloud: config.governmentCloud,
      form_experience_forced: config.formExperienceForced,
      security_and_compliance_enabled: config.securityAndComplianceEnabled,
      listing_application: {
        enabled: config.listingApplication.enabled,
        existing_partner_form_url: config.listingApplication.existingPartnerFormUrl,
        new_partner_form_url: config.listingApplication.newPartnerFormUrl,
        partner_programs_email: config.listingApplication.partnerProgramsEmail,
      },
    };
  }

  /**
   * Sign-up reveals nothing and cannot be pre-hijacked (issue 8): whatever the address, the caller gets the
   * same answer after the same work. A new address gets its account and a confirmation link; a confirmed
   * account's owner is told by e-mail that someone tried; an unconfirmed account takes the newest sign-up's
   * password and details, and only the newest confirmation link works, so whoever signed up first with
   * someone else's address cannot own the account that address later confirms.
   */
  async register(input: Registration, client: { ip: string }, now = new Date()): Promise<void> {
    const { db, config, mailer } = this.deps;
    await reserveMail(db, config, { to: input.email, ip: client.ip }, now);
    const passwordHash = await hashPassword(input.password, config.scryptLogN);
    await db.transaction().execute(async (trx) => {
      const details = { name: input.name, company_name: input.company_name, password_hash: passwordHash };
      const created = await repo.insertUser(trx, { ...details, email: input.email, confirmed_at: null });
      if (created) return this.mailToken(trx, created, 'confirmation', now);
      const existing = await repo.findUserByEmail(trx, input.email);
      if (!existing) return;
      if (existing.confirmed_at) {
        return mailer.enqueue(trx, {
          to: existing.email,
          template: 'signUpAttempt',
          data: {
            name: existing.name,
            signInUrl: `${config.publicUrl}/sign_in`,
            resetUrl: `${config.publicUrl}/password/forgot`,
          },
          idempotencyKey: `sign-up-attempt:${existing.id}:${now.getTime()}`,
        });
      }
      const replaced = await repo.updateUser(trx, existing.id, details);
      await repo.revokeTokens(trx, existing.id, 'confirmation', now);
      await this.mailToken(trx, replaced, 'confirmation', now);
    });
  }

  /**
   * An account the operator creates (the demo accounts of `npm start`, `npm run demo:app`): sign-up's
   * rules (registrationRequest) and password hashing, confirmed at once — the operator vouches for the
   * address, so no confirmation e-mail goes out. Undefined when the address has an account already.
   */
  async createAccount(
    input: Registration,
    roles: { admin?: boolean; employee?: boolean } = {},
    now = new Date(),
  ): Promise<UserRow | undefined> {
    const valid = registrationRequest.parse(input);
    const passwordHash = await hashPassword(valid.password, this.deps.config.scryptLogN);
    return repo.insertUser(this.deps.db, {
      name: valid.name,
      company_name: valid.company_name,
      email: valid.email,
      password_hash: passwordHash,
      is_admin: roles.admin ?? false,
      is_employee: roles.employee ?? false,
      confirmed_at: now,
    });
  }

  /** Sends a new confirmation link to an unconfirmed account; silent otherwise (no enumeration). */
  async resendConfirmation(email: string, client: { ip: string }, now = new Date()): Promise<void> {
    await reserveMail(this.deps.db, this.deps.config, { to: email, ip: client.ip }, now);
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await repo.findUserByEmail(trx, email);
      if (!user || user.confirmed_at) return;
      await repo.revokeTokens(trx, user.id, 'confirmation', now);
      await this.mailToken(trx, user, 'confirmation', now);
    });
  }

  async confirm(token: string, now = new Date()): Promise<UserRow> {
    return this.deps.db.transaction().execute(async (trx) => {
      const userId = await repo.consumeToken(trx, 'confirmation', hashToken(token), now);
      if (userId === undefined) throw errors.invalidToken();
      return repo.updateUser(trx, userId, { confirmed_at: now });
    });
  }

  async signIn(
    credentials: {
      email: string;
      password: string;
      otp_code?: string;
      recovery_code?: string;
      passkey?: Record<string, unknown>;
    },
    client: { ip: string; userAgent: string | undefined; previousSessionId: string | undefined },
    now = new Date(),
  ): Promise<SignedIn> {
    const { db } = this.deps;
    const email = credentials.email.toLowerCase();
    const user = await repo.findUserByEmail(db, email);
    await this.reserveAttempt({ email, ip: client.ip }, user, now);
    // An unknown address costs the same scrypt work as a wrong password: timing tells nothing either.
    const valid = await verifyPassword(credentials.password, user?.password_hash ?? (await this.dummyHash()));
    if (!user || !valid) throw errors.invalidCredentials();
    await repo.forgiveAttempts(db, { email, ip: client.ip });
    if (!user.confirmed_at) throw errors.emailNotConfirmed();
    await this.deps.secondFactor?.verifySignIn(user, credentials, { ip: client.ip }, now);
    return this.openSession(user, client, now);
  }

  /** A new session for a user who has proved who they are (a password and its second factor, or a passkey). */
  async openSession(
    user: UserRow,
    client: { ip: string; userAgent: string | undefined; previousSessionId: string | undefined },
    now = new Date(),
  ): Promise<SignedIn> {
    const { db, config } = this.deps;
    const sessionToken = randomToken();
    const csrfToken = randomToken();
    await db.transaction().execute(async (trx) => {
      // Rotation: whatever session the browser had before is gone; the new one has a fresh id.
      if (client.previousSessionId) await repo.deleteSession(trx, client.previousSessionId);
      await repo.insertSession(trx, {
        id: hashToken(sessionToken),
        user_id: user.id,
        csrf_token: csrfToken,
        expires_at: idleExpiry(config, now),
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 500) ?? null,
      });
      // A browser this account had not signed in from: its owner is told (issue 23).
      await noticeSignIn(trx, this.deps, user, client, now);
    });
    return { user, sessionToken, csrfToken };
  }

  /**
   * Counts one failed attempt before the password is checked (issue 8): per account and client address
   * (LOGIN_MAX_FAILURES), per address (LOGIN_IP_MAX_FAILURES), and an account-wide ceiling
   * (LOGIN_ACCOUNT_MAX_FAILURES) that only a distributed attack reaches — its owner is told by e-mail.
   * The caller forgives the attempt when the password is right.
   */
  private async reserveAttempt(key: { email: string; ip: string }, user: UserRow | undefined, now: Date) {
    const { db, config, mailer } = this.deps;
    const windowStart = now.getTime() - THROTTLE_WINDOW_MS;
    const reserved = await repo.reserveAttempt(db, key, new Date(windowStart), {
      pair: config.loginMaxFailures,
      ip: config.loginIpMaxFailures,
      account: config.loginAccountMaxFailures,
    });
    if ('id' in reserved) return;
    if (reserved.limit === 'account' && user) {
      await mailer.enqueue(db, {
        to: user.email,
        template: 'signInCeiling',
        data: { name: user.name, resetUrl: `${config.publicUrl}/password/forgot` },
        idempotencyKey: `sign-in-ceiling:${user.id}:${Math.floor(now.getTime() / THROTTLE_WINDOW_MS)}`,
      });
    }
    throw errors.tooManyAttempts();
  }

  async signOut(sessionId: string): Promise<void> {
    await repo.deleteSession(this.deps.db, sessionId);
  }

  /** Same outcome whether or not the address has an account. */
  async requestPasswordReset(email: string, client: { ip: string }, now = new Date()): Promise<void> {
    await reserveMail(this.deps.db, this.deps.config, { to: email, ip: client.ip }, now);
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await repo.findUserByEmail(trx, email);
      if (!user) return;
      await repo.revokeTokens(trx, user.id, 'password_reset', now);
      await this.mailToken(trx, user, 'password_reset', now);
    });
  }

  /** Sets the password from a single-use reset token and signs the account out everywhere. */
  async resetPassword(token: string, password: string, now = new Date()): Promise<void> {
    const passwordHash = await hashPassword(password, this.deps.config.scryptLogN);
    await this.deps.db.transaction().execute(async (trx) => {
      const userId = await repo.consumeToken(trx, 'password_reset', hashToken(token), now);
      if (userId === undefined) throw errors.invalidToken();
      const user = await repo.findUser(trx, userId);
      // Following the e-mailed link proves the address too.
      await repo.updateUser(trx, userId, {
        password_hash: passwordHash,
        confirmed_at: user?.confirmed_at ?? now,
      });
      await repo.deleteSessionsOf(trx, userId);
      // Whoever knew the old password may have made tokens with it (issue 23).
      await revokeAllTokensOf(trx, userId);
    });
  }

  async updateAccount(
    user: UserRow,
    sessionId: string,
    changes: AccountUpdateRequest,
    client: { ip: string },
    now = new Date(),
  ): Promise<UserRow> {
    const update: Parameters<typeof repo.updateUser>[2] = {};
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.company_name !== undefined) update.company_name = changes.company_name;
    if (changes.critical_emails !== undefined) update.critical_emails = changes.critical_emails;
    if (changes.password !== undefined) {
      // Guessing the current password is throttled as signing in is.
      const key = { email: user.email, ip: client.ip };
      await this.reserveAttempt(key, user, now);
      if (!(await verifyPassword(changes.current_password ?? '', user.password_hash))) {
        throw errors.field('current_password', 'incorrect', 'is incorrect');
      }
      await repo.forgiveAttempts(this.deps.db, key);
      update.password_hash = await hashPassword(changes.password, this.deps.config.scryptLogN);
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const updated = await repo.updateUser(trx, user.id, update);
      if (update.password_hash) await repo.deleteSessionsOf(trx, user.id, sessionId);
      return updated;
    });
  }

  /** Stores a new single-use token of `purpose` and queues the e-mail with its link, in `trx`. */
  private async mailToken(trx: Db, user: UserRow, purpose: UserTokenPurpose, now: Date): Promise<void> {
    const { ttlMs, template, path } = TOKEN_MAILS[purpose];
    const token = randomToken();
    const tokenHash = hashToken(token);
    await repo.insertToken(trx, user.id, purpose, tokenHash, new Date(now.getTime() + ttlMs));
    await this.deps.mailer.enqueue(trx, {
      to: user.email,
      template,
      data: { name: user.name, url: `${this.deps.config.publicUrl}${path}?token=${token}` },
      idempotencyKey: `${purpose}:${tokenHash}`,
    });
  }

  private dummyHash(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomToken(), this.deps.config.scryptLogN);
    return this.#dummyHash;
  }
}
