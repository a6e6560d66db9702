import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_sandbox_companies';
import * as m0002 from './0002_oauth_tokens';
import * as m0003 from './0003_api_calls';
import * as m0004 from './0004_oauth_consents';
import * as m0005 from './0005_service_accounts';
import * as m0006 from './0006_rate_limit_counters';
import * as m0007 from './0007_api_calls_status_class';
import * as m0008 from './0008_webhooks';
import * as m0009 from './0009_webhook_destination_lease';
import * as m0010 from './0010_previous_secret';

/**
 * The platform's own migrations, after the portal's (whose early ones created the platform's first
 * tables), tracked apart in platform_migrations. A landed migration is never edited.
 */
export const platformMigrations: Record<string, Migration> = {
  '0001_sandbox_companies': m0001,
  '0002_oauth_tokens': m0002,
  '0003_api_calls': m0003,
  '0004_oauth_consents': m0004,
  '0005_service_accounts': m0005,
  '0006_rate_limit_counters': m0006,
  '0007_api_calls_status_class': m0007,
  '0008_webhooks': m0008,
  '0009_webhook_destination_lease': m0009,
  '0010_previous_secret': m0010,
};
