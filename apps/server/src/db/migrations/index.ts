import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_notifications';
import * as m0003 from './0003_developer_apps';
import * as m0004 from './0004_oauth_secrets';
import * as m0005 from './0005_mail_quota';
import * as m0006 from './0006_manifests';
import * as m0007 from './0007_listings';

/** Every migration, in order. A landed migration is never edited: add the next number instead. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_notifications': m0002,
  '0003_developer_apps': m0003,
  '0004_oauth_secrets': m0004,
  '0005_mail_quota': m0005,
  '0007_listings': m0007,
  '0006_manifests': m0006,
};
