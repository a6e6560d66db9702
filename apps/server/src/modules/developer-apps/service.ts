import type { Readable } from 'node:stream';
import {
  isAppLive,
  isThumbnailSize,
  parseRedirectUris,
  THUMBNAIL_MIN_SIDE,
  THUMBNAIL_RULE,
  type UploadedFile,
} from '@lintel/shared';
import { imageSize } from 'image-size';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, SubmissionRow, UserRow } from '../../db/schema';
import { detail, errors } from '../../http/errors';
import { keepJson } from '../../http/etag';
import type { Page } from '../../http/paging';
import type { OAuthApplication, Platform, Sandbox, SandboxStatus } from '../../platform/types';
import type { Storage } from '../../storage/index';
import { tellPlatformMembers } from '../collaborators/platform-members';
import { listingRepository } from '../listings/repository';
import { ManifestService, type ManifestsOverview } from '../manifests/service';
import { sandboxPolicy } from '../sandboxes/policy';
import { type KeptAppsPage, MyAppsCache } from './cache';
import { type AppAccess, developerAppPolicy } from './policy';
import { type AppChanges, type AppListRow, developerAppRepository as repo } from './repository';
import type { AppContext } from './scope';

export interface AppUpdate {
  internal_name?: string;
  name?: string;
  confidential?: boolean;
  redirect_uri?: string;
  production_access?: 'production_pending';
  remove_thumbnail?: boolean;
  thumbnail?: UploadedFile;
}

/** An app with what its page shows: owner, sandbox, production credentials, the actor's access. */
export interface AppView {
  app: DeveloperAppRow;
  access: AppAccess;
  owner: Pick<UserRow, 'id' | 'name' | 'email' | 'platform_id'>;
  sandbox: Sandbox | undefined;
  /** The live sandbox's secret when the actor may read it (sandboxPolicy.canViewSecret), else null. */
  sandboxSecret: string | null;
  production: OAuthApplication | undefined;
  manifests: ManifestsOverview;
  /** The app's listing submissions the page names (spec 3 §3). */
  listing: { last: SubmissionRow | undefined; published: SubmissionRow | undefined };
  /**
   * The app has a support contact: an integration contact (platform administrators add them) or its
   * published listing's support e-mail. A live app without one gets the support-contact warning.
   */
  hasSupportContact: boolean;
  /** The app is live: in the marketplace (isAppLive, the one definition). */
  live: boolean;
}

export interface AppListItem {
  app: AppListRow;
  role: AppAccess['role'];
  sandboxStatus: SandboxStatus | null;
  /** The app is live (isAppLive). */
  live: boolean;
}

/** Redirect URIs normalised to one per line, or 422 with one detail per bad line (spec 2 §5). */
/** The logo rule on the file's own bytes (spec 1 §9): square and larger than 200×200 px. */
export function checkThumbnailSize(file: UploadedFile): void {
  let size: { width: number; height: number } | undefined;
  try {
    size = imageSize(file.head);
  } catch {
    size = undefined;
  }
  if (!size || !isThumbnailSize(size)) {
    throw errors.field('developer_app.thumbnail', 'image_size', `${file.filename} ${THUMBNAIL_RULE}`, {
      name: file.filename,
      min: THUMBNAIL_MIN_SIDE,
    });
  }
}

export function checkRedirectUris(text: string, path: string): string {
  const { uris, problems } = parseRedirectUris(text);
  if (problems.length > 0) {
    throw errors.validation(
      problems.map((p) =>
        detail(path, 'redirect_uri', p.line > 0 ? `line ${p.line}: ${p.message}` : p.message, {
          line: p.line,
        }),
      ),
    );
  }
  return uris.join('\n');
}

/** Developer apps: create, read, settings, thumbnail, delete (spec 2); the admin page builds on it (admin-apps). */
export interface StoredThumbnail {
  stream: Readable;
  size: number;
  contentType: string;
}

