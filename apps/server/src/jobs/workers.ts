import type { JobQueue, QueueDefinition } from './queue';

/** A queue with its handler: what a module (or the platform adapter) exports for jobs/ to register. */
export interface JobDefinition<T = never> extends QueueDefinition {
  handle(data: T): Promise<void>;
  /** Jobs fetched at once, and handled concurrently (see JobQueue.work). */
  batchSize?: number;
  concurrency?: number;
}

// Handlers take their own job type; the registry holds them side by side.
// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of handlers
export type AnyJobDefinition = JobDefinition<any>;

/** Declares every queue (and dead-letter queue); call before anything is sent. */
export async function startQueues(queue: JobQueue, jobs: readonly QueueDefinition[]): Promise<void> {
  await queue.start([...jobs]);
}

/** Registers the handler of every job. */
export async function startWorkers(queue: JobQueue, jobs: readonly AnyJobDefinition[]): Promise<void> {
  for (const job of jobs) {
    await queue.work(job.name, (item) => job.handle(item.data), {
      batchSize: job.batchSize ?? 1,
      concurrency: job.concurrency ?? 1,
    });
  }
}
