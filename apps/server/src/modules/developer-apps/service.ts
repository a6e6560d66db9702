import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DEVELOPER_APP_LIMITS, type DeveloperApp, parseRedirectUris } from '@lintel/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, UserRow } from '../../db/schema';
import { AppError, errors } from '../../http/errors';
import type { Page } from '../../http/paging';
import type { Mailer } from '../../jobs/mail/mailer';
import type { IssuedSecret, Platform } from '../../platform/types';
import type { Storage } from '../../storage/index';
import { type AppContext, appFor, ensure } from './access';
import { type AppAccess, developerAppPolicy } from './policy';
import { presentApp, presentSandbox, presentSummary } from './presenter';
import { type AppChanges, developerAppRepository as repo } from './repository';

export interface AppUpdate {
  internal_name?: string;
  name?: string;
  confidential?: boolean;
  redirect_uri?: string;
  production_access?: 'production_pending';
  remove_thumbnail?: boolean;
}

export interface AdminAppUpdate {
  production_access?: 'none' | 'production_pending' | 'granted';
  deleted_at?: null;
  internal_name?: string;
}

const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png']);

/** Redirect URIs normalised to one per line, or 422 with one detail per bad line. */
export function checkRedirectUris(text: string, path: string): string {
  const { uris, problems } = parseRedirectUris(text);
  if (problems.length > 0) {
    throw errors.validation(
      problems.map((p) => ({ path, message: p.line > 0 ? `line ${p.line}: ${p.message}` : p.message })),
    );
  }
  return uris.join('\n');
}

/** Developer apps: create, read, settings, thumbnail, delete, sandboxes and credentials (spec 2). */
export class DeveloperAppService {
  constructor(
    private readonly deps: {
      db: Db;
      platform: Platform;
      storage: Storage;
      mailer: Mailer;
      config: Pick<Config, 'publicUrl'>;
    },
  ) {}

  /** Tells the owner by e-mail that the sandbox is live, or that building it failed (spec 2 §2). */
  async sandboxFinished(
    trx: Db,
    event: { appId: number; sandboxId: number; status: 'live' | 'failed' },
  ): Promise<void> {
    const app = await repo.find(trx, event.appId);
    if (!app || app.deleted_at) return;
    const owner = await repo.owner(trx, app);
    await this.deps.mailer.enqueue(trx, {
      to: owner.email,
      template: event.status === 'live' ? 'sandboxReady' : 'sandboxFailed',
      data: {
        name: owner.name,
        appName: app.name,
        url: `${this.deps.config.publicUrl}/developer_apps/${app.id}`,
      },
      idempotencyKey: `sandbox:${event.sandboxId}:${event.status}`,
    });
  }

  async list(user: UserRow, page: Page) {
    const { db, platform } = this.deps;
    const { rows, total } = await repo.listForUser(db, user.id, page);
    const sandboxes = await platform.sandboxesOf(
      db,
      rows.map((row) => row.id),
    );
    return { items: rows.map((row) => presentSummary(row, sandboxes.get(row.id))), total };
  }

  /** Creates the app with its owner, and asks the platform for its sandbox, in one transaction. */
  async create(user: UserRow, internalName: string, now = new Date()): Promise<DeveloperApp> {
    const app = await this.deps.db.transaction().execute(async (trx) => {
      const created = await repo.insert(trx, { internalName, ownerId: user.id }, now);
      await this.deps.platform.requestSandbox(trx, created.id, internalName);
      return created;
    });
    return this.present(app, developerAppPolicy.access(user, 'owner'));
  }

  async get(user: UserRow, id: number): Promise<DeveloperApp> {
    const context = await appFor(this.deps.db, user, id);
    return this.present(context.app, context);
  }

