// Critical fan-out on PostgreSQL: an administrator posts a critical notification to N opted-in
// developers. Measures how long the fan-out job takes to enqueue every e-mail and how fast the mail
// job delivers them into an SMTP sink in this process; kills the server with SIGKILL halfway through
// delivery, starts it again and checks that every developer got exactly one message.
// Usage: see README.md.
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  commandCpuMs,
  freePort,
  HOST,
  loadAverage,
  median,
  nodeBin,
  noteworthyLines,
  parseArgs,
  percentile,
  repoRoot,
  request,
  type ServerProcess,
  signalTree,
  sleep,
  spawnTs,
  stop,
  table,
  treeCpuMs,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const ADMIN_EMAIL = 'admin@example.com';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const SEED_BATCH = 5_000;
const PROGRESS_EVERY_MS = 10_000;
const TICK_MS = 250;

const args = parseArgs(process.argv.slice(2));
const users = Number(args.get('users') ?? 50_000);
const withKill = args.get('no-kill') !== 'true';
const killAtFraction = Number(args.get('kill-at') ?? 0.5);
/** `loop`: the kill fires on the benchmark's 250 ms tick; `accept`: inside the sink's acceptance of a message. */
const killMode = args.get('kill-mode') ?? 'loop';
const pauseMs = Number(args.get('pause') ?? 2) * 1000;
const timeoutMin = Number(args.get('timeout-min') ?? 30);
const record = args.get('no-record') !== 'true';
const keepDb = args.get('keep-db') === 'true';
const DATABASE = args.get('database') ?? 'lintel_bench_fanout';
if (!Number.isInteger(users) || users < 10 || users > 1_000_000)
  throw new Error('--users must be a whole number from 10 to 1,000,000');
if (!(killAtFraction > 0 && killAtFraction < 1)) throw new Error('--kill-at must be between 0 and 1');
if (killMode !== 'loop' && killMode !== 'accept') throw new Error('--kill-mode must be loop or accept');
if (!(pauseMs >= 0 && pauseMs <= 600_000)) throw new Error('--pause must be 0 to 600 seconds');
if (!(timeoutMin > 0 && timeoutMin <= 240)) throw new Error('--timeout-min must be from 0 to 240');

/** Users who must receive nothing, inserted before, in the middle of and after the developers. */
const NON_RECIPIENTS = [
  { kind: 'opted-out', critical: false, confirmed: true },
  { kind: 'unconfirmed', critical: true, confirmed: false },
  { kind: 'opted-out-unconfirmed', critical: false, confirmed: false },
] as const;

// ---------------------------------------------------------------------------------------------------
// The SMTP sink: counts accepted messages per envelope recipient; bodies are drained, never parsed.

