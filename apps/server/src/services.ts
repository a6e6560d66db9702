import type { Config } from './config';
import type { Db } from './db/index';
import type { Mailer } from './jobs/mail/mailer';
import type { JobQueue } from './jobs/queue';
import { AuthService } from './modules/auth/service';
import { NotificationService } from './modules/notifications/service';

/** The operations of every area, built once and shared by the HTTP routes and the job handlers. */
export interface Services {
  auth: AuthService;
  notifications: NotificationService;
}

export function createServices(deps: { config: Config; db: Db; mailer: Mailer; queue: JobQueue }): Services {
  return {
    auth: new AuthService(deps),
    notifications: new NotificationService(deps),
  };
}
