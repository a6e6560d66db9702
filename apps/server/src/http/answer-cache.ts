import type { KeptJson } from './etag';

export interface AnswerCacheLimits {
  /** Answers kept at most (every group and key together). */
  maxEntries: number;
  /** Characters of JSON kept at most. */
  maxBytes: number;
  /**
   * How long an answer is served without being made again. The process that changes what an answer
   * says drops it at once (invalidate, clear); this bounds how late another process's change shows.
   */
  ttlMs: number;
}

interface Entry<T> {
  group: string;
  expiresAt: number;
  /** Shared by every request that arrives while the answer is being made (one fill, not ten). */
  answer: Promise<T>;
  size: number;
}

/**
 * Answers kept as they go out (JSON text and ETag), bounded in entries and characters, least recently
 * used out first, each for at most ttlMs. An answer belongs to a group (what it is of: an app, a user),
 * and a group's answers can be dropped together; `clear` drops them all. Concurrent requests for an
 * answer being made share the one fill; an answer dropped while being made still goes to the requests
 * that asked before the drop, but is not kept; a failure is not kept.
 */
export class AnswerCache<T extends KeptJson = KeptJson> {
  /** In least recently used order (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysByGroup = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly limits: AnswerCacheLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The answer of `group` under `key`, made by `make` when not kept or expired. */
  get(group: string | number, key: string, make: () => Promise<T>): Promise<T> {
    const groupKey = String(group);
    const fullKey = `${groupKey}|${key}`;
    const found = this.entries.get(fullKey);
    if (found && found.expiresAt > this.now()) {
      this.entries.delete(fullKey);
      this.entries.set(fullKey, found);
      return found.answer;
    }
    if (found) this.remove(fullKey);
    const entry: Entry<T> = {
      group: groupKey,
      expiresAt: this.now() + this.limits.ttlMs,
      answer: make(),
      size: 0,
    };
    this.entries.set(fullKey, entry);
    const keys = this.keysByGroup.get(groupKey) ?? new Set<string>();
    this.keysByGroup.set(groupKey, keys);
    keys.add(fullKey);
    entry.answer.then(
      (answer) => {
        if (this.entries.get(fullKey) !== entry) return;
        entry.size = answer.body.length;
        this.bytes += entry.size;
        this.evict();
      },
      () => {
        if (this.entries.get(fullKey) === entry) this.remove(fullKey);
      },
    );
    this.evict();
    return entry.answer;
  }

  /** Drops every answer of the group. */
  invalidate(group: string | number): void {
    for (const key of this.keysByGroup.get(String(group)) ?? []) this.remove(key);
  }

  /** Drops every answer. */
  clear(): void {
    this.entries.clear();
    this.keysByGroup.clear();
    this.bytes = 0;
  }

  /** Answers kept and their characters. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    const keys = this.keysByGroup.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByGroup.delete(entry.group);
  }
}
