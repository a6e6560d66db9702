import { sql } from 'kysely';
import { fromKysely, fromPglite, type Job, PgBoss, type SendOptions } from 'pg-boss';
import type { DatabaseHandle, Db } from '../db/index';
import type { QueueReading } from '../observability/metrics';

/** Anything that can run SQL: the Kysely instance or one of its transactions. */
export type Executor = Pick<Db, 'executeQuery'>;

export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  deadLetter?: string;
  /**
   * Workers heartbeat while a job runs; a job whose worker died (no heartbeat for this long) is retried
   * then, instead of after pg-boss's 15-minute expiry. Default: DEFAULT_HEARTBEAT_SECONDS.
   */
  heartbeatSeconds?: number;
  /**
   * pg-boss's queue policy, fixed when the queue is created. `short`: at most one waiting job per
   * singletonKey (a send while one waits is dropped), any number running.
   */
  policy?: 'standard' | 'short';
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * The job queue: pg-boss in the same database. `send` takes the executor of the caller's transaction so
 * that a job exists if and only if the change that caused it committed (an outbox, without the table).
 */
export class JobQueue {
  readonly boss: PgBoss;
  #started = false;
  #working = 0;
  readonly #stopTimeoutMs: number;
  #known = new Set<string>();
  readonly #db: Db;

  /** Whether this process's workers run: the queue started and at least one handler registered. */
  get working(): boolean {
    return this.#started && this.#working > 0;
  }

  constructor(
    handle: DatabaseHandle,
    options: { pollingIntervalSeconds?: number; stopTimeoutMs?: number } = {},
  ) {
    // Supervision fails jobs whose heartbeat stopped (see DEFAULT_HEARTBEAT_SECONDS) every 10 s: each
    // queue's pass is gated by the monitor interval too (pg-boss's default for both is 60 s).
    const common = {
      schema: 'pgboss',
      supervise: true,
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
      schedule: false,
      migrate: true,
    } as const;
    this.boss =
      handle.kind === 'pglite' && handle.pglite
        ? new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: handle.connectionString, max: 4 });
    this.#db = handle.db;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 20_000;
    this.boss.on('error', (error) => {
      this.onError(error);
    });
  }

  readonly pollingIntervalSeconds: number;
  onError: (error: unknown) => void = () => {};
  /** Each failed attempt of a job (operators' metrics). */
  onJobFailed: (queue: string) => void = () => {};

  /** Every queue's waiting, running and failed jobs and its oldest waiting job's age, for /metrics. */
  async readings(): Promise<QueueReading[]> {
    const { rows } = await sql<QueueReading>`select name as queue,
        (count(*) filter (where state in ('created', 'retry')))::int as waiting,
        (count(*) filter (where state = 'active'))::int as active,
        (count(*) filter (where state = 'failed'))::int as failed,
        coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float8
          as "oldestWaitingSeconds"
      from pgboss.job
      where state in ('created', 'retry', 'active', 'failed')
      group by name
      order by name`.execute(this.#db);
    return rows;
  }

  async start(queues: QueueDefinition[]): Promise<void> {
    await this.boss.start();
    this.#started = true;
    for (const queue of queues) {
      if (queue.deadLetter) await this.boss.createQueue(queue.deadLetter).catch(ignoreExists);
      const options = {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
        heartbeatSeconds: queue.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      };
      await this.boss
        .createQueue(queue.name, { ...options, ...(queue.policy ? { policy: queue.policy } : {}) })
        .catch(ignoreExists);
      // A database made by an older version keeps its queues: bring their options up to date.
      await this.boss.updateQueue(queue.name, options);
      for (const name of [queue.name, queue.deadLetter]) {
        if (!name) continue;
        // Loads pg-boss's queue cache now: on PGlite a cache miss inside our transaction would wait for
        // the one connection that transaction holds, forever.
        await this.boss.findJobs(name, { id: NO_JOB });
        this.#known.add(name);
      }
    }
  }

  /** Enqueues inside the caller's transaction. */
  async send(executor: Executor, name: string, data: object, options: SendOptions = {}): Promise<void> {
    if (!this.#known.has(name)) throw new Error(`Queue ${name} was not declared at start`);
    await this.boss.send(name, data, { ...options, db: fromKysely(executor as never) });
  }

  /** Enqueues many jobs of one queue inside the caller's transaction. */
  async insert(executor: Executor, name: string, data: object[]): Promise<void> {
    if (data.length === 0) return;
    if (!this.#known.has(name)) throw new Error(`Queue ${name} was not declared at start`);
    await this.boss.insert(
      name,
      data.map((item) => ({ data: item })),
      { db: fromKysely(executor as never) },
    );
  }

  /** Enqueues many jobs of one queue, each with its own singletonKey, inside the caller's transaction. */
  async insertKeyed(
    executor: Executor,
    name: string,
    jobs: { data: object; singletonKey?: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    if (!this.#known.has(name)) throw new Error(`Queue ${name} was not declared at start`);
    await this.boss.insert(name, jobs, { db: fromKysely(executor as never) });
  }

  /**
   * Runs `handler` for every job of a queue: `batchSize` jobs per fetch, handled concurrently and settled
   * one by one (a failing job is retried alone). A full batch fetches the next one at once, so a deep
   * queue drains without waiting for the polling interval.
   */
  async work<T>(
    name: string,
    handler: JobHandler<T>,
    options: { batchSize?: number; concurrency?: number } = {},
  ): Promise<void> {
    this.#working += 1;
    await this.boss.work<T>(
      name,
      {
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        localConcurrency: options.concurrency ?? 1,
        batchSize: options.batchSize ?? 1,
        // A full batch means more is waiting: fetch again at once instead of after the polling interval.
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs) => {
        const outcomes = await Promise.allSettled(jobs.map((job) => handler(job)));
        return jobs.map((job, index) => {
          const outcome = outcomes[index];
          if (outcome?.status === 'fulfilled') return { id: job.id, status: 'completed' as const };
          this.onJobFailed(name);
          return { id: job.id, status: 'failed' as const, output: { message: String(outcome?.reason) } };
        });
      },
    );
  }

  /**
   * Stops fetching, lets running handlers finish (graceful, within the stop timeout: a job still running
   * then stays active and is retried once its heartbeat lapses), then stops.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, timeout: this.#stopTimeoutMs, close: true });
  }
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Every job heartbeats while it runs. A worker that lost its database connection between its work and the
 * write of the outcome leaves the job "active" with no heartbeat: supervision fails it after this long
 * and it runs again (idempotent handlers make that exactly once) instead of waiting out pg-boss's
 * 15-minute expiry (issue 24: a fan-out cut mid-run sent nothing for minutes).
 */
const DEFAULT_HEARTBEAT_SECONDS = 10;

function ignoreExists(error: unknown): void {
  if (!(error instanceof Error) || !/exists/i.test(error.message)) throw error;
}
