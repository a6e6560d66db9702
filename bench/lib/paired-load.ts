// One autocannon load with its latency percentiles, and the sign-in the paired benches share
// (access-tokens.ts, operator-metrics.ts: two sides of one server setup, compared round by round).
import autocannon from 'autocannon';
import { percentile, request } from './process';

export interface Load {
  label: string;
  reqPerSec: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  mismatches: number;
}

/** `connections` clients for `duration` seconds against `url`, each answer checked against `body`. */
export async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { connections: number; duration: number },
): Promise<Load> {
  const latencies: number[] = [];
  const instance = autocannon({ url, ...options, headers, expectBody: body });
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    label,
    reqPerSec: result.requests.total / result.duration,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches: result.mismatches,
  };
}

/** Signs in through the API: the session cookie and the CSRF token. */
export async function signInCookie(baseUrl: string, email: string, password: string) {
  const answer = await request(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    timeoutMs: 30_000,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const cookie = (answer.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('lintel_session='));
  if (!cookie) throw new Error('sign-in set no lintel_session cookie');
  return { cookie, csrf: (JSON.parse(answer.body) as { csrf_token: string }).csrf_token };
}
