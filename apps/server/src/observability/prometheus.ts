import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricSources, OperatorMetrics, QueueReading } from './metrics';

/** Request and query buckets: the portal answers most calls in milliseconds; a page over a second is news. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/** The metrics in a prom-client registry of their own (loaded by metrics.ts when metrics are on). */
export function createPrometheusMetrics(sources: MetricSources): OperatorMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'lintel_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'lintel_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'lintel_db_query_duration_seconds',
    help: 'Time of one database query (as the portal waits for it).',
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const pool = sources.pool;
  new Gauge({
    name: 'lintel_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state (in_use, idle) and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      const reading = pool();
      this.set({ state: 'in_use' }, reading.inUse);
      this.set({ state: 'idle' }, reading.idle);
      this.set({ state: 'waiting' }, reading.waiting);
    },
  });

  // The queue gauges share one reading per scrape: the first collect asks, the others use its answer.
  let reading: Promise<QueueReading[]> | null = null;
  const queues = () => {
    reading ??= (sources.queues?.() ?? Promise.resolve([])).finally(() => {
      setImmediate(() => {
        reading = null;
      });
    });
    return reading;
  };
  const queueGauge = (name: string, help: string, pick: (queue: QueueReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await queues()) this.set({ queue: queue.queue }, pick(queue));
      },
    });
  queueGauge(
    'lintel_jobs_waiting',
    'Jobs waiting to run (created or waiting for a retry), per queue.',
    (q) => q.waiting,
  );
  queueGauge('lintel_jobs_active', 'Jobs running now, per queue.', (q) => q.active);
  queueGauge(
    'lintel_jobs_failed',
    'Jobs that failed for good and are still kept, per queue.',
    (q) => q.failed,
  );
  queueGauge(
    'lintel_jobs_oldest_waiting_seconds',
    'Age of the oldest job waiting to run, per queue (0 when none waits).',
    (q) => q.oldestWaitingSeconds,
  );
  const jobFailures = new Counter({
    name: 'lintel_job_failures_total',
    help: 'Job attempts that failed (retried or not), per queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const mails = new Counter({
    name: 'lintel_mails_total',
    help: 'E-mails handed to the SMTP server (outcome=sent) or refused by it (outcome=failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'lintel_sign_in_refusals_total',
    help: 'Sign-ins refused: reason=failed (wrong e-mail, password or code) or reason=throttled (429).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'lintel_platform_rate_limited_total',
    help: "Calls of the embedded platform's REST API refused with 429, per developer app.",
    labelNames: ['app_id'] as const,
    registers: [registry],
  });

  const seriesByKey = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; duration: ReturnType<typeof requestDuration.labels> }
  >();

  return {
    enabled: true,
    request(method, route, status, seconds) {
      // The labelled children are looked up once per series: prom-client hashes the labels on every
      // call otherwise, which was most of what measuring a request cost.
      const key = `${method} ${route} ${status}`;
      let series = seriesByKey.get(key);
      if (!series) {
        const labels = [method, route, `${Math.floor(status / 100)}xx`] as const;
        series = { count: requests.labels(...labels), duration: requestDuration.labels(...labels) };
        seriesByKey.set(key, series);
      }
      series.count.inc();
      series.duration.observe(seconds);
    },
    query: (seconds) => queryDuration.observe(seconds),
    jobFailed: (queue) => jobFailures.inc({ queue }),
    mailSent: () => mails.inc({ outcome: 'sent' }),
    mailFailed: () => mails.inc({ outcome: 'failed' }),
    signInFailed: () => signIns.inc({ reason: 'failed' }),
    signInThrottled: () => signIns.inc({ reason: 'throttled' }),
    rateLimited: (appId) => limited.inc({ app_id: String(appId) }),
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}
