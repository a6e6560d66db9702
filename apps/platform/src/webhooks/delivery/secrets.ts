import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { PlatformContext } from '../../context';
import type { PlatformWebhookHookRow } from '../../db/schema';
import type { SecretSealer } from '../types';

/** How long the secret before a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A hook's signing secret as collaborators see it, and until when the one before still signs. */
export interface SigningSecretView {
  hookId: number;
  secret: string;
  /** When the secret before the last rotation stops signing; null when none signs any more. */
  previousSecretExpiresAt: string | null;
}

type SecretColumns = Pick<
  PlatformWebhookHookRow,
  'signing_secret_sealed' | 'previous_signing_secret_sealed' | 'previous_secret_expires_at'
>;

/** The secrets a delivery is signed with now: the current one, then the previous one within its 24 h. */
export function signingSecrets(sealer: SecretSealer, hook: SecretColumns, now: Date): string[] {
  const secrets = [sealer.open(hook.signing_secret_sealed)];
  if (
    hook.previous_signing_secret_sealed &&
    hook.previous_secret_expires_at &&
    hook.previous_secret_expires_at.getTime() > now.getTime()
  ) {
    secrets.push(sealer.open(hook.previous_signing_secret_sealed));
  }
  return secrets;
}

/** `webhook-signature`: one `v1,<base64>` per secret, separated by spaces (Standard Webhooks). */
export function signatureHeader(secrets: readonly string[], msgId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(msgId, at, body)).join(' ');
}

function view(hookId: number, secret: string, hook: SecretColumns, now: Date): SigningSecretView {
  const expires = hook.previous_secret_expires_at;
  return {
    hookId,
    secret,
    previousSecretExpiresAt:
      hook.previous_signing_secret_sealed && expires && expires.getTime() > now.getTime()
        ? expires.toISOString()
        : null,
  };
}

/** The hook's current signing secret in the clear (the portal decides who may see it); null: no hook. */
export async function revealSigningSecret(
  ctx: PlatformContext,
  hookId: number,
): Promise<SigningSecretView | null> {
  const hook = await ctx.db
    .selectFrom('platform_webhook_hooks')
    .select(['signing_secret_sealed', 'previous_signing_secret_sealed', 'previous_secret_expires_at'])
    .where('id', '=', hookId)
    .executeTakeFirst();
  if (!hook) return null;
  return view(hookId, ctx.webhooks.secrets.open(hook.signing_secret_sealed), hook, ctx.now());
}

/**
 * A new signing secret for the hook. The one it replaces keeps signing beside it for 24 hours (two
 * signatures in `webhook-signature`), so a receiver can switch keys without losing a delivery; a
 * second rotation within those hours retires the oldest at once. Null: no such hook.
 */
export async function rotateSigningSecret(
  ctx: PlatformContext,
  hookId: number,
): Promise<SigningSecretView | null> {
  const now = ctx.now();
  const secret = newSigningSecret();
  const expires = new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3600_000);
  return ctx.db.transaction().execute(async (trx) => {
    const hook = await trx
      .selectFrom('platform_webhook_hooks')
      .select(['signing_secret_sealed'])
      .where('id', '=', hookId)
      .forUpdate()
      .executeTakeFirst();
    if (!hook) return null;
    const updated = await trx
      .updateTable('platform_webhook_hooks')
      .set({
        signing_secret_sealed: ctx.webhooks.secrets.seal(secret),
        previous_signing_secret_sealed: hook.signing_secret_sealed,
        previous_secret_expires_at: expires,
        updated_at: now,
      })
      .where('id', '=', hookId)
      .returning(['signing_secret_sealed', 'previous_signing_secret_sealed', 'previous_secret_expires_at'])
      .executeTakeFirstOrThrow();
    return view(hookId, secret, updated, now);
  });
}
