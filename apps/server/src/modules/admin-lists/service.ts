import type {
  AdminDeveloperAppFilters,
  AdminDeveloperAppSortKey,
  AdminDeveloperSortKey,
  AdminOAuthApplicationFilters,
  AdminOAuthApplicationSortKey,
  OAuthEnvironment,
  QueuePlace,
  SortValue,
  UpdateAdminDeveloperRequest,
} from '@lintel/shared';
import type { Db } from '../../db/index';
import type { UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { keepJson } from '../../http/etag';
import { type Page, sortTerms } from '../../http/paging';
import type { OAuthApplicationListing, Platform } from '../../platform/types';
import { type AuditActor, changedFields, recordAudit } from '../audit/recorder';
import { adminAppsPage } from './apps-page';
import { AdminAppsCache, type KeptAdminAppsPage } from './cache';
import { adminListPolicy } from './policy';
import {
  type AdminAppListOptions,
  type AdminAppRow,
  type DeveloperAppMembership,
  type DeveloperRow,
  type QueueEntry,
  adminListRepository as repo,
} from './repository';

/** How far back the wait estimate looks (issue 11: "the last 30 days' review times"). */
export const REVIEW_HISTORY_DAYS = 30;

export interface AppReviewQueue {
  app_version: (QueuePlace & { id: number }) | null;
  marketplace_listing: (QueuePlace & { id: number }) | null;
}

export interface AdminAppView extends AdminAppRow {
  review_queue: AppReviewQueue;
}

export interface DeveloperView {
  user: UserRow;
  apps: DeveloperAppMembership[];
}

export interface OAuthApplicationView {
  application: OAuthApplicationListing;
  app: { id: number; internal_name: string; owner_name: string; owner_email: string } | null;
}

/** The expected wait: the median review time × the place in the queue, in hours (one decimal). */
export function estimatedWaitHours(medianHours: number | null, position: number): number | null {
  if (medianHours === null) return null;
  return Math.round(medianHours * position * 10) / 10;
}

function placeOf(
  entries: readonly QueueEntry[],
  appId: number,
  medianHours: number | null,
): (QueuePlace & { id: number }) | null {
  const entry = entries.find((candidate) => candidate.developer_app_id === appId);
  if (!entry) return null;
  return {
    id: entry.id,
    position: entry.position,
    estimated_wait_hours: estimatedWaitHours(medianHours, entry.position),
    in_review_at: entry.in_review_at.toISOString(),
  };
}

function unique(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The admin lists of spec 1 §2, the developer edit page and the review queue's places and estimates. */
export class AdminListService {
  private readonly appsPages: AdminAppsCache;

  constructor(private readonly deps: { db: Db; platform: Platform }) {
    this.appsPages = new AdminAppsCache(deps.db);
  }

  /**
   * A page of the developer apps list (or the review queue) as its JSON goes out (`serialize` writes
   * the rows as the contract does), kept per normalised query until a write to what it reads
   * (AdminAppsCache). The caller has checked that the actor may read the list.
   */
  developerAppsAnswer(
    query: Page & { sort: SortValue<AdminDeveloperAppSortKey>[]; filters?: AdminDeveloperAppFilters },
    serialize: (rows: AdminAppView[]) => string,
  ): Promise<KeptAdminAppsPage> {
    return this.appsPages.page(appListOptions(query), async () => {
      const { rows, total } = await this.developerApps(query);
      return { ...keepJson(serialize(rows)), total };
    });
  }

  /** Developer apps (and the review queue, with `in_review`): newest first unless sorted otherwise. */
  async developerApps(
    query: Page & { sort: SortValue<AdminDeveloperAppSortKey>[]; filters?: AdminDeveloperAppFilters },
    now = new Date(),
  ): Promise<{ rows: AdminAppView[]; total: number }> {
    const options = appListOptions(query);
    const since = new Date(now.getTime() - REVIEW_HISTORY_DAYS * 86_400_000);
    const page = await adminAppsPage(this.deps.db, options, since);
    if (!page) return this.developerAppsInSteps(query, now);
    return {
      rows: page.rows.map(({ queue, hours, ...row }) => ({
        ...row,
        review_queue: {
          app_version: placeOf(queue.version ? [queue.version] : [], row.id, hours.version),
          marketplace_listing: placeOf(queue.listing ? [queue.listing] : [], row.id, hours.listing),
        },
      })),
      total: page.total,
    };
  }

  /**
   * The same page statement by statement: the ids and columns with the total, then the queue places of
   * its apps in review, then the median review times. A broad search is read so (adminAppsPage leaves
   * it), and the one-statement page is tested against it.
   */
  async developerAppsInSteps(
    query: Page & { sort: SortValue<AdminDeveloperAppSortKey>[]; filters?: AdminDeveloperAppFilters },
    now = new Date(),
  ): Promise<{ rows: AdminAppView[]; total: number }> {
    const { rows, total } = await repo.developerApps(this.deps.db, appListOptions(query));
    const queues = await this.queues(
      rows
        .filter((row) => row.app_version_in_review_at || row.marketplace_listing_in_review_at)
        .map((row) => row.id),
      now,
    );
    return { rows: rows.map((row) => ({ ...row, review_queue: queues(row.id) })), total };
  }

  /** What one app has in review, with its places and estimates (its collaborators and admins see it). */
  async reviewQueueOf(appId: number, now = new Date()): Promise<AppReviewQueue> {
    return (await this.queues([appId], now))(appId);
  }

  private async queues(appIds: readonly number[], now: Date): Promise<(appId: number) => AppReviewQueue> {
    const empty: AppReviewQueue = { app_version: null, marketplace_listing: null };
    if (appIds.length === 0) return () => empty;
    const { db } = this.deps;
    const since = new Date(now.getTime() - REVIEW_HISTORY_DAYS * 86_400_000);
    const { versions, listings } = await repo.reviewQueues(db, appIds);
    const hours =
      versions.length + listings.length > 0
        ? await repo.medianReviewHours(db, since)
        : { version: null, listing: null };
    return (appId) => ({
      app_version: placeOf(versions, appId, hours.version),
      marketplace_listing: placeOf(listings, appId, hours.listing),
    });
  }

  developers(query: Page & { sort: SortValue<AdminDeveloperSortKey>[]; filters?: { search?: string } }) {
    return repo.developers(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms<AdminDeveloperSortKey>(query.sort),
      search: query.filters?.search?.trim() || undefined,
    });
  }

  async developer(id: number): Promise<DeveloperView> {
    const user = await repo.findDeveloper(this.deps.db, id);
    if (!user) throw errors.notFound('Developer');
    return { user, apps: await repo.appsOfDeveloper(this.deps.db, id) };
  }

  /**
   * Changes a developer and records who changed what (audit action developer.updated) in the same
   * transaction. An administrator cannot remove their own administrator flag; a taken e-mail is 422.
   */
  async updateDeveloper(
    actor: AuditActor & { user: UserRow },
    id: number,
    change: UpdateAdminDeveloperRequest['developer'],
    now = new Date(),
  ): Promise<DeveloperView> {
    const { db } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await repo.findDeveloperForUpdate(trx, id);
        if (!before) throw errors.notFound('Developer');
        if (!adminListPolicy.canChangeOwnAdminFlag(actor.user, before, change.is_admin)) {
          throw errors.field(
            'developer.is_admin',
            'invalid',
            'You cannot remove your own administrator flag: ask another administrator.',
          );
        }
        const changes: Parameters<typeof repo.updateDeveloper>[2] = {};
        if (change.name !== undefined) changes.name = change.name;
        if (change.company_name !== undefined) changes.company_name = change.company_name;
        if (change.email !== undefined) changes.email = change.email;
        if (change.is_admin !== undefined) changes.is_admin = change.is_admin;
        if (change.is_employee !== undefined) changes.is_employee = change.is_employee;
        if (change.confirmed !== undefined && change.confirmed !== (before.confirmed_at !== null)) {
          changes.confirmed_at = change.confirmed ? now : null;
        }
        const after = await repo.updateDeveloper(trx, id, changes, now);
        const audit = changedFields(auditedFields(before), auditedFields(after));
        if (Object.keys(audit.after ?? {}).length > 0) {
          await recordAudit(trx, actor, {
            action: 'developer.updated',
            subjectType: 'developer',
            subjectId: id,
            changes: audit,
          });
        }
        return { user: after, apps: await repo.appsOfDeveloper(trx, id) };
      });
    } catch (error) {
      if (unique(error)) throw errors.field('developer.email', 'taken', 'has already been taken');
      throw error;
    }
  }

  /** A page of one environment's OAuth applications, each with its portal app and that app's owner. */
  async oauthApplications(
    query: Page & {
      environment: OAuthEnvironment;
      sort: SortValue<AdminOAuthApplicationSortKey>[];
      filters?: AdminOAuthApplicationFilters;
    },
  ): Promise<{ rows: OAuthApplicationView[]; total: number }> {
    const filters = query.filters ?? {};
    const search = filters.search?.trim() || undefined;
    const { applications, total } = await this.deps.platform.listOAuthApplications({
      environment: query.environment,
      name: filters.name?.trim() || undefined,
      uid: filters.uid?.trim() || undefined,
      search,
      // The platform knows applications by name and uid; the apps' names and owners are the portal's.
      searchAppIds: search ? await repo.appIdsMatching(this.deps.db, search) : undefined,
      sort: sortTerms<AdminOAuthApplicationSortKey>(query.sort.length > 0 ? query.sort : ['name']),
      page: query.page,
      perPage: query.per_page,
    });
    const appIds = [...new Set(applications.flatMap((application) => application.appId ?? []))];
    const apps = new Map((await repo.appsWithOwners(this.deps.db, appIds)).map((app) => [app.id, app]));
    return {
      rows: applications.map((application) => ({
        application,
        app: application.appId === null ? null : (apps.get(application.appId) ?? null),
      })),
      total,
    };
  }
}

function appListOptions(
  query: Page & { sort: SortValue<AdminDeveloperAppSortKey>[]; filters?: AdminDeveloperAppFilters },
): AdminAppListOptions {
  const filters = query.filters ?? {};
  return {
    page: query.page,
    per_page: query.per_page,
    sort: sortTerms<AdminDeveloperAppSortKey>(query.sort.length > 0 ? query.sort : ['-created_at']),
    ownerIds: filters.owner_id === undefined ? undefined : [filters.owner_id].flat().map(Number),
    search: filters.search?.trim() || undefined,
    inReview: isTrue(filters.in_review),
    withDeleted: isTrue(filters.with_deleted),
  };
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

/** The developer fields the audit trail records (never the password hash). */
function auditedFields(user: UserRow): Record<string, unknown> {
  return {
    name: user.name,
    company_name: user.company_name,
    email: user.email,
    confirmed: user.confirmed_at !== null,
    is_admin: user.is_admin,
    is_employee: user.is_employee,
  };
}

export type { DeveloperRow };
