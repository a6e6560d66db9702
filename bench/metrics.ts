import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { removeBundle, rssMb, spawnBundle } from './lib/bundle';
import { checkPostgres, dropDatabase, freshDatabase, seedInstallations } from './lib/postgres';
import {
  freePort,
  loadAverage,
  parseArgs,
  percentile,
  repoRoot,
  type ServerProcess,
  signalTree,
  stop,
  waitFor200,
} from './lib/process';

const args = parseArgs(process.argv.slice(2));
/** `--database <name>`: several agents bench on one PostgreSQL; each its own database. */
const DATABASE = args.get('database') ?? 'lintel_bench_metrics';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const SECRET = 'bench-platform-events-secret';
const installations = Number(args.get('installations') ?? 1_000_000);
const duration = Number(args.get('duration') ?? 5);
const record = args.get('no-record') !== 'true';
const ms1 = (value: number) => value.toFixed(1);
const group = (value: number) => Math.round(value).toLocaleString('en-US');

let server: ServerProcess | undefined;
process.on('SIGINT', () => {
  signalTree(server?.child.pid, 'SIGKILL');
  void dropDatabase(DATABASE).finally(() => process.exit(130));
});

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const pgVersion = await checkPostgres();
  const databaseUrl = await freshDatabase(DATABASE);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-metrics-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    server = await spawnBundle(await freePort(), {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmp,
      PLATFORM_EVENTS_SECRET: SECRET,
    });
    await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    const base = server.baseUrl;
    await client.connect();

    // The developer's app with installations over three years, and its daily aggregates as the events
    // would have left them.
    const session = await fetch(`${base}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dev@example.com', password: PASSWORD }),
    });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrf_token: csrf } = (await session.json()) as { csrf_token: string };
    const created = await fetch(`${base}/api/v1/developer_apps`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ internal_name: 'Metrics bench' }),
    });
    const appId = ((await created.json()) as { id: number }).id;
    console.log(`seeding ${group(installations)} installations of app ${appId} over three years…`);
    const seedStarted = performance.now();
    await seedInstallations(client, appId, installations);
    await client.query(
      `INSERT INTO platform_daily_installations (developer_app_id, day, count)
       SELECT developer_app_id, (installed_at AT TIME ZONE 'UTC')::date, count(*)
         FROM platform_installations WHERE developer_app_id = $1 GROUP BY 1, 2`,
      [appId],
    );
    await client.query(
      `INSERT INTO platform_daily_views (developer_app_id, day, count)
       SELECT $1::int, d::date, 200 + (extract(doy FROM d)::int % 50)
         FROM generate_series(now() - interval '1095 days', now(), interval '1 day') d`,
      [appId],
    );
    await client.query('VACUUM (ANALYZE)');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const pid = server.child.pid ?? 0;

    // The CSV export of every installation, with the server's RSS sampled every 20 ms.
    const exportCsv = async () => {
      const rssBefore = rssMb(pid);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(pid)), 20);
      const started = performance.now();
      const csv = await fetch(`${base}/api/v1/developer_apps/${appId}/installations.csv`, {
        headers: { cookie },
      });
      if (csv.status !== 200 || !csv.body) throw new Error(`CSV answered ${csv.status}`);
      let firstByte = 0;
      let bytes = 0;
      let lines = 0;
      for await (const piece of csv.body as unknown as AsyncIterable<Uint8Array>) {
        if (firstByte === 0) firstByte = performance.now() - started;
        bytes += piece.length;
        for (const byte of piece) if (byte === 10) lines++;
      }
      const totalMs = performance.now() - started;
      clearInterval(sampler);
      return { firstByte, totalMs, bytes, lines, rssBefore, peakRss: Math.max(rssBefore, ...samples) };
    };

    // 1. The export on a server that has answered a few requests (what the 150 MB aim is about: the
    // rows stream through, the process does not grow with them).
    const fresh = await exportCsv();

    // 2. The metrics endpoint under load.
    const metricsPath = `/api/v1/developer_apps/${appId}/metrics`;
    const probe = await fetch(`${base}${metricsPath}`, { headers: { cookie } });
    if (probe.status !== 200) throw new Error(`metrics answered ${probe.status}`);
    const bytes = (await probe.text()).length;
    const etag = probe.headers.get('etag') ?? '';
    const notModified = await fetch(`${base}${metricsPath}`, { headers: { cookie, 'if-none-match': etag } });
    if (!etag || notModified.status !== 304) throw new Error(`If-None-Match answered ${notModified.status}`);
    /** Requests/s, p50 and p95 of `path` under `connections`; every answer must have `status`. */
    const load = async (path: string, connections: number, headers: Record<string, string>, status = 200) => {
      const latencies: number[] = [];
      const instance = autocannon({ url: `${base}${path}`, connections, duration, headers });
      let wrong = 0;
      instance.on('response', (_c, statusCode, _b, ms) => {
        if (statusCode !== status) wrong++;
        latencies.push(ms);
      });
      const result = await instance;
      if (wrong > 0) throw new Error(`${path}: ${wrong} answers other than ${status}`);
      latencies.sort((a, b) => a - b);
      return {
        connections,
        reqPerSec: result.requests.total / result.duration,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
      };
    };
    const loads: { connections: number; reqPerSec: number; p50: number; p95: number }[] = [];
    for (const connections of [1, 10]) loads.push(await load(metricsPath, connections, { cookie }));
    const revalidated = await load(metricsPath, 10, { cookie, 'if-none-match': etag }, 304);

    // The same export right after that load: the old generation still holds the load's garbage until
    // V8's next major GC, so this shows what the process looks like on a busy server.
    const afterLoad = await exportCsv();

    // Other requests while an export streams: the session read alone, then during an export (which
    // takes a core of its own on this 2-core machine: PostgreSQL formats the lines, the server gzips).
    const sessionAlone = await load('/api/v1/session', 10, { cookie });
    const during = exportCsv();
    const sessionDuring = await load('/api/v1/session', 10, { cookie });
    const duringExport = await during;

    // 3. Platform events ingested per second (each a new installation with its own event id).
    let sequence = 0;
    const events = await autocannon({
      url: `${base}/api/v1/platform/events`,
      connections: 10,
      duration,
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            sequence += 1;
            request.body = JSON.stringify({
              id: `bench-${process.pid}-${sequence}`,
              type: 'installation.created',
              developer_app_id: appId,
              occurred_at: new Date().toISOString(),
              company_name: `Event Co ${sequence}`,
              company_is_demo: false,
              user_email_address: `event${sequence}@example.test`,
            });
            return request;
          },
        },
      ],
    });
    if (events.non2xx > 0) throw new Error(`events: ${events.non2xx} non-2xx answers`);
    const stored = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM platform_installations WHERE company_name LIKE 'Event Co %'`,
    );

    const out = [
      `## Installs and views at scale: metrics cached with an ETag, the CSV export's memory (issue 24, ${date} UTC)`,
      '',
      `\`npx tsx bench/metrics.ts\`: one app with ${group(installations)} installations over three years (seeded in ${ms1(seedSeconds)} s) and 1,096 days of views, on PostgreSQL ${pgVersion}; the server compiled (bench/lib/bundle.ts) with npm start's Node flags; load average ${loadBefore} → ${loadAverage()}.`,
      '',
      '| measure | value |',
      '| --- | ---: |',
      ...loads.map(
        (l) =>
          `| \`GET /api/v1/developer_apps/{id}/metrics\` (${bytes} bytes), ${l.connections} connection${l.connections > 1 ? 's' : ''}: req/s, p50, **p95** | ${group(l.reqPerSec)} req/s, ${ms1(l.p50)} ms, **${ms1(l.p95)} ms** |`,
      ),
      `| same with \`If-None-Match\` of its ETag (304, no body), 10 connections: req/s, p50, **p95** | ${group(revalidated.reqPerSec)} req/s, ${ms1(revalidated.p50)} ms, **${ms1(revalidated.p95)} ms** |`,
      `| CSV of all installations: time to first byte | ${ms1(fresh.firstByte)} ms |`,
      `| CSV: total time, size, lines | ${ms1(fresh.totalMs / 1000)} s, ${ms1(fresh.bytes / 1024 / 1024)} MB, ${group(fresh.lines)} |`,
      `| server RSS before the CSV / peak while streaming it (aim < 150 MB) | ${ms1(fresh.rssBefore)} MB / **${ms1(fresh.peakRss)} MB** |`,
      `| the same export right after the metrics load: RSS before / peak, first byte, total | ${ms1(afterLoad.rssBefore)} MB / ${ms1(afterLoad.peakRss)} MB, ${ms1(afterLoad.firstByte)} ms, ${ms1(afterLoad.totalMs / 1000)} s |`,
      `| \`GET /api/v1/session\`, 10 connections, alone / while an export streams: req/s, p95 | ${group(sessionAlone.reqPerSec)} req/s, ${ms1(sessionAlone.p95)} ms / ${group(sessionDuring.reqPerSec)} req/s, ${ms1(sessionDuring.p95)} ms (the export: peak ${ms1(duringExport.peakRss)} MB, ${ms1(duringExport.totalMs / 1000)} s) |`,
      `| platform events ingested (installation.created, 10 connections) | **${group(events.requests.total / events.duration)} events/s** (${group(stored.rows[0]?.n ?? 0)} stored) |`,
      '',
    ].join('\n');
    console.log(out);
    if (record) await fs.writeFile(path.join(repoRoot, 'bench', 'results-metrics.md'), out);
  } finally {
    await client.end().catch(() => {});
    if (server) await stop(server);
    await dropDatabase(DATABASE);
    await removeBundle();
  }
}

await main();
