/**
 * The operators' metrics as the portal's code sees them (issue 24). The Prometheus implementation
 * (prometheus.ts, with prom-client) is loaded only when metrics are on: a portal without METRICS_TOKEN or
 * METRICS_PORT never holds prom-client (the idle server's memory).
 */
/** What the pool of the PostgreSQL database reports at a scrape (absent on PGlite). */
export interface PoolReading {
  inUse: number;
  idle: number;
  waiting: number;
}

/** One job queue at a scrape: waiting, running and failed jobs, and how long the oldest waiting one has. */
export interface QueueReading {
  queue: string;
  waiting: number;
  active: number;
  failed: number;
  oldestWaitingSeconds: number;
}

export interface MetricSources {
  pool?: () => PoolReading;
  queues?: () => Promise<QueueReading[]>;
}

/**
 * What operators see at GET /metrics (issue 24). The portal's code reports through this interface; when
 * neither METRICS_TOKEN nor METRICS_PORT is set it is `noMetrics` and every call is a no-op, so nothing is
 * measured at all.
 */
export interface OperatorMetrics {
  readonly enabled: boolean;
  request(method: string, route: string, status: number, seconds: number): void;
  query(seconds: number): void;
  jobFailed(queue: string): void;
  mailSent(): void;
  mailFailed(): void;
  signInFailed(): void;
  signInThrottled(): void;
  rateLimited(appId: number): void;
  /** Reads the gauges' sources and renders the text exposition format. */
  render(): Promise<{ contentType: string; body: string }>;
}

const nothing = () => {};

export const noMetrics: OperatorMetrics = {
  enabled: false,
  request: nothing,
  query: nothing,
  jobFailed: nothing,
  mailSent: nothing,
  mailFailed: nothing,
  signInFailed: nothing,
  signInThrottled: nothing,
  rateLimited: nothing,
  render: async () => ({ contentType: 'text/plain', body: '' }),
};

/** Metrics on: prom-client and the portal's series, loaded now. */
export async function createOperatorMetrics(sources: MetricSources = {}): Promise<OperatorMetrics> {
  const { createPrometheusMetrics } = await import('./prometheus');
  return createPrometheusMetrics(sources);
}
