import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';

/** Every migration, in order. A landed migration is never edited: add the next number instead. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
