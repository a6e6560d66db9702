import type {
  AdminTwoFactor,
  CreatePasskeyRequest,
  RecoveryCodes,
  TwoFactorDisableRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@lintel/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { UserRow } from '../../db/schema';
import { hashToken, type SecretBox, verifyPassword } from '../../http/crypto';
import { AppError, errors } from '../../http/errors';
import type { Mailer } from '../../jobs/mail/mailer';
import type { AuditActor } from '../audit/recorder';
import { recordAudit } from '../audit/recorder';
import { authRepository } from '../auth/repository';
import { twoFactorPolicy } from './policy';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { twoFactorRepository as repo } from './repository';

// Loaded on first use, not at start (issue 24: the idle server's memory): the WebAuthn verifier (its
// ASN.1 schemas are ~5 MB of heap), the QR code renderer and the TOTP library serve only the users who set
// up or use a second factor. Node caches a module once loaded, so later calls cost a resolved promise.
const webauthn = () => import('@simplewebauthn/server');
const base64url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;
const qrCode = async () => (await import('qrcode')).default;
const totp = () => import('./totp');

const THROTTLE_WINDOW_MS = 15 * 60_000;
const CHALLENGE_TTL_MS = 5 * 60_000;

export interface TwoFactorDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secrets: SecretBox;
}

/** What signing in may carry beside the password (POST /api/v1/session). */
export interface SecondFactorInput {
  otp_code?: string;
  recovery_code?: string;
  passkey?: Record<string, unknown>;
}

type Client = { ip: string };

function twoFactorRequired(): AppError {
  return new AppError(
    'two_factor_required',
    'Two-factor authentication is on: send a code from your authenticator app (otp_code), a recovery code (recovery_code) or a passkey.',
  );
}

function incorrect(path: string): AppError {
  return errors.field(path, 'incorrect', 'is incorrect, expired or already used');
}

