export type InstallationStatus = 'installed' | 'uninstalled';

/** An app installed in a company of the platform. */
export interface Installation {
  id: number;
  appId: number;
  companyName: string;
  companyIsDemo: boolean;
  /** Who installed it: shown to platform administrators only. */
  userEmailAddress: string | null;
  status: InstallationStatus;
  installedAt: Date;
  /** When the platform last changed it (installed, then uninstalled). */
  updatedAt: Date;
}

export const MARKETPLACE_EVENT_TYPES = [
  'installation.created',
  'installation.uninstalled',
  'marketplace_app.viewed',
] as const;

/** What the platform reports about an app: the same events a real platform sends to the portal. */
export interface MarketplaceEvent {
  /** The platform's event id: an event already processed changes nothing. */
  id: string;
  type: (typeof MARKETPLACE_EVENT_TYPES)[number];
  appId: number;
  occurredAt: Date;
  companyName: string | null;
  companyIsDemo: boolean;
  userEmailAddress: string | null;
  /** Views: who looked (one view per visitor and day); the event id when the platform does not say. */
  visitorKey?: string;
}

/**
 * `recorded`: the event changed the counts; `duplicate`: its id was processed before; `ignored`: a view
 * by a visitor already counted that day; `no_installation`: an uninstall of nothing installed.
 */
export type EventOutcome = 'recorded' | 'duplicate' | 'ignored' | 'no_installation';

/** A count per UTC day (YYYY-MM-DD), oldest first. */
export interface DailyCount {
  day: string;
  count: number;
}

/** The platform's side of the marketplace: installations, views and their daily counts. */
export interface PlatformMarketplace {
  record(event: MarketplaceEvent): Promise<{ outcome: EventOutcome; installation?: Installation }>;
  /** Many events at once (an imported history), each as record() takes it, all or none. */
  recordMany(events: readonly MarketplaceEvent[]): Promise<EventOutcome[]>;
  /** Whether an event of this id was processed already (a replay changes nothing). */
  seen(eventId: string): Promise<boolean>;
  /** A company installs an app from the embedded marketplace (status installed). */
  install(
    appId: number,
    company: { companyName: string; companyIsDemo: boolean; userEmailAddress: string },
  ): Promise<Installation>;
  /** Uninstalls one installation, when the installer's e-mail matches; undefined otherwise. */
  uninstall(
    appId: number,
    installationId: number,
    userEmailAddress: string,
  ): Promise<Installation | undefined>;
  /** A visitor opened the app's listing: one view per visitor and day. */
  view(appId: number, visitorKey: string, at?: Date): Promise<void>;
  dailyInstallations(appId: number): Promise<DailyCount[]>;
  dailyViews(appId: number): Promise<DailyCount[]>;
  /** The install feed, newest first. */
  installations(
    appId: number,
    page: { limit: number; offset: number },
  ): Promise<{ rows: Installation[]; total: number }>;
  /**
   * Every installation of an app as CSV lines (no header; the columns of the export, installer e-mail
   * last when asked for), oldest first, a batch of lines at a time.
   */
  installationsCsv(appId: number, options: { batchSize: number; withEmails: boolean }): AsyncIterable<string>;
}
