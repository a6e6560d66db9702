/**
 * A fixed-window count of reports per client address, in this process's memory: a broken page that
 * crashes in a loop, or someone posting junk, cannot flood the log. Several processes each keep their
 * own count, which only multiplies the bound.
 */
export class ReportLimiter {
  readonly #perClient: number;
  readonly #total: number;
  readonly #windowMs: number;
  #windowStart = 0;
  #totalCount = 0;
  readonly #counts = new Map<string, number>();

  constructor(options: { perClient: number; total: number; windowMs: number }) {
    this.#perClient = options.perClient;
    this.#total = options.total;
    this.#windowMs = options.windowMs;
  }

  /** Counts one report from `client`; false when it is over either bound for the current window. */
  take(client: string, now = Date.now()): boolean {
    if (now - this.#windowStart >= this.#windowMs) {
      this.#windowStart = now;
      this.#totalCount = 0;
      this.#counts.clear();
    }
    const count = this.#counts.get(client) ?? 0;
    if (count >= this.#perClient || this.#totalCount >= this.#total) return false;
    this.#counts.set(client, count + 1);
    this.#totalCount += 1;
    return true;
  }
}