/**
 * Second factors (issue 23): an authenticator app (TOTP) with its recovery codes, and passkeys. Codes are
 * throttled as passwords are (the sign-in attempts table, under a key of their own); secrets are sealed
 * with SECRETS_KEY; recovery codes are stored as hashes; nothing secret is ever logged or e-mailed.
 */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  /** The relying party of WebAuthn: PUBLIC_URL's host and origin. */
  private rp() {
    const url = new URL(this.deps.config.publicUrl);
    return { rpID: url.hostname, origin: url.origin, rpName: 'Lintel' };
  }

  async hasSecondFactor(userId: number): Promise<boolean> {
    const summary = await repo.summary(this.deps.db, userId);
    return summary.totpConfirmedAt !== null || summary.passkeys > 0;
  }

  /** REQUIRE_ADMIN_2FA: true when this user must set up a second factor before any admin route. */
  async mustSetUp(user: UserRow): Promise<boolean> {
    if (!twoFactorPolicy.mustSetUp(user, this.deps.config.requireAdmin2fa, false)) return false;
    return !(await this.hasSecondFactor(user.id));
  }

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const summary = await repo.summary(this.deps.db, user.id);
    const has = summary.totpConfirmedAt !== null || summary.passkeys > 0;
    return {
      totp_enabled: summary.totpConfirmedAt !== null,
      totp_enabled_at: summary.totpConfirmedAt?.toISOString() ?? null,
      recovery_codes_left: summary.recoveryCodesLeft,
      passkeys: summary.passkeys,
      setup_required: twoFactorPolicy.mustSetUp(user, this.deps.config.requireAdmin2fa, has),
    };
  }

  /** A new pending authenticator (replacing a pending one); 409 while one is confirmed. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    const { newTotpSecret, otpauthUri } = await totp();
    const secret = newTotpSecret();
    const stored = await repo.upsertPendingTotp(this.deps.db, user.id, this.deps.secrets.seal(secret));
    if (!stored) throw errors.conflict('Two-factor authentication is already on. Turn it off first.');
    const uri = otpauthUri(secret, user.email);
    const svg = await (await qrCode()).toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return {
      secret,
      otpauth_uri: uri,
      qr_code_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** Confirms the pending authenticator with its first code; the ten recovery codes, shown this once. */
  async confirm(user: UserRow, code: string, client: Client, now = new Date()): Promise<RecoveryCodes> {
    const factor = await repo.findTotp(this.deps.db, user.id);
    if (!factor || factor.confirmed_at) {
      throw errors.conflict('There is no pending authenticator to confirm. Start again.');
    }
    const key = await this.reserveCodeAttempt(user, client, now);
    const { matchTotpStep } = await totp();
    const step = matchTotpStep(this.openSecret(factor.secret_sealed), code, now, factor.last_used_step);
    if (step === null) throw incorrect('code');
    const { codes, hashes } = newRecoveryCodes();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.useStep(trx, user.id, step, now))) throw incorrect('code');
      await repo.replaceRecoveryCodes(trx, user.id, hashes);
    });
    await authRepository.forgiveAttempts(this.deps.db, key);
    return { recovery_codes: codes };
  }

  /** Turns the authenticator off: the password and a current code; its recovery codes go with it. */
  async disable(
    user: UserRow,
    body: TwoFactorDisableRequest,
    client: Client,
    now = new Date(),
  ): Promise<void> {
    const factor = await repo.findTotp(this.deps.db, user.id);
    if (!factor?.confirmed_at) throw errors.conflict('Two-factor authentication is not on.');
    const passwordKey = { email: user.email, ip: client.ip };
    await this.reserve(passwordKey, now);
    if (!(await verifyPassword(body.current_password, user.password_hash))) {
      throw errors.field('current_password', 'incorrect', 'is incorrect');
    }
    await authRepository.forgiveAttempts(this.deps.db, passwordKey);
    await this.verifyTotp(user, body.code, 'code', client, now);
    await repo.deleteTotp(this.deps.db, user.id);
  }

  /** New recovery codes for a current code; the old ones stop working. */
  async regenerateRecoveryCodes(
    user: UserRow,
    code: string,
    client: Client,
    now = new Date(),
  ): Promise<RecoveryCodes> {
    const factor = await repo.findTotp(this.deps.db, user.id);
    if (!factor?.confirmed_at) throw errors.conflict('Two-factor authentication is not on.');
    await this.verifyTotp(user, code, 'code', client, now);
    const { codes, hashes } = newRecoveryCodes();
    await this.deps.db.transaction().execute((trx) => repo.replaceRecoveryCodes(trx, user.id, hashes));
    return { recovery_codes: codes };
  }

  /**
   * The second step of signing in, once the password was right: nothing to do without a second factor;
   * else 401 two_factor_required unless a code, a recovery code or a passkey is given and right (422).
   */
  async verifySignIn(
    user: UserRow,
    input: SecondFactorInput,
    client: Client,
    now = new Date(),
  ): Promise<void> {
    const summary = await repo.summary(this.deps.db, user.id);
    if (summary.totpConfirmedAt === null && summary.passkeys === 0) return;
    if (input.otp_code !== undefined) {
      if (summary.totpConfirmedAt === null) throw incorrect('otp_code');
      return this.verifyTotp(user, input.otp_code, 'otp_code', client, now);
    }
    if (input.recovery_code !== undefined) {
      const key = await this.reserveCodeAttempt(user, client, now);
      const used = await repo.useRecoveryCode(
        this.deps.db,
        user.id,
        recoveryCodeHash(input.recovery_code),
        now,
      );
      if (!used) throw incorrect('recovery_code');
      await authRepository.forgiveAttempts(this.deps.db, key);
      return;
    }
    if (input.passkey !== undefined) {
      const key = await this.reserveCodeAttempt(user, client, now);
      const owner = await this.verifyAssertion(input.passkey, user.id, false, now);
      if (owner === null) throw errors.field('passkey', 'invalid', 'is not a passkey of this account');
      await authRepository.forgiveAttempts(this.deps.db, key);
      return;
    }
    throw twoFactorRequired();
  }

  // Passkeys

  listPasskeys(user: UserRow) {
    return repo.listPasskeys(this.deps.db, user.id);
  }

  async passkeyRegistrationOptions(user: UserRow, now = new Date()) {
    const { rpID, rpName } = this.rp();
    const existing = await repo.listPasskeys(this.deps.db, user.id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName,
      rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(`lintel-user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credential_id,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await repo.insertChallenge(
      this.deps.db,
      {
        challenge_hash: hashToken(options.challenge),
        user_id: user.id,
        purpose: 'registration',
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      },
      now,
    );
    return { options: options as unknown as Record<string, unknown> };
  }

  async createPasskey(user: UserRow, body: CreatePasskeyRequest['passkey'], now = new Date()) {
    const { rpID, origin } = this.rp();
    const invalid = () => errors.field('passkey.response', 'invalid', 'was not accepted; please try again');
    const { verifyRegistrationResponse } = await webauthn();
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        // biome-ignore lint/suspicious/noExplicitAny: the browser library's JSON, checked by the verifier.
        response: body.response as any,
        expectedChallenge: (challenge) =>
          repo.consumeChallenge(this.deps.db, hashToken(challenge), 'registration', user.id, now),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      throw invalid();
    }
    if (!verification.verified) throw invalid();
    const { credential } = verification.registrationInfo;
    const row = await repo.insertPasskey(this.deps.db, {
      user_id: user.id,
      credential_id: credential.id,
      public_key: (await base64url()).fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: body.name,
    });
    if (!row) throw errors.field('passkey.response', 'taken', 'is already registered');
    return row;
  }

  async deletePasskey(user: UserRow, id: number): Promise<void> {
    if (!(await repo.deletePasskey(this.deps.db, user.id, id))) throw errors.notFound('Passkey');
  }

  /** Options for signing in with a passkey: a fresh challenge, any of the user's passkeys (discoverable). */
  async passkeySignInOptions(now = new Date()) {
    const { rpID } = this.rp();
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
    await repo.insertChallenge(
      this.deps.db,
      {
        challenge_hash: hashToken(options.challenge),
        user_id: null,
        purpose: 'authentication',
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      },
      now,
    );
    return { options: options as unknown as Record<string, unknown> };
  }

  /** Passwordless: the passkey (with user verification) is the whole sign-in; 401 otherwise. */
  async passkeySignIn(response: Record<string, unknown>, now = new Date()): Promise<UserRow> {
    const userId = await this.verifyAssertion(response, null, true, now);
    const user = userId === null ? undefined : await authRepository.findUser(this.deps.db, userId);
    if (!user) throw errors.invalidCredentials();
    if (!user.confirmed_at) throw errors.emailNotConfirmed();
    return user;
  }

  /**
   * Checks a passkey's signature over one of our live challenges (used up here) and moves its counter on;
   * the owner's id, or null. With `userId`, the passkey must be that user's.
   */
  private async verifyAssertion(
    response: Record<string, unknown>,
    userId: number | null,
    requireUserVerification: boolean,
    now: Date,
  ): Promise<number | null> {
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const passkey = credentialId ? await repo.findPasskeyByCredential(this.deps.db, credentialId) : undefined;
    if (!passkey || (userId !== null && passkey.user_id !== userId)) return null;
    const { rpID, origin } = this.rp();
    const [{ verifyAuthenticationResponse }, isoBase64URL] = await Promise.all([webauthn(), base64url()]);
    try {
      const verification = await verifyAuthenticationResponse({
        // biome-ignore lint/suspicious/noExplicitAny: the browser library's JSON, checked by the verifier.
        response: response as any,
        expectedChallenge: (challenge) =>
          repo.consumeChallenge(this.deps.db, hashToken(challenge), 'authentication', null, now),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: isoBase64URL.toBuffer(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports as never,
        },
        requireUserVerification,
      });
      if (!verification.verified) return null;
      await repo.usePasskey(this.deps.db, passkey.id, verification.authenticationInfo.newCounter, now);
      return passkey.user_id;
    } catch {
      return null;
    }
  }

  // Administrators

  async developerStatus(id: number): Promise<AdminTwoFactor> {
    const developer = await authRepository.findUser(this.deps.db, id);
    if (!developer) throw errors.notFound('Developer');
    const summary = await repo.summary(this.deps.db, id);
    return { totp_enabled: summary.totpConfirmedAt !== null, passkeys: summary.passkeys };
  }

  /** Removes every second factor of a developer who lost them: audited, and the developer is told by e-mail. */
  async removeDeveloperFactors(actor: AuditActor, id: number, now = new Date()): Promise<void> {
    const { db, mailer, config } = this.deps;
    await db.transaction().execute(async (trx) => {
      const developer = await authRepository.findUser(trx, id);
      if (!developer) throw errors.notFound('Developer');
      const before = await repo.summary(trx, id);
      await repo.deleteTotp(trx, id);
      await repo.deletePasskeysOf(trx, id);
      await recordAudit(trx, actor, {
        action: 'developer.two_factor_removed',
        subjectType: 'developer',
        subjectId: id,
        changes: {
          before: { totp_enabled: before.totpConfirmedAt !== null, passkeys: before.passkeys },
          after: { totp_enabled: false, passkeys: 0 },
        },
      });
      await mailer.enqueue(trx, {
        to: developer.email,
        template: 'twoFactorRemoved',
        data: { name: developer.name, accountUrl: `${config.publicUrl}/account#two-factor` },
        idempotencyKey: `two-factor-removed:${id}:${now.getTime()}`,
      });
    });
  }

  // Codes

  /** A current authenticator code, used up (throttled; 422 on `path` when wrong, expired or used). */
  private async verifyTotp(
    user: UserRow,
    code: string,
    path: string,
    client: Client,
    now: Date,
  ): Promise<void> {
    const key = await this.reserveCodeAttempt(user, client, now);
    const factor = await repo.findTotp(this.deps.db, user.id);
    if (!factor?.confirmed_at) throw incorrect(path);
    const { matchTotpStep } = await totp();
    const step = matchTotpStep(this.openSecret(factor.secret_sealed), code, now, factor.last_used_step);
    if (step === null || !(await repo.useStep(this.deps.db, user.id, step))) throw incorrect(path);
    await authRepository.forgiveAttempts(this.deps.db, key);
  }

  /** Codes count as sign-in attempts under a key of their own, per account and address (issue 8's limits). */
  private async reserveCodeAttempt(user: UserRow, client: Client, now: Date) {
    const key = { email: `two_factor:${user.email}`, ip: client.ip };
    await this.reserve(key, now);
    return key;
  }

  private async reserve(key: { email: string; ip: string }, now: Date): Promise<void> {
    const { db, config } = this.deps;
    const reserved = await authRepository.reserveAttempt(
      db,
      key,
      new Date(now.getTime() - THROTTLE_WINDOW_MS),
      {
        pair: config.loginMaxFailures,
        ip: config.loginIpMaxFailures,
        account: config.loginAccountMaxFailures,
      },
    );
    if (!('id' in reserved)) throw errors.tooManyAttempts();
  }

  private openSecret(sealed: string): string {
    const secret = this.deps.secrets.open(sealed);
    if (secret === null) throw new Error('an authenticator secret does not open with SECRETS_KEY');
    return secret;
  }
}