class Sink {
  readonly perRecipient = new Map<string, number>();
  /** Arrival time (performance.now()) of every accepted message, duplicates included. */
  readonly arrivals: number[] = [];
  messages = 0;
  connections = 0;
  /** Messages whose connection closed before the final dot: never accepted, never counted. */
  aborted = 0;
  /** Per connection: milliseconds from the TCP accept to the final dot of its first message. */
  readonly sessionMs: number[] = [];
  /** TCP accept time by client port (smtp-server's onConnect only runs after its 100 ms early-talker pause). */
  readonly #connectedAt = new Map<number, number>();
  onAccepted: (recipient: string, count: number) => void = () => {};
  readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      logger: false,
      closeTimeout: 1_000,
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onClose: (session) => {
        this.#connectedAt.delete(session.remotePort);
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        stream.on('error', () => {
          this.aborted++;
        });
        // Counted when the whole message is in (the final dot), i.e. when a real relay would answer 250.
        stream.on('end', () => {
          const now = performance.now();
          this.messages++;
          this.arrivals.push(now);
          // Only a connection's first message: on a pooled connection the later ones measure its age.
          const connectedAt = this.#connectedAt.get(session.remotePort);
          if (connectedAt !== undefined) this.sessionMs.push(now - connectedAt);
          this.#connectedAt.delete(session.remotePort);
          for (const recipient of to) {
            const count = (this.perRecipient.get(recipient) ?? 0) + 1;
            this.perRecipient.set(recipient, count);
            this.onAccepted(recipient, count);
          }
          callback();
        });
        stream.resume();
      },
    });
    // A client killed mid-conversation is expected here.
    this.server.on('error', () => {});
    this.server.server.on('connection', (socket: Socket) => {
      if (socket.remotePort !== undefined) this.#connectedAt.set(socket.remotePort, performance.now());
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(0, HOST, () => {
        const address = this.server.server.address();
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('the SMTP sink got no port'));
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------------
// Helpers

const fmtInt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const fmtS = (ms: number | undefined, digits = 1) =>
  ms === undefined || !Number.isFinite(ms) ? '–' : `${(ms / 1000).toFixed(digits)} s`;
const fmtRate = (r: number | undefined) =>
  r === undefined || !Number.isFinite(r) ? '–' : `${r.toFixed(r < 100 ? 1 : 0)} msg/s`;
const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(0)} %` : '–');
const fmtDuration = (ms: number) => {
  if (!Number.isFinite(ms)) return '–';
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
};

interface CpuMark {
  at: number;
  server: number;
  postgres: number;
  bench: number;
}

function cpuMark(server: ServerProcess): CpuMark {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    server: treeCpuMs(server.child.pid),
    postgres: commandCpuMs('postgres'),
    bench: (own.user + own.system) / 1000,
  };
}

/** CPU use between two marks as % of one core: server process tree, all postgres processes, this process. */
function cpuBetween(a: CpuMark | undefined, b: CpuMark | undefined): string {
  if (!a || !b || b.at <= a.at) return '–';
  // Clamped: PostgreSQL backends that exit between the marks take their CPU time with them.
  const p = (x: number, y: number) => `${Math.max(0, ((y - x) / (b.at - a.at)) * 100).toFixed(0)} %`;
  return `server ${p(a.server, b.server)}, postgres ${p(a.postgres, b.postgres)}, sink (this process) ${p(a.bench, b.bench)}`;
}

/** Messages per second between the moments the sink's count first reached `from` and `to`. */
function rateBetween(arrivals: number[], from: number, to: number): number | undefined {
  const lo = Math.max(1, Math.floor(from));
  const hi = Math.floor(to);
  if (hi - lo < 10 || arrivals.length < hi) return undefined;
  const t0 = arrivals[lo - 1] as number;
  const t1 = arrivals[hi - 1] as number;
  return t1 > t0 ? ((hi - lo) / (t1 - t0)) * 1000 : undefined;
}

/** Messages accepted per 10-second window between `from` and `to` (whole windows only), as msg/s. */
function windowRates(arrivals: number[], from: number, to: number, windowMs = 10_000): number[] {
  const rates: number[] = [];
  let i = 0;
  for (let start = from; start + windowMs <= to; start += windowMs) {
    let n = 0;
    while (i < arrivals.length && (arrivals[i] as number) < start) i++;
    let j = i;
    while (j < arrivals.length && (arrivals[j] as number) < start + windowMs) {
      n++;
      j++;
    }
    rates.push(n / (windowMs / 1000));
  }
  return rates;
}

function markdownTable(rows: [string, string][]): string {
  const w0 = Math.max(7, ...rows.map((r) => r[0].length));
  const w1 = Math.max(5, ...rows.map((r) => r[1].length));
  return [
    `| ${'measure'.padEnd(w0)} | ${'value'.padEnd(w1)} |`,
    `| ${'-'.repeat(w0)} | ${'-'.repeat(w1)} |`,
    ...rows.map(([a, b]) => `| ${a.padEnd(w0)} | ${b.padEnd(w1)} |`),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// The run

const running = new Set<ServerProcess>();
let current: ServerProcess | undefined;

async function startServer(env: Record<string, string>): Promise<{ server: ServerProcess; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnTs(SERVER, port, env);
  running.add(server);
  current = server;
  const ms = await waitFor200(server, `${server.baseUrl}/api/v1/health`, started, { timeoutMs: 120_000 });
  return { server, ms };
}

/** The commit the server runs, and whether its sources differ from it (the server reads them at start). */
function serverCodeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    const commit = git('log', '-1', '--format=%h %s');
    const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages/shared') !== '';
    return `commit ${commit}${dirty ? ' + uncommitted changes in apps/server or packages/shared' : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

async function seed(pool: pg.Pool, n: number): Promise<number> {
  const started = performance.now();
  const insertNonRecipients = async (where: string) => {
    for (const u of NON_RECIPIENTS) {
      await pool.query(
        `INSERT INTO users (name, company_name, email, password_hash, critical_emails, confirmed_at)
         VALUES ($1, 'Bench Co', $2, 'bench-not-a-hash', $3, CASE WHEN $4::boolean THEN now() END)`,
        [
          `Not a recipient (${u.kind})`,
          `nobody-${u.kind}-${where}@bench.lintel.test`,
          u.critical,
          u.confirmed,
        ],
      );
    }
  };
  await insertNonRecipients('first');
  let middleDone = false;
  for (let from = 1; from <= n; from += SEED_BATCH) {
    const to = Math.min(n, from + SEED_BATCH - 1);
    await pool.query(
      `INSERT INTO users (name, company_name, email, password_hash, critical_emails, confirmed_at)
       SELECT 'Developer ' || g, 'Bench Co ' || (g % 100), 'dev-' || g || '@bench.lintel.test',
              'bench-not-a-hash', true, now()
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to],
    );
    if (!middleDone && to >= n / 2) {
      await insertNonRecipients('middle');
      middleDone = true;
    }
  }
  await insertNonRecipients('last');
  // A production table has statistics; the fan-out query should be planned with them.
  await pool.query('ANALYZE users');
  return performance.now() - started;
}

async function signIn(baseUrl: string): Promise<{ cookie: string; csrf: string }> {
  const answer = await request(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
    timeoutMs: 30_000,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('lintel_session='));
  if (!cookie) throw new Error(`sign-in set no lintel_session cookie: ${JSON.stringify(setCookie)}`);
  const csrf = (JSON.parse(answer.body) as { csrf_token?: string }).csrf_token;
  if (!csrf) throw new Error(`sign-in returned no csrf_token: ${answer.body}`);
  return { cookie, csrf };
}

interface StatusCounts {
  total: number;
  queued: number;
  sent: number;
  failed: number;
}

async function statusCounts(pool: pg.Pool, notificationId: number): Promise<StatusCounts> {
  const { rows } = await pool.query<{ status: string; count: number }>(
    'SELECT status, count(*)::int AS count FROM outbound_emails WHERE notification_id = $1 GROUP BY status',
    [notificationId],
  );
  const counts: StatusCounts = { total: 0, queued: 0, sent: 0, failed: 0 };
  for (const row of rows) {
    counts.total += row.count;
    if (row.status === 'queued' || row.status === 'sent' || row.status === 'failed')
      counts[row.status] = row.count;
  }
  return counts;
}

async function activeJobs(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM pgboss.job WHERE state = 'active' GROUP BY name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.count]));
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const machine = {
    cpu: os.cpus()[0]?.model ?? '?',
    nproc: os.availableParallelism(),
    memory: `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(0)} GiB free`,
    kernel: `${os.type()} ${os.release()}`,
    node: execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim(),
  };
  const code = serverCodeVersion();
  const pgVersion = await checkPostgres();
  const command = `npm run fanout -w @lintel/bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  console.log(`Critical fan-out: ${fmtInt(users)} developers, PostgreSQL ${pgVersion}, database ${DATABASE}`);
  console.log(
    `machine: ${machine.cpu}, nproc ${machine.nproc}, ${machine.memory}, ${machine.kernel}, server Node ${machine.node}`,
  );
  console.log(`load average: ${loadBefore} (other processes on the machine skew the figures)`);
  console.log(`server code: ${code}`);
  console.log(
    withKill
      ? `plan: SIGKILL the server (${killMode === 'accept' ? 'inside the acceptance of a message' : 'on the 250 ms loop'}) when the sink has ${Math.round(killAtFraction * 100)} % of the messages, restart after ${pauseMs / 1000} s; give up ${timeoutMin} min after the POST`
      : `plan: no kill; give up ${timeoutMin} min after the POST`,
  );

  const sink = new Sink();
  const smtpPort = await sink.listen();
  const databaseUrl = await freshDatabase(DATABASE);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', () => {}); // connections are cut when the database is dropped
  const env = {
    HOST,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://${HOST}:${smtpPort}`,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: PASSWORD,
  };
  const outputs: string[] = [];
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };

  try {
    // 1. Migrations (and the demo accounts) by the real server, then the developers straight into users.
    const first = await startServer(env);
    console.log(`server up in ${fmtS(first.ms)} (migrations + demo seed); SMTP sink on ${HOST}:${smtpPort}`);
    const seedMs = await seed(pool, users);
    const { rows: recipientRows } = await pool.query<{ email: string }>(
      'SELECT lower(email) AS email FROM users WHERE critical_emails AND confirmed_at IS NOT NULL',
    );
    const optedIn = new Set(recipientRows.map((r) => r.email));
    const { rows: otherRows } = await pool.query<{ email: string }>(
      'SELECT lower(email) AS email FROM users WHERE NOT (critical_emails AND confirmed_at IS NOT NULL)',
    );
    const nonRecipients = new Set(otherRows.map((r) => r.email));
    const expected = optedIn.size;
    console.log(
      `seeded ${fmtInt(users)} developers in ${fmtS(seedMs)}; recipients ${fmtInt(expected)} (incl. demo accounts), non-recipients ${nonRecipients.size}`,
    );

    // 2. Sign in as the administrator and post the critical notification.
    const { cookie, csrf } = await signIn(first.server.baseUrl);
    const killAt = Math.ceil(expected * killAtFraction);
    let delivered = 0;
    let killFiredAt: number | undefined;
    let killSinkMessages = 0;
    let killCpu: CpuMark | undefined;
    let restartSpawnAt: number | undefined;
    let firstAfterRestartAt: number | undefined;
    const fireKill = (server: ServerProcess) => {
      killCpu = cpuMark(server);
      killFiredAt = performance.now();
      killSinkMessages = sink.messages;
      signalTree(server.child.pid, 'SIGKILL');
    };
    sink.onAccepted = (recipient, count) => {
      if (count === 1 && optedIn.has(recipient)) delivered++;
      if (restartSpawnAt !== undefined && firstAfterRestartAt === undefined)
        firstAfterRestartAt = performance.now();
      // The worst case on purpose: the server dies after the relay took the message, before its 250
      // reaches the client and so before the row is marked sent.
      if (
        withKill &&
        killMode === 'accept' &&
        killFiredAt === undefined &&
        sink.messages >= killAt &&
        current
      )
        fireKill(current);
    };

    const postCpu = cpuMark(first.server);
    const postAt = performance.now();
    const posted = await request(`${first.server.baseUrl}/api/v1/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
      body: JSON.stringify({
        title: 'Planned maintenance of the Lintel API',
        summary: 'The **v1 API** is read-only on Saturday from 02:00 to 04:00 UTC.',
        body: 'Writes answer 503 during the window. Retry after it ends; reads are not affected.',
        critical: true,
      }),
      timeoutMs: 30_000,
    });
    const postMs = performance.now() - postAt;
    if (posted.status !== 201) throw new Error(`POST notification answered ${posted.status}: ${posted.body}`);
    const notificationId = (JSON.parse(posted.body) as { id: number }).id;
    console.log(`POST /api/v1/admin/notifications → 201 in ${postMs.toFixed(0)} ms (id ${notificationId})`);

    // 3./4. Poll the enqueue, watch the sink, kill and restart once, wait for the end.
    let firstRowAt: number | undefined;
    let allRowsAt: number | undefined;
    let restartHealthMs: number | undefined;
    let exitAt: number | undefined;
    let restartCpu: CpuMark | undefined;
    let doneAt: number | undefined;
    let lastStatusAt = 0;
    let kill:
      | {
          sinkAtExit: number;
          status: StatusCounts;
          inFlight: number;
          atRisk: number;
          active: Record<string, number>;
        }
      | undefined;
    const deadline = postAt + timeoutMin * 60_000;
    let nextProgress = postAt + PROGRESS_EVERY_MS;
    let lastProgressMessages = 0;

    while (performance.now() < deadline) {
      const server = current as ServerProcess;
      const killing = killFiredAt !== undefined && kill === undefined;
      if (!killing && (server.child.exitCode !== null || server.child.signalCode !== null))
        throw new Error(`the server exited unexpectedly:\n${server.output()}`);

      // By default the kill fires here, on the loop's 250 ms tick, not in the sink's callback: a kill fired
      // from there always lands between a message's acceptance and the UPDATE marking it sent.
      if (withKill && killFiredAt === undefined && sink.messages >= killAt) {
        fireKill(server);
        continue;
      }

      if (killing && killFiredAt !== undefined) {
        // The server died by SIGKILL: look at what it left, pause, start it again.
        const exit = await Promise.race([server.exited, sleep(10_000).then(() => undefined)]);
        if (!exit) throw new Error('the server did not die within 10 s of SIGKILL');
        exitAt = performance.now();
        outputs.push(server.output());
        running.delete(server);
        const status = await statusCounts(pool, notificationId);
        const { rows: attempted } = await pool.query<{ to: string }>(
          `SELECT lower(to_address) AS to FROM outbound_emails
           WHERE notification_id = $1 AND status = 'queued' AND attempts > 0`,
          [notificationId],
        );
        const atRisk = attempted.filter((r) => (sink.perRecipient.get(r.to) ?? 0) > 0).length;
        kill = {
          sinkAtExit: sink.messages,
          status,
          inFlight: attempted.length,
          atRisk,
          active: await activeJobs(pool),
        };
        say(
          `SIGKILL at ${fmtInt(killSinkMessages)} messages in the sink, ${fmtS(killFiredAt - postAt)} after the POST; exited after ${(exitAt - killFiredAt).toFixed(0)} ms. ` +
            `Rows sent ${fmtInt(status.sent)}, queued ${fmtInt(status.queued)}; attempted but not marked sent ${attempted.length}, of which already in the sink ${atRisk}; ` +
            `pg-boss jobs left active: ${JSON.stringify(kill.active)}`,
        );
        await sleep(pauseMs);
        restartSpawnAt = performance.now();
        const again = await startServer(env);
        restartHealthMs = again.ms;
        restartCpu = cpuMark(again.server);
        say(`Restarted: spawn → first 200 of /api/v1/health in ${fmtS(restartHealthMs)}.`);
        continue;
      }

      const now = performance.now();
      if (allRowsAt === undefined) {
        const { rows } = await pool.query<{ rows: number; completed: Date | null }>(
          `SELECT (SELECT count(*)::int FROM outbound_emails WHERE notification_id = $1) AS rows,
                  fanout_completed_at AS completed
           FROM notifications WHERE id = $1`,
          [notificationId],
        );
        const count = rows[0]?.rows ?? 0;
        if (count > 0 && firstRowAt === undefined) firstRowAt = performance.now();
        if (count >= expected && rows[0]?.completed) {
          allRowsAt = performance.now();
          say(`Every delivery enqueued ${fmtS(allRowsAt - postAt)} after the POST.`);
        }
      }

      // Done when every row is enqueued and none is still queued (sent, or failed for good).
      const progressDue = now >= nextProgress;
      if (allRowsAt !== undefined && (progressDue || (delivered >= expected && now - lastStatusAt > 1_000))) {
        const status = await statusCounts(pool, notificationId);
        lastStatusAt = now;
        if (status.total >= expected && status.queued === 0) {
          doneAt = performance.now();
          break;
        }
      }

      if (progressDue) {
        const status = await statusCounts(pool, notificationId);
        const active = await activeJobs(pool);
        const recent = (sink.messages - lastProgressMessages) / (PROGRESS_EVERY_MS / 1000);
        lastProgressMessages = sink.messages;
        const eta = recent > 0 ? fmtDuration(((expected - delivered) / recent) * 1000) : '–';
        console.log(
          `[${fmtDuration(now - postAt).padStart(9)}] sink ${fmtInt(sink.messages)} msgs, ${fmtInt(delivered)}/${fmtInt(expected)} recipients (${pct(delivered, expected)}), ${recent.toFixed(1)} msg/s last 10 s, eta ${eta} | ` +
            `rows ${fmtInt(status.total)} (queued ${fmtInt(status.queued)}, sent ${fmtInt(status.sent)}, failed ${status.failed}) | active jobs ${JSON.stringify(active)}`,
        );
        nextProgress += PROGRESS_EVERY_MS;
      }
      await sleep(TICK_MS);
    }
    const endAt = doneAt ?? performance.now();
    const endCpu = current ? cpuMark(current) : undefined;
    const complete = doneAt !== undefined;
    if (!complete) say(`\nSTOPPED: not complete ${timeoutMin} min after the POST (partial figures below).`);

    // 5. Exactly-once and the figures.
    let zero = 0;
    let multi = 0;
    let extra = 0;
    for (const email of optedIn) {
      const count = sink.perRecipient.get(email) ?? 0;
      if (count === 0) zero++;
      if (count > 1) {
        multi++;
        extra += count - 1;
      }
    }
    let nonRecipientMessages = 0;
    let unknownMessages = 0;
    for (const [email, count] of sink.perRecipient) {
      if (nonRecipients.has(email)) nonRecipientMessages += count;
      else if (!optedIn.has(email)) unknownMessages += count;
    }
    const finalStatus = await statusCounts(pool, notificationId);
    // fanOut(job, now = new Date()) stamps fanout_completed_at with the time the job *started*, so the
    // enqueue time on the database's clock comes from pg-boss's own record of the fan-out job.
    const { rows: fanoutRows } = await pool.query<{
      stamped: number | null;
      picked: number | null;
      done: number | null;
      runs: number;
    }>(
      `SELECT extract(epoch FROM n.fanout_completed_at - n.created_at) * 1000 AS stamped,
              extract(epoch FROM j.started_on - j.created_on) * 1000 AS picked,
              extract(epoch FROM j.completed_on - j.created_on) * 1000 AS done,
              coalesce(j.retry_count, 0) + 1 AS runs
       FROM notifications n
       LEFT JOIN pgboss.job j ON j.name = 'notifications.fanout' AND (j.data->>'notificationId')::int = n.id
       WHERE n.id = $1`,
      [notificationId],
    );
    const fanout = fanoutRows[0];
    const num = (value: number | null | undefined) => (value == null ? undefined : Number(value));
    const { rows: keyRows } = await pool.query<{ bad: number; multi_attempts: number; max_attempts: number }>(
      `SELECT count(*) FILTER (WHERE o.idempotency_key IS DISTINCT FROM
                'notification:' || o.notification_id || ':user:' || u.id)::int AS bad,
              count(*) FILTER (WHERE o.attempts > 1)::int AS multi_attempts,
              coalesce(max(o.attempts), 0)::int AS max_attempts
       FROM outbound_emails o LEFT JOIN users u ON u.email = o.to_address
       WHERE o.notification_id = $1`,
      [notificationId],
    );
    const { rows: jobRows } = await pool.query<{
      state: string;
      count: number;
      retried: number;
      p50: number | null;
      p95: number | null;
    }>(
      `SELECT state::text, count(*)::int AS count, count(*) FILTER (WHERE retry_count > 0)::int AS retried,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - started_on)) * 1000 AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM completed_on - started_on)) * 1000 AS p95
       FROM pgboss.job WHERE name = 'mail.deliver' GROUP BY state ORDER BY state`,
    );
    const completedJobs = jobRows.find((r) => r.state === 'completed');

    // Rates from the arrival times of the sink.
    const arrivals = sink.arrivals;
    const firstMsgAt = arrivals[0];
    const phase1End = kill ? killSinkMessages : arrivals.length;
    const steady1 = rateBetween(arrivals, phase1End * 0.1, phase1End * 0.9);
    const phase2Span = expected - killSinkMessages;
    const steady2 = kill
      ? rateBetween(
          arrivals,
          kill.sinkAtExit + phase2Span * 0.1,
          Math.min(kill.sinkAtExit + phase2Span * 0.9, arrivals.length),
        )
      : undefined;
    const steady = steady1 ?? steady2;
    const overall = firstMsgAt !== undefined ? (sink.messages / (endAt - postAt)) * 1000 : undefined;

    // The longest silence after the restart (jobs the killed process held, waiting for pg-boss's expiry).
    let stall = { ms: 0, at: 0, after: 0 };
    if (firstAfterRestartAt !== undefined) {
      const start = arrivals.findIndex((t) => t >= (firstAfterRestartAt as number));
      for (let i = Math.max(1, start); i < arrivals.length; i++) {
        const gap = (arrivals[i] as number) - (arrivals[i - 1] as number);
        if (gap > stall.ms) stall = { ms: gap, at: i, after: arrivals.length - i };
      }
    }
    // 10-s windows while the queue was flowing: before the kill, and after the restart up to such a stall.
    const phase2End = stall.ms > 30_000 ? (arrivals[stall.at - 1] as number) : endAt;
    const windows = [
      ...(firstMsgAt !== undefined ? windowRates(arrivals, firstMsgAt, killFiredAt ?? endAt) : []),
      ...(firstAfterRestartAt !== undefined ? windowRates(arrivals, firstAfterRestartAt, phase2End) : []),
    ];
    const idealMs =
      firstMsgAt !== undefined && steady ? firstMsgAt - postAt + (expected / steady) * 1000 : undefined;
    const lostMs = complete && idealMs !== undefined && kill ? endAt - postAt - idealMs : undefined;
    const remaining = expected - delivered;
    const projectedMs = !complete && steady ? endAt - postAt + (remaining / steady) * 1000 : undefined;

    const sessionSorted = [...sink.sessionMs].sort((a, b) => a - b);
    const sessionP = (p: number) => percentile(sessionSorted, p).toFixed(1);
    const rows: [string, string][] = [
      ['outcome', complete ? 'complete' : `**stopped after ${timeoutMin} min**, not complete`],
      [
        'recipients (opted in, confirmed; seeded + demo accounts)',
        `${fmtInt(expected)} (${fmtInt(users)} + ${expected - users})`,
      ],
      ['users who must get nothing (opted out / unconfirmed)', String(nonRecipients.size)],
      ['seeding the developers (SQL, batches of 5,000)', fmtS(seedMs)],
      ['POST → 201', `${postMs.toFixed(0)} ms`],
      ['enqueue: POST → first outbound_emails row (poll, 250 ms)', fmtS(firstRowAt && firstRowAt - postAt)],
      ['enqueue: POST → every row + fanout_completed_at (poll)', fmtS(allRowsAt && allRowsAt - postAt)],
      [
        'enqueue: fan-out job queued → picked up / → completed (pg-boss clock; runs)',
        `${fmtS(num(fanout?.picked), 2)} / ${fmtS(num(fanout?.done), 2)} (${fanout?.runs ?? '?'})`,
      ],
      ['fanout_completed_at − created_at (stamped with the job’s start time)', fmtS(num(fanout?.stamped), 2)],
      [
        'delivery rate, overall (messages / POST → last)',
        `${fmtRate(overall)} (${fmtInt(sink.messages)} in ${fmtDuration(endAt - postAt)})`,
      ],
      [
        kill ? 'delivery rate, steady, before the kill (10–90 %)' : 'delivery rate, steady (10–90 %)',
        fmtRate(steady1),
      ],
      ...(kill
        ? ([['delivery rate, steady, after the restart (10–90 %)', fmtRate(steady2)]] as [string, string][])
        : []),
      [
        '10-s windows min / median / max (silence after the restart excluded)',
        windows.length
          ? `${Math.min(...windows).toFixed(1)} / ${median(windows).toFixed(1)} / ${Math.max(...windows).toFixed(1)} msg/s`
          : '–',
      ],
      ['first message after the POST', fmtS(firstMsgAt && firstMsgAt - postAt)],
      [
        'SMTP connections for the messages; TCP connect → first message accepted p50 / p95',
        sink.messages
          ? `${fmtInt(sink.connections)} for ${fmtInt(sink.messages)}; ${sessionP(50)} / ${sessionP(95)} ms`
          : '–',
      ],
      [
        'mail job handler time p50 / p95 (pg-boss started_on → completed_on)',
        completedJobs?.p50 != null
          ? `${Number(completedJobs.p50).toFixed(0)} / ${Number(completedJobs.p95).toFixed(0)} ms`
          : '–',
      ],
      ['CPU, POST → kill (or end), % of one core', cpuBetween(postCpu, killCpu ?? endCpu)],
      ...(restartCpu
        ? ([['CPU, restart → end, % of one core', cpuBetween(restartCpu, endCpu)]] as [string, string][])
        : []),
    ];
    if (withKill) {
      rows.push([
        'kill: sink count at SIGKILL',
        kill ? `${fmtInt(killSinkMessages)} (${pct(killSinkMessages, expected)})` : 'not reached',
      ]);
      if (kill && killFiredAt !== undefined && exitAt !== undefined && restartSpawnAt !== undefined) {
        rows.push(
          [
            'kill: SIGKILL → exit / pause / spawn → health',
            `${(exitAt - killFiredAt).toFixed(0)} ms / ${fmtS(pauseMs)} / ${fmtS(restartHealthMs)}`,
          ],
          [
            'kill: SIGKILL → first message after the restart',
            fmtS(firstAfterRestartAt && firstAfterRestartAt - killFiredAt),
          ],
          [
            'kill: SIGKILL → last message (the jobs the dead process held)',
            fmtS(complete && arrivals.length ? (arrivals.at(-1) as number) - killFiredAt : undefined),
          ],
          [
            'kill: rows attempted, not marked sent / of those already in the sink',
            `${kill.inFlight} / ${kill.atRisk}`,
          ],
          ['kill: pg-boss jobs left active by the dead process', JSON.stringify(kill.active)],
          [
            'kill: longest silence after the restart',
            stall.ms > 0 ? `${fmtS(stall.ms)}, before the last ${fmtInt(stall.after)} message(s)` : '–',
          ],
          [
            'time lost to the kill/restart (actual − POST→first msg − recipients / steady rate)',
            fmtS(lostMs),
          ],
        );
      }
    }
    rows.push(
      [
        'exactly-once: recipients with 0 / with >1 messages (extra messages)',
        `${fmtInt(zero)} / ${fmtInt(multi)} (${fmtInt(extra)})`,
      ],
      [
        'messages to users who must get nothing / to unknown addresses',
        `${nonRecipientMessages} / ${unknownMessages}`,
      ],
      [
        'outbound_emails rows: total / sent / queued / failed',
        `${fmtInt(finalStatus.total)} / ${fmtInt(finalStatus.sent)} / ${fmtInt(finalStatus.queued)} / ${fmtInt(finalStatus.failed)}`,
      ],
      [
        'rows with a wrong idempotency key / with attempts > 1 (max attempts)',
        `${keyRows[0]?.bad ?? '?'} / ${keyRows[0]?.multi_attempts ?? '?'} (${keyRows[0]?.max_attempts ?? '?'})`,
      ],
      [
        'pg-boss mail.deliver jobs by state (retried)',
        jobRows.map((r) => `${r.state} ${fmtInt(r.count)}${r.retried ? ` (${r.retried})` : ''}`).join(', ') ||
          '–',
      ],
      ['messages aborted mid-DATA (never accepted)', String(sink.aborted)],
    );
    if (!complete)
      rows.push([
        'projected total at the steady rate',
        projectedMs !== undefined
          ? `${fmtDuration(projectedMs)} after the POST (${fmtInt(remaining)} left)`
          : '–',
      ]);

    const loadAfter = loadAverage();
    console.log('');
    console.log(
      table(
        ['measure', 'value'],
        rows.map(([a, b]) => [a, b.replaceAll('**', '')]),
        2,
      ),
    );
    console.log(`load average at the end: ${loadAfter}`);
    const exactlyOnce =
      complete &&
      zero === 0 &&
      multi === 0 &&
      nonRecipientMessages === 0 &&
      finalStatus.queued === 0 &&
      finalStatus.failed === 0;
    const verdict = !complete
      ? 'not complete: exactly-once not proven (see the counts so far)'
      : exactlyOnce
        ? 'EXACTLY ONCE: every recipient got one message, nobody else got any, every row is sent'
        : `NOT exactly once: ${zero} recipient(s) without a message, ${multi} with more than one (${extra} extra), ${nonRecipientMessages} to non-recipients, rows queued ${finalStatus.queued} / failed ${finalStatus.failed}`;
    console.log(verdict);
    if (multi > 0 && kill)
      console.log(
        `  ${kill.atRisk} message(s) were in the sink while their rows were still 'queued' when the server died (sent over SMTP, not yet marked sent): the retry sends them again.`,
      );

    if (current) {
      outputs.push(current.output());
      await stop(current);
    }
    running.clear();
    const logLines = [...new Set(outputs.flatMap(noteworthyLines))];
    if (logLines.length > 0) {
      console.log('\nWarnings, errors and other output of the servers (deduplicated):');
      for (const line of logLines.slice(0, 40))
        console.log(`  ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
    } else console.log('\nNo warnings or errors in the servers’ output.');

    if (record) {
      const section = [
        '',
        `## Critical fan-out, ${fmtInt(users)} developers, PostgreSQL (${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
        '',
        `Command (from the repository root): \`${command}\``,
        '',
        `Machine: ${machine.cpu}, \`nproc\` = ${machine.nproc}, ${machine.memory}, ${machine.kernel}; server on Node ${machine.node}, ` +
          `PostgreSQL ${pgVersion} on 127.0.0.1; load average ${loadBefore} → ${loadAfter}. The SMTP sink (smtp-server) runs in the ` +
          'benchmark process on the same machine, counting envelope recipients without parsing bodies. ' +
          `Server code: ${code}.`,
        '',
        markdownTable(rows),
        '',
        `Verdict: ${verdict}.`,
        ...(lines.length ? ['', 'Log of the run:', '', ...lines.map((l) => `    ${l.trim()}`)] : []),
        '',
      ].join('\n');
      appendFileSync(path.join(repoRoot, 'bench', 'RESULTS.md'), section);
      console.log('\nAppended the figures to bench/RESULTS.md.');
    }
    if (!exactlyOnce) process.exitCode = 1;
  } finally {
    for (const server of running) signalTree(server.child.pid, 'SIGKILL');
    await pool.end().catch(() => {});
    await sink.close();
    if (!keepDb)
      await dropDatabase(DATABASE).catch((error) => console.error(`could not drop ${DATABASE}: ${error}`));
    else console.log(`kept database ${DATABASE}`);
  }
}

process.on('SIGINT', () => {
  for (const server of running) signalTree(server.child.pid, 'SIGKILL');
  void (keepDb ? Promise.resolve() : dropDatabase(DATABASE).catch(() => {})).finally(() => process.exit(130));
});

await main();