/** An app's logo from storage, for the collaborators' route and the admins' alike; 404 when it has none. */
export async function readThumbnail(
  storage: Storage,
  app: Pick<DeveloperAppRow, 'thumbnail_key' | 'thumbnail_content_type'>,
): Promise<StoredThumbnail> {
  if (!app.thumbnail_key || !app.thumbnail_content_type) throw errors.notFound('Thumbnail');
  const stored = await storage.get(app.thumbnail_key);
  if (!stored) throw errors.notFound('Thumbnail');
  return { stream: stored.stream, size: stored.size, contentType: app.thumbnail_content_type };
}

export class DeveloperAppService {
  private readonly manifests: ManifestService;
  private readonly myApps: MyAppsCache;

  constructor(private readonly deps: { config: Config; db: Db; platform: Platform; storage: Storage }) {
    this.manifests = new ManifestService(deps);
    this.myApps = new MyAppsCache(deps.db);
  }

  /**
   * A page of the user's apps as its JSON goes out (`serialize` presents the items), kept per user and
   * page until a write to what it reads (MyAppsCache). Only with a platform whose sandbox statuses are
   * in this database (the embedded one): another platform's changes are not heard, so its pages are
   * made every time.
   */
  listAnswer(user: UserRow, page: Page, serialize: (items: AppListItem[]) => string): Promise<KeptAppsPage> {
    const make = async () => {
      const { items, total } = await this.list(user, page);
      return { ...keepJson(serialize(items)), total };
    };
    if (!this.deps.platform.sandboxStatusSql?.(this.deps.db)) return make();
    return this.myApps.page(user.id, page, make);
  }

  /**
   * A page of the user's apps. Where the platform offers its sandbox status as SQL (the embedded one)
   * the page is one statement; otherwise the statuses are asked of the platform for the page's apps.
   */
  async list(user: UserRow, page: Page): Promise<{ items: AppListItem[]; total: number }> {
    const { db, platform } = this.deps;
    const statusSql = platform.sandboxStatusSql?.(db);
    const { rows, total } = await repo.listForUser(db, user.id, page, statusSql);
    const statuses = statusSql ? undefined : await platform.sandboxStatuses(rows.map((row) => row.id));
    const items = rows.map((row) => ({
      app: row,
      role: row.role,
      sandboxStatus: (statuses ? statuses.get(row.id) : row.sandbox_status) ?? null,
      live: row.live,
    }));
    return { items, total };
  }

  /** Creates the app with its owner, then asks the platform for its sandbox. */
  async create(user: UserRow, internalName: string, now = new Date()): Promise<AppView> {
    const app = await this.deps.db
      .transaction()
      .execute((trx) => repo.insert(trx, { internalName, ownerId: user.id }, now));
    await this.deps.platform.setAppOwner(app.id, user.id);
    await tellPlatformMembers(this.deps.db, this.deps.platform, app.id);
    await this.deps.platform.requestSandbox(app.id, internalName);
    return this.view(app, developerAppPolicy.access(user, 'owner'));
  }

  get(context: AppContext): Promise<AppView> {
    return this.view(context.app, context);
  }

