import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_notifications';
import * as m0003 from './0003_developer_apps';
import * as m0004 from './0004_oauth_secrets';
import * as m0005 from './0005_mail_quota';
import * as m0006 from './0006_manifests';
import * as m0007 from './0007_listings';
import * as m0008 from './0008_audit_events';
import * as m0009 from './0009_marketplace_metrics';
import * as m0010 from './0010_changelog';
import * as m0011 from './0011_rate_limit_buckets';
import * as m0012 from './0012_admin_lists';
import * as m0013 from './0013_admin_apps';
import * as m0014 from './0014_platform_oauth_applications';
import * as m0015 from './0015_admin_list_speed';
import * as m0016 from './0016_my_apps_speed';
import * as m0017 from './0017_review_history_index';
import * as m0018 from './0018_app_version_rejected';
import * as m0019 from './0019_listing_decisions';
import * as m0020 from './0020_version_authentication';
import * as m0021 from './0021_name_collation';
import * as m0022 from './0022_two_factor';
import * as m0023 from './0023_passkeys';
import * as m0024 from './0024_personal_access_tokens';

/** Every migration, in order. A landed migration is never edited: add the next number instead. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_notifications': m0002,
  '0003_developer_apps': m0003,
  '0004_oauth_secrets': m0004,
  '0005_mail_quota': m0005,
  '0006_manifests': m0006,
  '0007_listings': m0007,
  '0008_audit_events': m0008,
  '0009_marketplace_metrics': m0009,
  '0010_changelog': m0010,
  '0011_rate_limit_buckets': m0011,
  '0012_admin_lists': m0012,
  '0013_admin_apps': m0013,
  '0014_platform_oauth_applications': m0014,
  '0015_admin_list_speed': m0015,
  '0016_my_apps_speed': m0016,
  '0017_review_history_index': m0017,
  '0018_app_version_rejected': m0018,
  '0019_listing_decisions': m0019,
  '0020_version_authentication': m0020,
  '0021_name_collation': m0021,
  '0022_two_factor': m0022,
  '0023_passkeys': m0023,
  '0024_personal_access_tokens': m0024,
};
