import { sql } from 'kysely';
import type { ActivityRecorder, ApiCall } from '../context';
import type { PlatformDb } from '../db/schema';

export interface ActivityRecorderOptions {
  /** A batch is written at least this often (default 1 s)… */
  flushIntervalMs?: number;
  /** …or as soon as this many calls wait (default 500): one multi-row insert per batch. */
  batchSize?: number;
  /** Calls waiting beyond this (the database is down or slower than the API) are dropped (default 20,000). */
  maxBuffered?: number;
  /** Calls older than this are deleted (default 30 days). */
  retentionDays?: number;
  /** Each app keeps at most its newest this many calls (default 1,000,000). */
  maxCallsPerApp?: number;
  /** The retention sweep runs on a flush at most this often per process (default 1 minute)… */
  sweepIntervalMs?: number;
  /** …deleting at most this many rows per rule and round (default 5,000 × 4 rounds)… */
  sweepChunk?: number;
  /** …and counting an app's calls against its cap at most this often (default 1 hour). */
  capCheckIntervalMs?: number;
  /** A write or sweep that failed, and how many calls were lost with it (never thrown to the API). */
  onError?: (error: unknown, dropped: number) => void;
  now?: () => Date;
}

export interface ActivityRecorderStats {
  /** Calls handed to record(). */
  recorded: number;
  /** Calls written to the database. */
  written: number;
  /** Calls lost: a failed batch, a full buffer, or recorded after close. */
  dropped: number;
}

const SWEEP_ROUNDS = 4;

function rowOf(call: ApiCall) {
  return {
    developer_app_id: call.appId,
    environment: call.environment,
    client_id: call.clientId,
    token_kind: call.tokenKind,
    token_id: call.tokenId,
    company_id: call.companyId,
    method: call.method,
    route: call.route,
    path: call.path,
    status: call.status,
    duration_ms: call.durationMs,
    rate_limit: call.rateLimit,
    rate_remaining: call.rateRemaining,
    request_id: call.requestId,
    request_headers: JSON.stringify(call.requestHeaders),
    response_error: call.responseError,
    occurred_at: call.occurredAt,
  };
}

/**
 * Records API calls without slowing the API (issue 21 "API activity"): record() only appends to a
 * buffer; the buffer is written in batches (one multi-row insert each) every second or as soon as a
 * batch is full, one write at a time. A failed write is logged and its calls are counted as dropped —
 * the API call it describes was answered long ago and never sees the failure.
 *
 * Storage stays bounded: after a write, at most once a minute, a sweep deletes calls older than 30 days,
 * and keeps each app that recorded calls to its newest 1,000,000 (checked once an hour per app: finding
 * the millionth call walks the app's index, ~1 s at that size); both in chunks of 5,000 rows, at most 4
 * per round, so a backlog is worked off over the next rounds. The sweep runs beside the writes, so the
 * next batches never wait for it.
 */
export function createActivityRecorder(
  db: PlatformDb,
  options: ActivityRecorderOptions = {},
): ActivityRecorder & { stats(): ActivityRecorderStats; sweep(): Promise<void> } {
  const flushIntervalMs = options.flushIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const maxBuffered = options.maxBuffered ?? 20_000;
  const retentionMs = (options.retentionDays ?? 30) * 86_400_000;
  const maxCallsPerApp = options.maxCallsPerApp ?? 1_000_000;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const sweepChunk = options.sweepChunk ?? 5000;
  const capCheckIntervalMs = options.capCheckIntervalMs ?? 3_600_000;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => {});

  let buffer: ApiCall[] = [];
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  let lastSweep = 0;
  /** Apps that recorded calls, with when their cap was last checked (0: not yet). */
  const capChecked = new Map<number, number>();
  const stats: ActivityRecorderStats = { recorded: 0, written: 0, dropped: 0 };

  async function writeBatch(batch: ApiCall[]): Promise<void> {
    try {
      await db.insertInto('platform_api_calls').values(batch.map(rowOf)).execute();
      stats.written += batch.length;
      for (const call of batch) if (!capChecked.has(call.appId)) capChecked.set(call.appId, 0);
    } catch (error) {
      stats.dropped += batch.length;
      onError(error, batch.length);
    }
  }

  async function deleteOld(): Promise<void> {
    const cutoff = new Date(now().getTime() - retentionMs);
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const result = await sql`delete from platform_api_calls where id in (
          select id from platform_api_calls where occurred_at < ${cutoff} order by occurred_at limit ${sweepChunk})`.execute(
        db,
      );
      if (Number(result.numAffectedRows ?? 0) < sweepChunk) return;
    }
  }

  /** The app's calls beyond its newest `maxCallsPerApp`, oldest first, a chunk a round. */
  async function capApp(appId: number): Promise<void> {
    const edge = await sql<{ occurred_at: Date; id: number }>`select occurred_at, id from platform_api_calls
        where developer_app_id = ${appId}
        order by occurred_at desc, id desc offset ${maxCallsPerApp} limit 1`.execute(db);
    const newestDropped = edge.rows[0];
    if (!newestDropped) return;
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const result = await sql`delete from platform_api_calls where id in (
          select id from platform_api_calls
           where developer_app_id = ${appId}
             and (occurred_at, id) <= (${newestDropped.occurred_at}, ${newestDropped.id})
           order by occurred_at, id limit ${sweepChunk})`.execute(db);
      if (Number(result.numAffectedRows ?? 0) < sweepChunk) return;
    }
  }

  async function sweep(): Promise<void> {
    try {
      await deleteOld();
      const at = Date.now();
      for (const [appId, checked] of capChecked) {
        if (at - checked < capCheckIntervalMs) continue;
        capChecked.set(appId, at);
        await capApp(appId);
      }
    } catch (error) {
      onError(error, 0);
    }
  }

  /** The sweep in flight, if any: it runs beside the writes (on its own connection), never before them. */
  let sweeping: Promise<void> | undefined;
  function startSweep(): Promise<void> {
    sweeping ??= sweep().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  }

  /** Writes everything buffered now (after the write before it), then starts a sweep when one is due. */
  function drain(): Promise<void> {
    writing = writing.then(async () => {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, batchSize);
        buffer = buffer.slice(batch.length);
        await writeBatch(batch);
      }
      if (!closed && Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now();
        void startSweep();
      }
    });
    return writing;
  }

  const timer = setInterval(() => {
    if (buffer.length > 0) void drain();
  }, flushIntervalMs);
  timer.unref();

  return {
    record(call: ApiCall) {
      stats.recorded += 1;
      if (closed || buffer.length >= maxBuffered) {
        stats.dropped += 1;
        if (!closed && stats.dropped % 1000 === 1) onError(new Error('API activity buffer full'), 1);
        return;
      }
      buffer.push(call);
      if (buffer.length === batchSize) void drain();
    },
    flush: () => drain(),
    async close() {
      closed = true;
      clearInterval(timer);
      await drain();
      await sweeping;
    },
    stats: () => ({ ...stats }),
    /** Runs a sweep now (or waits for the one in flight). */
    sweep: () => startSweep(),
  };
}
