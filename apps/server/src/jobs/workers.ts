import type { Db } from '../db/index';
import { FANOUT_QUEUE, type FanoutJob, type NotificationService } from '../modules/notifications/service';
import { SANDBOX_PROVISION_QUEUE } from '../platform/embedded';
import type { Platform } from '../platform/types';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, type Mailer, type MailJob, mailQueues } from './mail/mailer';
import type { JobQueue } from './queue';

/** Declares every queue; call before anything is sent. */
export async function startQueues(queue: JobQueue, config: Parameters<typeof mailQueues>[0]): Promise<void> {
  await queue.start([
    ...mailQueues(config),
    { name: FANOUT_QUEUE, retryLimit: 10, retryDelaySeconds: 5 },
    { name: SANDBOX_PROVISION_QUEUE, retryLimit: 10, retryDelaySeconds: 5 },
  ]);
}

/** Registers every job handler of the portal. */
export async function startWorkers(
  queue: JobQueue,
  deps: { db: Db; mailer: Mailer; notifications: NotificationService; platform: Platform },
): Promise<void> {
  await queue.work<{ sandboxId: number }>(
    SANDBOX_PROVISION_QUEUE,
    (job) => deps.platform.finishProvisioning(job.data),
    { batchSize: 5 },
  );
  await queue.work<FanoutJob>(FANOUT_QUEUE, (job) => deps.notifications.fanOut(job.data));
  await queue.work<MailJob>(MAIL_QUEUE, (job) => deps.mailer.deliver(deps.db, job.data), {
    batchSize: 25,
    concurrency: 2,
  });
  await queue.work<MailJob>(MAIL_DEAD_LETTER_QUEUE, (job) => deps.mailer.markDead(deps.db, job.data));
}
