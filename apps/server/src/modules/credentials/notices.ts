import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, UserRow } from '../../db/schema';
import type { SecretChange } from '../../jobs/mail/credential-templates';
import type { Mailer } from '../../jobs/mail/mailer';
import type { Environment } from '../../platform/types';
import { credentialRepository } from './repository';

/** A change of an app's client secret, as its notice names it (never the secret). */
export interface SecretChangeNotice {
  app: DeveloperAppRow;
  actor: Pick<UserRow, 'name'>;
  environment: Environment;
  change: SecretChange;
  previousExpiresAt?: Date | null;
}

/**
 * E-mails a secret's reset, rotation or early expiry to the app's owners and admins, in the caller's
 * transaction (the change and its notices stand or fall together).
 */
export async function enqueueSecretNotices(
  trx: Db,
  deps: { mailer: Mailer; config: { publicUrl: string } },
  notice: SecretChangeNotice,
): Promise<void> {
  const recipients = await credentialRepository.ownersAndAdmins(trx, notice.app.id);
  // One change, one message per recipient: a retried enqueue of the same change never sends twice.
  const change = randomUUID();
  await deps.mailer.enqueueMany(
    trx,
    recipients.map((recipient) => ({
      to: recipient.email,
      template: 'secretChanged' as const,
      data: {
        name: recipient.name,
        appName: notice.app.name,
        environment: notice.environment,
        change: notice.change,
        actorName: notice.actor.name,
        previousExpiresAt: notice.previousExpiresAt ?? null,
        url: `${deps.config.publicUrl}/developer_apps/${notice.app.id}`,
      },
      idempotencyKey: `secret:${notice.app.id}:${notice.change}:${change}:${recipient.id}`,
    })),
  );
}
