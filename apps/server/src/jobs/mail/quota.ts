import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { AppError } from '../../http/errors';

const WINDOW_MS = 3600_000;

/**
 * Mail that anyone can make the portal send (sign-up, confirmation resend, password reset, invitation) is
 * limited per recipient and per client address, so the portal cannot be used as a mail cannon (issue 8).
 * Counted in the database, under an advisory lock per recipient, so several processes share the limits.
 * Over a limit the request answers 429 with Retry-After and sends nothing.
 */
export async function reserveMail(
  db: Db,
  config: Pick<Config, 'mailMaxPerAddressHour' | 'mailMaxPerClientHour'>,
  request: { to: string; ip: string },
  now = new Date(),
): Promise<void> {
  const recipient = request.to.toLowerCase();
  const since = new Date(now.getTime() - WINDOW_MS);
  const refusal = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${recipient}`}, 0))`.execute(trx);
    const counts = await trx
      .selectFrom('mail_quota_events')
      .select([
        sql<number>`count(*) filter (where recipient = ${recipient})`.as('recipient'),
        sql<number>`count(*) filter (where ip = ${request.ip})`.as('ip'),
        sql<Date | null>`min(created_at) filter (where recipient = ${recipient})`.as('oldestRecipient'),
        sql<Date | null>`min(created_at) filter (where ip = ${request.ip})`.as('oldestIp'),
      ])
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb('recipient', '=', recipient), eb('ip', '=', request.ip)]))
      .executeTakeFirstOrThrow();
    const full =
      Number(counts.recipient) >= config.mailMaxPerAddressHour
        ? counts.oldestRecipient
        : Number(counts.ip) >= config.mailMaxPerClientHour
          ? counts.oldestIp
          : undefined;
    if (full !== undefined) return full;
    await trx
      .insertInto('mail_quota_events')
      .values({ recipient, ip: request.ip, created_at: now })
      .execute();
    return undefined;
  });
  if (refusal === undefined) return;
  const error = new AppError(
    'too_many_requests',
    'Too many e-mails were asked for in the last hour. Please try again later.',
  );
  const freesAt = (refusal ? new Date(refusal).getTime() : now.getTime()) + WINDOW_MS;
  error.retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw error;
}
