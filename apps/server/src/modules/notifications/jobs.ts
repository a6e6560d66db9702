import type { JobDefinition } from '../../jobs/workers';
import { FANOUT_QUEUE, type FanoutJob, type NotificationService } from './service';

/** The critical-announcement fan-out: e-mails every opted-in developer, in batches (spec 1 §1). */
export function notificationJobs(service: NotificationService): JobDefinition<FanoutJob>[] {
  return [{ name: FANOUT_QUEUE, retryLimit: 10, retryDelaySeconds: 5, handle: (job) => service.fanOut(job) }];
}
