import { AnswerCache, type AnswerCacheLimits } from '../http/answer-cache';
import type { KeptJson } from '../http/etag';
import { type Db, onWrites } from './index';
import type { HeardWrites } from './writes';

/**
 * Answers kept until this process writes to what they were read from (db/writes.ts hears the writes
 * after commit; `changes` says which ones matter), each at most `limits.ttlMs` for other processes'
 * writes. Where writes cannot be heard nothing is kept: every answer is made afresh.
 */
export class KeptUntilWritten<T extends KeptJson> {
  private readonly answers: AnswerCache<T>;
  /** Whether writes to the database are heard: without that nothing may be kept. */
  readonly enabled: boolean;

  constructor(
    db: Db,
    limits: AnswerCacheLimits,
    changes: (writes: HeardWrites) => boolean,
    now?: () => number,
  ) {
    this.answers = new AnswerCache<T>(limits, now);
    this.enabled =
      onWrites(db, (writes) => {
        if (changes(writes)) this.answers.clear();
      }) !== undefined;
  }

  /** The answer kept under group and key, or made by `make` (and kept). */
  protected answer(group: string | number, key: string, make: () => Promise<T>): Promise<T> {
    if (!this.enabled) return make();
    return this.answers.get(group, key, make);
  }

  /** Answers kept and their characters (tests). */
  get size(): { entries: number; bytes: number } {
    return this.answers.size;
  }
}