  async update(user: UserRow, id: number, changes: AppUpdate): Promise<DeveloperApp> {
    const { db, platform } = this.deps;
    const context = await appFor(db, user, id);
    const { app } = context;
    const update: AppChanges = {};
    if (
      changes.internal_name !== undefined ||
      changes.name !== undefined ||
      changes.confidential !== undefined
    ) {
      ensure(context, 'canEdit');
    }
    if (changes.redirect_uri !== undefined || changes.production_access !== undefined) {
      ensure(context, 'canModifyCredentials');
    }
    if (changes.remove_thumbnail) ensure(context, 'canEdit');
    if (changes.internal_name !== undefined) update.internal_name = changes.internal_name;
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.confidential !== undefined) update.confidential = changes.confidential;
    if (changes.redirect_uri !== undefined) {
      update.redirect_uri = checkRedirectUris(changes.redirect_uri, 'developer_app.redirect_uri');
    }
    if (changes.production_access !== undefined && app.production_access === 'none') {
      update.production_access = 'production_pending';
    }
    const oldThumbnail = changes.remove_thumbnail ? app.thumbnail_key : null;
    if (changes.remove_thumbnail) {
      update.thumbnail_key = null;
      update.thumbnail_content_type = null;
    }
    const updated = await db.transaction().execute(async (trx) => {
      const row = await repo.update(trx, id, update, new Date());
      if (update.redirect_uri === undefined && update.confidential === undefined) return row;
      for (const environment of ['production', 'sandbox'] as const) {
        const oauth = await platform.oauthApplicationOf(trx, id, environment);
        if (!oauth) continue;
        const oauthChanges: { redirect_uri?: string; confidential?: boolean } = {};
        if (environment === 'production' && update.redirect_uri !== undefined)
          oauthChanges.redirect_uri = update.redirect_uri;
        if (update.confidential !== undefined) oauthChanges.confidential = update.confidential;
        if (Object.keys(oauthChanges).length > 0)
          await platform.updateOAuthApplication(trx, oauth.id, oauthChanges);
      }
      return row;
    });
    if (oldThumbnail) await this.deps.storage.delete(oldThumbnail);
    return this.present(updated, context);
  }

  /** A jpeg or png, recognised by its content (not its name), at most DEVELOPER_APP_LIMITS.thumbnailBytes. */
  async setThumbnail(user: UserRow, id: number, data: Buffer, truncated: boolean): Promise<DeveloperApp> {
    const context = await appFor(this.deps.db, user, id);
    ensure(context, 'canEdit');
    if (truncated || data.length > DEVELOPER_APP_LIMITS.thumbnailBytes) {
      throw new AppError(413, 'payload_too_large', 'The thumbnail is too large.', [
        {
          path: 'developer_app.thumbnail',
          message: `must be at most ${DEVELOPER_APP_LIMITS.thumbnailBytes / 1024 / 1024} MB`,
        },
      ]);
    }
    const type = await fileTypeFromBuffer(data);
    if (!type || !THUMBNAIL_TYPES.has(type.mime)) {
      throw errors.field('developer_app.thumbnail', 'must be a JPEG or PNG image');
    }
    const key = `thumbnails/app-${id}-${randomBytes(8).toString('hex')}.${type.ext}`;
    await this.deps.storage.put(key, data, { contentType: type.mime });
    const updated = await repo.update(
      this.deps.db,
      id,
      { thumbnail_key: key, thumbnail_content_type: type.mime },
      new Date(),
    );
    if (context.app.thumbnail_key) await this.deps.storage.delete(context.app.thumbnail_key);
    return this.present(updated, context);
  }

  /** The stored image as a stream; the caller sends it (or destroys it). */
  async thumbnail(
    user: UserRow,
    id: number,
  ): Promise<{ stream: Readable; size: number; contentType: string }> {
    const { app } = await appFor(this.deps.db, user, id);
    if (!app.thumbnail_key || !app.thumbnail_content_type) throw errors.notFound('Thumbnail');
    const stored = await this.deps.storage.get(app.thumbnail_key);
    if (!stored) throw errors.notFound('Thumbnail');
    return { stream: stored.stream, size: stored.size, contentType: app.thumbnail_content_type };
  }

  /** Soft delete: the app vanishes for developers; platform administrators can still read it. */
  async destroy(user: UserRow, id: number): Promise<void> {
    const context = await appFor(this.deps.db, user, id);
    ensure(context, 'canDestroy');
    await repo.update(this.deps.db, id, { deleted_at: new Date() }, new Date());
  }

  async generateFakeSandbox(user: UserRow, id: number): Promise<DeveloperApp & { app_secret: string }> {
    const { db, platform } = this.deps;
    const context = await appFor(db, user, id);
    ensure(context, 'canGenerateFakeSandbox');
    const current = await platform.sandboxOf(db, id);
    if (current?.sandbox.status === 'live') {
      throw new AppError(409, 'conflict', 'This app already has a live sandbox.');
    }
    const issued = await db
      .transaction()
      .execute((trx) => platform.generateFakeSandbox(trx, id, context.app.internal_name));
    return { ...(await this.present(context.app, context)), app_secret: issued.secret };
  }

  /** Sandbox redirect URIs; the sandbox must be live (its OAuth application exists then). */
  async updateSandbox(user: UserRow, sandboxId: number, redirectUri: string) {
    const { context, view } = await this.sandboxFor(user, sandboxId);
    ensure(context, 'canModifyCredentials');
    const oauth = this.liveOAuth(view);
    const normalised = checkRedirectUris(redirectUri, 'sandbox.redirect_uri');
    await this.deps.db
      .transaction()
      .execute((trx) =>
        this.deps.platform.updateOAuthApplication(trx, oauth.id, { redirect_uri: normalised }),
      );
    const fresh = await this.deps.platform.sandboxOf(this.deps.db, context.app.id);
    if (!fresh) throw errors.notFound('Sandbox');
    return presentSandbox(fresh.sandbox, fresh.oauth, context.app);
  }

  async resetSandboxSecret(user: UserRow, sandboxId: number): Promise<IssuedSecret> {
    const { context, view } = await this.sandboxFor(user, sandboxId);
    ensure(context, 'canModifyCredentials');
    const oauth = this.liveOAuth(view);
    return this.deps.db.transaction().execute((trx) => this.deps.platform.resetSecret(trx, oauth.id));
  }

  /** Resets the secret of an OAuth application by its uid (the production credentials). */
  async resetOAuthSecret(user: UserRow, uid: string): Promise<IssuedSecret> {
    const { db, platform } = this.deps;
    const oauth = await platform.findOAuthApplication(db, uid);
    if (!oauth) throw errors.notFound('OAuth application');
    const context = await appFor(db, user, oauth.developer_app_id);
    ensure(context, 'canModifyCredentials');
    return db.transaction().execute((trx) => platform.resetSecret(trx, oauth.id));
  }

  async adminGet(admin: UserRow, id: number): Promise<DeveloperApp> {
    const app = await repo.find(this.deps.db, id);
    if (!app) throw errors.notFound('App');
    const role = await repo.roleOf(this.deps.db, id, admin.id);
    return this.present(app, developerAppPolicy.access(admin, role));
  }

  /** Grant or revoke production access, undelete, rename. Granting creates the production credentials. */
  async adminUpdate(admin: UserRow, id: number, changes: AdminAppUpdate): Promise<DeveloperApp> {
    const { db, platform } = this.deps;
    const app = await repo.find(db, id);
    if (!app) throw errors.notFound('App');
    const update: AppChanges = {};
    if (changes.production_access !== undefined) update.production_access = changes.production_access;
    if (changes.deleted_at === null) update.deleted_at = null;
    if (changes.internal_name !== undefined) update.internal_name = changes.internal_name;
    const updated = await db.transaction().execute(async (trx) => {
      const row = await repo.update(trx, id, update, new Date());
      if (
        row.production_access === 'granted' &&
        !(await platform.oauthApplicationOf(trx, id, 'production'))
      ) {
        await platform.createProductionApplication(trx, id, row.name, row.redirect_uri);
      }
      return row;
    });
    const role = await repo.roleOf(db, id, admin.id);
    return this.present(updated, developerAppPolicy.access(admin, role));
  }

  private async sandboxFor(user: UserRow, sandboxId: number) {
    const sandbox = await this.deps.platform.findSandbox(this.deps.db, sandboxId);
    if (!sandbox) throw errors.notFound('Sandbox');
    const context = await appFor(this.deps.db, user, sandbox.developer_app_id).catch(() => {
      throw errors.notFound('Sandbox');
    });
    const view = await this.deps.platform.sandboxOf(this.deps.db, sandbox.developer_app_id);
    return { context, view };
  }

  private liveOAuth(view: Awaited<ReturnType<Platform['sandboxOf']>>) {
    if (view?.sandbox.status !== 'live' || !view.oauth) {
      throw new AppError(409, 'conflict', 'The sandbox is not live yet.');
    }
    return view.oauth;
  }

  private async present(app: DeveloperAppRow, access: AppAccess | AppContext): Promise<DeveloperApp> {
    const { db, platform } = this.deps;
    const [owner, sandbox, production] = await Promise.all([
      repo.owner(db, app),
      platform.sandboxOf(db, app.id),
      platform.oauthApplicationOf(db, app.id, 'production'),
    ]);
    return presentApp(app, access, owner, sandbox, production);
  }
}
