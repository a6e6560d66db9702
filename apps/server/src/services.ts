import type { Config } from './config';
import type { Db } from './db/index';
import { type Mailer, mailJobs } from './jobs/mail/mailer';
import type { JobQueue } from './jobs/queue';
import type { AnyJobDefinition } from './jobs/workers';
import { AuthService } from './modules/auth/service';
import { CollaboratorService } from './modules/collaborators/service';
import { CredentialService } from './modules/credentials/service';
import { DeveloperAppService } from './modules/developer-apps/service';
import { ListingService } from './modules/listings/service';
import { ManifestService } from './modules/manifests/service';
import { notificationJobs } from './modules/notifications/jobs';
import { NotificationService } from './modules/notifications/service';
import { OutboundEmailService } from './modules/outbound-emails/service';
import { SandboxService } from './modules/sandboxes/service';
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
  listings: ListingService;
  manifests: ManifestService;
}

export interface ServiceDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  queue: JobQueue;
  platform: Platform;
  storage: Storage;
}

export function createServices(deps: ServiceDeps): Services {
  const services: Services = {
    auth: new AuthService(deps),
    notifications: new NotificationService(deps),
    outboundEmails: new OutboundEmailService(deps),
    developerApps: new DeveloperAppService(deps),
    sandboxes: new SandboxService(deps),
    credentials: new CredentialService(deps),
    collaborators: new CollaboratorService(deps),
    listings: new ListingService(deps),
    manifests: new ManifestService(deps),
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
