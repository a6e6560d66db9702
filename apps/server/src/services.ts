import type { Config } from './config';
import type { Db } from './db/index';
import type { Mailer } from './jobs/mail/mailer';
import type { JobQueue } from './jobs/queue';
import { AuthService } from './modules/auth/service';
import { CollaboratorService } from './modules/collaborators/service';
import { DeveloperAppService } from './modules/developer-apps/service';
import { NotificationService } from './modules/notifications/service';
import type { Platform } from './platform/types';
import type { Storage } from './storage/index';

/** The operations of every area, built once and shared by the HTTP routes and the job handlers. */
export interface Services {
  auth: AuthService;
  notifications: NotificationService;
  developerApps: DeveloperAppService;
  collaborators: CollaboratorService;
}

export function createServices(deps: {
  config: Config;
  db: Db;
  mailer: Mailer;
  queue: JobQueue;
  platform: Platform;
  storage: Storage;
}): Services {
  return {
    auth: new AuthService(deps),
    notifications: new NotificationService(deps),
    developerApps: new DeveloperAppService(deps),
    collaborators: new CollaboratorService(deps),
  };
}
