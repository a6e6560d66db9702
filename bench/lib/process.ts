import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root, whatever the current directory (npm -w runs scripts from bench/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const binDir = path.join(repoRoot, 'node_modules', '.bin');
/** Node 24 from the `node` npm package, and tsx's CLI run by it (not by whatever `node` is on PATH). */
export const nodeBin = path.join(binDir, 'node');
export const tsxCli = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export const HOST = '127.0.0.1';

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request on a fresh connection (no keep-alive, so nothing delays the server's shutdown). */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
        timeout: options.timeoutMs ?? 5_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timed out: ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns `node tsx <script>` from the repo root with the given environment added. */
export function spawnTs(script: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(nodeBin, [tsxCli, script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, port, baseUrl: `http://${HOST}:${port}`, output: () => output, exited };
}

/**
 * Polls `url` every `intervalMs` until it answers 200; resolves with the milliseconds since `since`.
 * Fails when the process exits first or after `timeoutMs`.
 */
export async function waitFor200(
  server: ServerProcess,
  url: string,
  since: number,
  { intervalMs = 10, timeoutMs = 120_000 } = {},
): Promise<number> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (performance.now() - since < timeoutMs) {
    if (exited) throw new Error(`the server exited before answering ${url}:\n${server.output()}`);
    try {
      const answer = await request(url, { timeoutMs: 2_000 });
      if (answer.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${server.output()}`);
}

export interface Shutdown {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  /** True when it had to be killed with SIGKILL after `graceMs`. */
  killed: boolean;
}

/** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
export async function stop(server: ServerProcess, graceMs = 40_000): Promise<Shutdown> {
  const started = performance.now();
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    const { code, signal } = await server.exited;
    return { code, signal, ms: 0, killed: false };
  }
  server.child.kill('SIGTERM');
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    server.child.kill('SIGKILL');
  }, graceMs);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  return { code, signal, ms: performance.now() - started, killed };
}

/** The 1, 5 and 15 minute load averages, e.g. "0.52 0.61 0.40". */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Log lines worth a reader's attention: pino lines at warn or above, and anything that is not JSON. */
export function noteworthyLines(output: string): string[] {
  const lines: string[] = [];
  for (const line of output.split('\n')) {
    const text = line.trim();
    if (!text) continue;
    if (text.startsWith('{')) {
      try {
        const entry = JSON.parse(text) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 40) lines.push(text);
        continue;
      } catch {
        // not a log line after all
      }
    }
    if (/Lintel is running|Demo accounts|password: /.test(text)) continue;
    lines.push(text);
  }
  return lines;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile of already sorted values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** A plain-text table: the first `leftColumns` columns left-aligned, the others (numbers) right-aligned. */
export function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Parses `--name value` and `--flag` arguments. */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) args.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(name, next);
      i++;
    } else args.set(name, 'true');
  }
  return args;
}

/** The pids of `pid` and all its descendants (Linux /proc; just `pid` elsewhere). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone, or not Linux
    }
  }
  return pids;
}

/**
 * Sends `signal` to `pid` and every descendant, deepest first. tsx's CLI runs the script in a child
 * process and relays SIGTERM/SIGINT to it, but SIGKILL cannot be relayed: without this the real server
 * would keep running as an orphan. Returns the pids signalled.
 */
export function signalTree(pid: number | undefined, signal: NodeJS.Signals): number[] {
  if (pid === undefined) return [];
  const pids = processTree(pid).reverse();
  for (const target of pids) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
  return pids;
}

/** CPU time (user + system, ms) used so far by one process; NaN when it cannot be read. */
function pidCpuMs(pid: number | string): number {
  try {
    // utime and stime are fields 14 and 15; the command name before them may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/** CPU time (ms) used so far by `pid` and its descendants; NaN where /proc is missing. */
export function treeCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const [root, ...rest] = processTree(pid).map(pidCpuMs);
  return rest.reduce((sum: number, ms) => sum + (Number.isNaN(ms) ? 0 : ms), root ?? Number.NaN);
}

/** CPU time (ms) used so far by every process named `comm` (e.g. the PostgreSQL backends). */
export function commandCpuMs(comm: string): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue; // ended meanwhile
    }
    const ms = pidCpuMs(pid);
    if (!Number.isNaN(ms)) total += ms;
  }
  return total;
}
