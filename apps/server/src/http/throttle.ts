import { AppError } from './errors';

/**
 * A fixed-window count of requests per key (a client address, a user), in this process's memory: one
 * client cannot flood a log, a table or a counter. Several processes each keep their own count, which
 * only multiplies the bound. `total` bounds all keys together.
 */
export class WindowLimiter {
  readonly #perKey: number;
  readonly #total: number;
  readonly #windowMs: number;
  #windowStart = 0;
  #totalCount = 0;
  readonly #counts = new Map<string, number>();

  constructor(options: { perKey: number; total?: number; windowMs: number }) {
    this.#perKey = options.perKey;
    this.#total = options.total ?? Number.POSITIVE_INFINITY;
    this.#windowMs = options.windowMs;
  }

  /** Counts one request of `key`; false when it is over either bound for the current window. */
  take(key: string, now = Date.now()): boolean {
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#totalCount = 0;
      this.#counts.clear();
    }
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.#perKey || this.#totalCount >= this.#total) return false;
    this.#counts.set(key, count + 1);
    this.#totalCount += 1;
    return true;
  }

  /**
   * Counts one request of `key`, or refuses it: 429 `too_many_requests` with `Retry-After` one window
   * (the count starts afresh by then at the latest).
   */
  takeOrRefuse(key: string, message: string, now = Date.now()): void {
    if (this.take(key, now)) return;
    const refusal = new AppError('too_many_requests', message);
    refusal.retryAfterSeconds = Math.ceil(this.#windowMs / 1000);
    throw refusal;
  }
}
