import type { Config } from './config';
import type { Db } from './db/index';
import type { SecretBox } from './http/crypto';
import { type Mailer, mailJobs } from './jobs/mail/mailer';
import type { JobQueue } from './jobs/queue';
import type { AnyJobDefinition } from './jobs/workers';
import { AccessTokenService } from './modules/access-tokens/service';
import { AdminAppService } from './modules/admin-apps/service';
import { AdminListService } from './modules/admin-lists/service';
import { AnalyticsService } from './modules/analytics/service';
import { ApiActivityService } from './modules/api-activity/service';
import { AuditService } from './modules/audit/service';
import { AuthService } from './modules/auth/service';
import { ChangelogService } from './modules/changelog/service';
import { CollaboratorService } from './modules/collaborators/service';
import { SecretRotationService } from './modules/credentials/rotation-service';
import { CredentialService } from './modules/credentials/service';
import { DeveloperAppService } from './modules/developer-apps/service';
import { ListingService } from './modules/listings/service';
import { ManifestService } from './modules/manifests/service';
import { MarketplaceService } from './modules/marketplace/service';
import { MetricsService } from './modules/metrics/service';
import { notificationJobs } from './modules/notifications/jobs';
import { NotificationService } from './modules/notifications/service';
import { OutboundEmailService } from './modules/outbound-emails/service';
import { RateLimitService } from './modules/rate-limits/service';
import { SandboxService } from './modules/sandboxes/service';
import { TwoFactorService } from './modules/two-factor/service';
import { WebhookService } from './modules/webhooks/service';
import type { Platform } from './platform/types';
import type { Storage } from './storage/index';

/** The operations of every area, built once and shared by the HTTP routes and the job handlers. */
export interface Services {
  auth: AuthService;
  notifications: NotificationService;
  outboundEmails: OutboundEmailService;
  developerApps: DeveloperAppService;
  sandboxes: SandboxService;
  credentials: CredentialService;
  collaborators: CollaboratorService;
  manifests: ManifestService;
  listings: ListingService;
  changelog: ChangelogService;
  rateLimits: RateLimitService;
  audit: AuditService;
  adminApps: AdminAppService;
  adminLists: AdminListService;
  marketplace: MarketplaceService;
  metrics: MetricsService;
  analytics: AnalyticsService;
  apiActivity: ApiActivityService;
  webhooks: WebhookService;
  secretRotation: SecretRotationService;
  accessTokens: AccessTokenService;
  twoFactor: TwoFactorService;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  queue: JobQueue;
  platform: Platform;
  storage: Storage;
  /** Seals secrets kept at rest with SECRETS_KEY (authenticator secrets). */
  secrets: SecretBox;
}

export function createServices(deps: ServiceDeps): Services {
  const developerApps = new DeveloperAppService(deps);
  const listings = new ListingService(deps);
  const twoFactor = new TwoFactorService(deps);
  const services: Services = {
    auth: new AuthService({ ...deps, secondFactor: twoFactor }),
    notifications: new NotificationService(deps),
    outboundEmails: new OutboundEmailService(deps),
    developerApps,
    sandboxes: new SandboxService(deps),
    credentials: new CredentialService(deps),
    collaborators: new CollaboratorService(deps),
    manifests: new ManifestService(deps),
    changelog: new ChangelogService(deps),
    rateLimits: new RateLimitService(deps),
    audit: new AuditService(deps),
    adminApps: new AdminAppService(deps, developerApps),
    adminLists: new AdminListService(deps),
    listings,
    marketplace: new MarketplaceService(deps, listings),
    metrics: new MetricsService(deps),
    analytics: new AnalyticsService(deps),
    apiActivity: new ApiActivityService(deps),
    webhooks: new WebhookService(deps),
    secretRotation: new SecretRotationService(deps),
    accessTokens: new AccessTokenService(deps),
    twoFactor,
  };
  deps.platform.onSandboxFinished((event) => services.sandboxes.sandboxFinished(event));
  return services;
}

/** Every background job: each module (and the platform adapter) exports its own; jobs/ only runs them. */
export function jobsOf(deps: ServiceDeps, services: Services): AnyJobDefinition[] {
  return [
    ...mailJobs(deps.mailer, deps.db, deps.config),
    ...notificationJobs(services.notifications),
    ...deps.platform.jobs(),
  ];
}
