import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pngOf } from '../apps/server/test/apps-support';
import { form, mp4Of } from '../apps/server/test/listing-support';
import { removeBundle, rssMb, spawnBundle } from './lib/bundle';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
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

const DATABASE = 'lintel_bench_listing';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const args = parseArgs(process.argv.slice(2));
const saves = Number(args.get('saves') ?? 10);
const videoMb = Number(args.get('video-mb') ?? 100);
const record = args.get('no-record') !== 'true';
const ms1 = (value: number) => value.toFixed(1);

// Files with real headers, built by the server tests' own builders: PNGs of given sizes (padded to a
// screenshot's weight), an MP4 whose video track is 1280×720, and the editor's multipart body.
type Part = Parameters<typeof form>[0][number];

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
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-listing-'));
  try {
    const port = await freePort();
    server = await spawnBundle(port, {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmp,
    });
    await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    const pid = server.child.pid ?? 0;
    const base = server.baseUrl;

    const session = await fetch(`${base}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dev@example.com', password: PASSWORD }),
    });
    if (session.status !== 200) throw new Error(`sign-in answered ${session.status}`);
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrf_token: csrf } = (await session.json()) as { csrf_token: string };
    const headers = { cookie, 'x-csrf-token': csrf };
    const getJson = async (url: string) =>
      (await fetch(`${base}${url}`, { headers })).json() as Promise<{ id: number }[]>;
    const [categories, regions] = await Promise.all([
      getJson('/api/v1/categories'),
      getJson('/api/v1/regions'),
    ]);
    const newApp = async (name: string) => {
      const answer = await fetch(`${base}/api/v1/developer_apps`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ internal_name: name }),
      });
      if (answer.status !== 201) throw new Error(`create app answered ${answer.status}`);
      return ((await answer.json()) as { id: number }).id;
    };

    // 1. A complete listing with 10 screenshots (about 300 kB each), saved once per app.
    const logo = pngOf(512, 512, 40_000);
    const shots = Array.from({ length: 10 }, (_, i) =>
      pngOf(i % 2 ? 1920 : 1280, i % 2 ? 1080 : 720, 300_000),
    );
    const fields: Part[] = [
      { name: 'submission[public_name]', value: 'Site Diary Sync' },
      { name: 'submission[tagline]', value: 'Daily logs from the field, in one place' },
      { name: 'submission[built_by]', value: 'Acme Build' },
      { name: 'submission[sold_by]', value: 'Acme Build' },
      {
        name: 'submission[description]',
        value: 'Syncs the daily logs of every project with your office systems.',
      },
      { name: 'submission[about]', value: 'Acme builds tools for general contractors.' },
      {
        name: 'submission[how_it_works]',
        value: 'Connect your account, map your projects, and the logs flow.',
      },
      ...categories.slice(0, 2).map((c) => ({ name: 'submission[category_ids][]', value: String(c.id) })),
      ...regions.slice(0, 1).map((r) => ({ name: 'submission[region_ids][]', value: String(r.id) })),
      { name: 'submission[website_link][url]', value: 'https://acme.example/site-diary' },
      { name: 'submission[small_logo]', filename: 'logo.png', type: 'image/png', data: logo },
      ...shots.flatMap((data, i): Part[] => [
        {
          name: `submission[pictures_attributes][${i}][file]`,
          filename: `shot-${i}.png`,
          type: 'image/png',
          data,
        },
        { name: `submission[pictures_attributes][${i}][description]`, value: `Screen ${i + 1}` },
      ]),
    ];
    const body = form(fields);
    const times: number[] = [];
    const rssDuringSaves: number[] = [];
    for (let i = 0; i < saves; i++) {
      const appId = await newApp(`Listing bench ${i}`);
      const sampler = setInterval(() => rssDuringSaves.push(rssMb(pid)), 20);
      const started = performance.now();
      const answer = await fetch(`${base}/api/v1/developer_apps/${appId}/submissions`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: body.payload,
      });
      const text = await answer.text();
      times.push(performance.now() - started);
      clearInterval(sampler);
      if (answer.status >= 300) throw new Error(`save answered ${answer.status}: ${text.slice(0, 400)}`);
      const saved = JSON.parse(text) as { pictures?: unknown[] };
      if (saved.pictures?.length !== 10) throw new Error(`save kept ${saved.pictures?.length} screenshots`);
    }
    times.sort((a, b) => a - b);

    // 2. A 100 MB video, uploaded once, with the server's RSS sampled every 20 ms: "fast start" (its
    // moov box before the media data, read from the upload's head) and not (moov after the 100 MB,
    // found by walking the stored copy's boxes).
    const uploadVideo = async (fastStart: boolean) => {
      const appId = await newApp(fastStart ? 'Video bench' : 'Video bench, moov last');
      const video = form([
        { name: 'submission[public_name]', value: 'Video bench' },
        {
          name: 'submission[videos_attributes][0][file]',
          filename: 'walkthrough.mp4',
          type: 'video/mp4',
          data: mp4Of(1280, 720, { mdatBytes: videoMb * 1024 * 1024, fastStart }),
        },
      ]);
      const idleRss = rssMb(pid);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(pid)), 20);
      const started = performance.now();
      const answer = await fetch(`${base}/api/v1/developer_apps/${appId}/submissions`, {
        method: 'POST',
        headers: { ...headers, ...video.headers },
        body: video.payload,
      });
      const text = await answer.text();
      const uploadMs = performance.now() - started;
      clearInterval(sampler);
      if (answer.status >= 300)
        throw new Error(`video save answered ${answer.status}: ${text.slice(0, 400)}`);
      return {
        uploadMs,
        idleRss,
        peak: Math.max(...samples, idleRss),
        mbPerSecond: videoMb / (uploadMs / 1000),
      };
    };
    const fastStart = await uploadVideo(true);
    const moovLast = await uploadVideo(false);

    const lines = [
      `## 10. Marketplace listing saves (issue 10, ${date} UTC)`,
      '',
      `\`npx tsx bench/listing.ts\`: the server compiled into one esbuild bundle and run by node ${process.version} on PostgreSQL ${pgVersion}; load average ${loadBefore} → ${loadAverage()}.`,
      '',
      '| measure | value |',
      '| --- | ---: |',
      `| save of a complete listing with 10 screenshots (${(body.payload.length / 1024 / 1024).toFixed(1)} MB multipart), ${saves} saves: p50 | ${ms1(percentile(times, 50))} ms |`,
      `| same, p95 / max | ${ms1(percentile(times, 95))} ms / ${ms1(times.at(-1) ?? 0)} ms |`,
      `| server RSS during those saves, peak | ${ms1(Math.max(...rssDuringSaves, 0))} MB |`,
      `| ${videoMb} MB video upload through the storage adapter | ${ms1(fastStart.uploadMs / 1000)} s (${ms1(fastStart.mbPerSecond)} MB/s) |`,
      `| server RSS before the upload / peak during it (aim < 200 MB) | ${ms1(fastStart.idleRss)} MB / **${ms1(fastStart.peak)} MB** |`,
      `| the same video with its moov box after the media data: upload | ${ms1(moovLast.uploadMs / 1000)} s (${ms1(moovLast.mbPerSecond)} MB/s) |`,
      `| its RSS before / peak (aim < 200 MB) | ${ms1(moovLast.idleRss)} MB / **${ms1(moovLast.peak)} MB** |`,
      '',
    ];
    console.log(lines.join('\n'));
    if (record) await fs.writeFile(path.join(repoRoot, 'bench', 'results-listing.md'), `${lines.join('\n')}`);
  } finally {
    if (server) await stop(server);
    await dropDatabase(DATABASE);
    await removeBundle();
  }
}

await main();