  /** Settings and credentials; the policy has checked the permissions (developerAppPolicy.canUpdate). */
  async update(context: AppContext, changes: AppUpdate, now = new Date()): Promise<AppView> {
    const { db, platform, storage } = this.deps;
    const { app } = context;
    const update: AppChanges = {};
    if (changes.internal_name !== undefined) update.internal_name = changes.internal_name;
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.confidential !== undefined) update.confidential = changes.confidential;
    if (changes.redirect_uri !== undefined) {
      update.redirect_uri = checkRedirectUris(changes.redirect_uri, 'developer_app.redirect_uri');
    }
    if (changes.production_access !== undefined && app.production_access === 'none') {
      update.production_access = 'production_pending';
    }
    if (changes.thumbnail) {
      checkThumbnailSize(changes.thumbnail);
      update.thumbnail_key = changes.thumbnail.key;
      update.thumbnail_content_type = changes.thumbnail.contentType;
    } else if (changes.remove_thumbnail) {
      update.thumbnail_key = null;
      update.thumbnail_content_type = null;
    }
    // The platform is another system: it learns of the change first, so the portal never claims a
    // redirect URI or app type the platform does not have.
    if (update.redirect_uri !== undefined || update.confidential !== undefined || update.name !== undefined) {
      for (const environment of ['production', 'sandbox'] as const) {
        const oauth = await platform.oauthApplicationOf(app.id, environment);
        if (!oauth) continue;
        const oauthChanges = {
          // Both environments authorize against the app's redirect URIs (the sandbox's authorize page
          // must accept what the developer registered); the admin Sandbox form can still set its own.
          ...(update.redirect_uri !== undefined ? { redirectUri: update.redirect_uri } : {}),
          ...(update.confidential !== undefined ? { confidential: update.confidential } : {}),
          // The consent page asks "Allow {app name} …": the platform's applications follow a rename.
          ...(update.name !== undefined ? { name: update.name } : {}),
        };
        if (Object.keys(oauthChanges).length > 0)
          await platform.updateOAuthApplication(oauth.uid, oauthChanges);
      }
    }
    const updated = await repo.update(db, app.id, update, now);
    if (update.thumbnail_key !== undefined && app.thumbnail_key) await storage.delete(app.thumbnail_key);
    return this.view(updated, context);
  }

  /** The stored image as a stream; the caller sends it (or destroys it). */
  thumbnail(context: AppContext): Promise<StoredThumbnail> {
    return readThumbnail(this.deps.storage, context.app);
  }

  /** Soft delete: the app vanishes for developers; platform administrators can still read it. */
  async destroy(context: AppContext, now = new Date()): Promise<void> {
    const deleted = await repo.update(this.deps.db, context.app.id, { deleted_at: now }, now);
    await this.syncProduction(deleted);
  }

  /**
   * Production credentials work exactly while the app is live and production access is granted: otherwise
   * the platform revokes them; granting again (or undeleting a granted app) reissues a fresh secret.
   */
  async syncProduction(app: DeveloperAppRow): Promise<void> {
    const { platform } = this.deps;
    // A deleted app's sandbox stops answering its tokens; undeleting it lets them work again.
    await platform.setAppActive(app.id, app.deleted_at === null);
    const current = await platform.oauthApplicationOf(app.id, 'production');
    if (app.deleted_at !== null || app.production_access !== 'granted') {
      if (current && !current.revoked) await platform.revokeApplication(current.uid);
      return;
    }
    if (!current || current.revoked)
      await platform.createProductionApplication(app.id, app.name, app.redirect_uri);
  }

  /** The app with everything its page shows, as `access` may see it. */
  async view(app: DeveloperAppRow, access: AppAccess): Promise<AppView> {
    const { db, platform } = this.deps;
    const [owner, sandbox, production, listing, manifests, hasIntegrationContact] = await Promise.all([
      repo.owner(db, app),
      platform.sandboxOf(app.id),
      platform.oauthApplicationOf(app.id, 'production'),
      listingRepository.overview(db, app.id),
      this.manifests.overview(app.id),
      repo.hasIntegrationContacts(db, app.id),
    ]);
    const readable = sandbox?.status === 'live' && sandbox.oauth && sandboxPolicy.canViewSecret(access, app);
    const sandboxSecret = readable && sandbox.oauth ? await platform.sandboxSecret(sandbox.oauth.uid) : null;
    return {
      app,
      access: {
        role: access.role,
        // CAN_CREATE_SANDBOX_MANIFESTS off: nobody may, and the page says creation is temporarily disabled.
        permissions: {
          ...access.permissions,
          canCreateSandboxManifests:
            access.permissions.canCreateSandboxManifests && this.deps.config.canCreateSandboxManifests,
        },
      },
      owner,
      sandbox,
      sandboxSecret,
      production,
      listing,
      manifests,
      hasSupportContact: hasIntegrationContact || Boolean(listing.published?.support_email?.trim()),
      live: isAppLive({ deleted_at: app.deleted_at, published_listing: listing.published }),
    };
  }
}
