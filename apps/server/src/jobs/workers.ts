import type { Db } from '../db/index';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, type Mailer, type MailJob, mailQueues } from './mail/mailer';
import type { JobQueue } from './queue';

/** Declares every queue; call before anything is sent. */
export async function startQueues(queue: JobQueue, config: Parameters<typeof mailQueues>[0]): Promise<void> {
  await queue.start(mailQueues(config));
}

/** Registers every job handler of the portal. */
export async function startWorkers(queue: JobQueue, deps: { db: Db; mailer: Mailer }): Promise<void> {
  await queue.work<MailJob>(MAIL_QUEUE, (job) => deps.mailer.deliver(deps.db, job.data), 4);
  await queue.work<MailJob>(MAIL_DEAD_LETTER_QUEUE, (job) => deps.mailer.markDead(deps.db, job.data), 1);
}
