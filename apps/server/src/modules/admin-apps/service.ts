import type { UploadedFile } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, IntegrationContactRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { Platform } from '../../platform/types';
import type { Storage } from '../../storage/index';
import { type AuditAction, type AuditActor, changedFields, recordAudit } from '../audit/recorder';
import { tellPlatformMembers } from '../collaborators/platform-members';
import { type CollaboratorWithUser, collaboratorRepository } from '../collaborators/repository';
import { developerAppPolicy } from '../developer-apps/policy';
import { type AppChanges, developerAppRepository } from '../developer-apps/repository';
import {
  type AppView,
  checkRedirectUris,
  checkThumbnailSize,
  type DeveloperAppService,
  readThumbnail,
  type StoredThumbnail,
} from '../developer-apps/service';
import { adminAppRepository as repo } from './repository';

/** The General form and the admin's switches (spec 1 §2, §7). */
export interface AdminAppUpdate {
  internal_name?: string;
  name?: string;
  redirect_uri?: string;
  legacy?: boolean;
  allowed_cors_domains?: string;
  connectable?: boolean;
  production_access?: 'none' | 'production_pending' | 'granted';
  deleted_at?: null;
  marketplace_enabled?: boolean;
  sandbox_attributes?: { redirect_uri: string };
}

/** The app as the admin page shows it: the developer view and what only administrators see. */
export interface AdminAppView extends AppView {
  contacts: IntegrationContactRow[];
  collaborators: CollaboratorWithUser[];
  ownerMismatch: boolean;
  /** The owner the platform records for the app (null when it records none). */
  externalOwnerId: number | null;
  hasProductionCredentials: boolean;
}

/** The fields of an app the audit trail compares (never a secret). */
const AUDITED = [
  'internal_name',
  'name',
  'redirect_uri',
  'legacy',
  'allowed_cors_domains',
  'connectable',
  'production_access',
  'marketplace_enabled',
  'thumbnail_key',
] as const;
const audited = (app: DeveloperAppRow) => Object.fromEntries(AUDITED.map((key) => [key, app[key]]));

/** CORS domains normalised to one per line. */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/**
 * The admin developer app page (spec 1 §2 "Admin developer app detail"): read any app, deleted or not;
 * save the General form; the logo; delete and undelete; change the owner; integration contacts. Every change writes
 * its audit event in its own transaction (issue 11 "Audit trail").
 */
export class AdminAppService {
  constructor(
    private readonly deps: { db: Db; platform: Platform; storage: Storage },
    private readonly developerApps: DeveloperAppService,
  ) {}

  async get(admin: UserRow, id: number): Promise<AdminAppView> {
    const app = await developerAppRepository.find(this.deps.db, id);
    if (!app) throw errors.notFound('App');
    return this.view(admin, app);
  }

  async update(
    admin: UserRow,
    actor: AuditActor,
    id: number,
    changes: AdminAppUpdate,
    now = new Date(),
  ): Promise<AdminAppView> {
    const { db, platform } = this.deps;
    const current = await developerAppRepository.find(db, id);
    if (!current) throw errors.notFound('App');
    const update: AppChanges = {};
    if (changes.internal_name !== undefined) update.internal_name = changes.internal_name;
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.redirect_uri !== undefined)
      update.redirect_uri = checkRedirectUris(changes.redirect_uri, 'developer_app.redirect_uri');
    if (changes.legacy !== undefined) update.legacy = changes.legacy;
    if (changes.connectable !== undefined) update.connectable = changes.connectable;
    if (changes.allowed_cors_domains !== undefined)
      update.allowed_cors_domains = lines(changes.allowed_cors_domains);
    if (changes.production_access !== undefined) update.production_access = changes.production_access;
    if (changes.marketplace_enabled !== undefined) update.marketplace_enabled = changes.marketplace_enabled;
    if (changes.deleted_at === null) {
      if (current.deleted_at === null) throw errors.conflict('This app is not deleted.');
      update.deleted_at = null;
    }

    const sandbox = changes.sandbox_attributes
      ? await this.sandboxChange(id, changes.sandbox_attributes)
      : null;

    // The platform is another system: it learns of a new redirect URI first (as on the developer route).
    if (update.redirect_uri !== undefined && update.redirect_uri !== current.redirect_uri) {
      const production = await platform.oauthApplicationOf(id, 'production');
      if (production)
        await platform.updateOAuthApplication(production.uid, { redirectUri: update.redirect_uri });
    }
    if (sandbox && sandbox.before !== sandbox.after)
      await platform.updateOAuthApplication(sandbox.uid, { redirectUri: sandbox.after });
    // The consent page asks "Allow {app name} …": the platform's applications follow a rename.
    if (update.name !== undefined && update.name !== current.name) {
      for (const environment of ['production', 'sandbox'] as const) {
        const oauth = await platform.oauthApplicationOf(id, environment);
        if (oauth) await platform.updateOAuthApplication(oauth.uid, { name: update.name });
      }
    }

    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.lock(trx, id);
      if (!before) throw errors.notFound('App');
      if (update.deleted_at === null && before.deleted_at === null)
        throw errors.conflict('This app is not deleted.');
      const after = await developerAppRepository.update(trx, id, update, now);
      await this.recordChanges(trx, actor, before, after);
      if (sandbox && sandbox.before !== sandbox.after) {
        await recordAudit(trx, actor, {
          action: 'developer_app.updated',
          subjectType: 'developer_app',
          subjectId: id,
          developerAppId: id,
          changes: changedFields(
            { sandbox_redirect_uri: sandbox.before },
            { sandbox_redirect_uri: sandbox.after },
          ),
        });
      }
      return after;
    });
    await this.developerApps.syncProduction(updated);
    return this.view(admin, updated);
  }

  /**
   * Soft delete by an administrator (issue 11 journey): as the owner's DELETE does, the app vanishes for
   * its developers and its production credentials are revoked; the trail records it with the change.
   */
  async destroy(actor: AuditActor, id: number, now = new Date()): Promise<void> {
    const deleted = await this.deps.db.transaction().execute(async (trx) => {
      const before = await repo.lock(trx, id);
      if (!before) throw errors.notFound('App');
      if (before.deleted_at !== null) throw errors.conflict('This app is already deleted.');
      const after = await developerAppRepository.update(trx, id, { deleted_at: now }, now);
      await this.recordChanges(trx, actor, before, after);
      return after;
    });
    await this.developerApps.syncProduction(deleted);
  }

  /** The sandbox's new redirect URIs, checked; only a live sandbox has an OAuth application to change. */
  private async sandboxChange(
    appId: number,
    attributes: { redirect_uri: string },
  ): Promise<{ uid: string; before: string; after: string }> {
    const after = checkRedirectUris(attributes.redirect_uri, 'developer_app.sandbox_attributes.redirect_uri');
    const sandbox = await this.deps.platform.sandboxOf(appId);
    if (!sandbox?.oauth || sandbox.status !== 'live') throw errors.conflict('This app has no live sandbox.');
    return { uid: sandbox.oauth.uid, before: sandbox.oauth.redirectUri, after };
  }

  /** The logo's bytes, the app deleted or not. */
  async thumbnailImage(id: number): Promise<StoredThumbnail> {
    const app = await developerAppRepository.find(this.deps.db, id);
    if (!app) throw errors.notFound('App');
    return readThumbnail(this.deps.storage, app);
  }

  /** The logo (spec 1 §7 PUT): a new square image, or none. */
  async thumbnail(
    admin: UserRow,
    actor: AuditActor,
    id: number,
    body: { thumbnail?: UploadedFile; remove_thumbnail?: boolean },
    now = new Date(),
  ): Promise<AdminAppView> {
    const { db, storage } = this.deps;
    const update: AppChanges = {};
    if (body.thumbnail) {
      checkThumbnailSize(body.thumbnail);
      update.thumbnail_key = body.thumbnail.key;
      update.thumbnail_content_type = body.thumbnail.contentType;
    } else if (body.remove_thumbnail) {
      update.thumbnail_key = null;
      update.thumbnail_content_type = null;
    } else {
      throw errors.field('developer_app.thumbnail', 'required', 'is required (or remove_thumbnail)');
    }
    const { before, after } = await db.transaction().execute(async (trx) => {
      const locked = await repo.lock(trx, id);
      if (!locked) throw errors.notFound('App');
      const changed = await developerAppRepository.update(trx, id, update, now);
      await this.recordChanges(trx, actor, locked, changed);
      return { before: locked, after: changed };
    });
    if (before.thumbnail_key && before.thumbnail_key !== after.thumbnail_key)
      await storage.delete(before.thumbnail_key);
    return this.view(admin, after);
  }

  /**
   * Hands the app to a confirmed developer found by e-mail (spec 1 §6, flagged as dangerous): the old
   * owner stays on as admin, and the platform's owner record follows.
   */
  async changeOwner(
    admin: UserRow,
    actor: AuditActor,
    id: number,
    email: string,
    now = new Date(),
  ): Promise<AdminAppView> {
    const { db, platform } = this.deps;
    const updated = await db.transaction().execute(async (trx) => {
      const before = await repo.lock(trx, id);
      if (!before) throw errors.notFound('App');
      const owner = await repo.userByEmail(trx, email);
      if (!owner) throw errors.field('owner.email', 'invalid', 'no developer has this e-mail address');
      if (!owner.confirmed_at)
        throw errors.field('owner.email', 'invalid', 'belongs to a developer who has not confirmed it');
      if (owner.id === before.owner_id) throw errors.field('owner.email', 'invalid', 'is already the owner');
      const previous = await repo.userById(trx, before.owner_id);
      await repo.changeOwner(trx, id, before.owner_id, owner.id, now);
      await recordAudit(trx, actor, {
        action: 'developer_app.owner_changed',
        subjectType: 'developer_app',
        subjectId: id,
        developerAppId: id,
        changes: changedFields(
          { owner_id: before.owner_id, owner_email: previous?.email ?? null },
          { owner_id: owner.id, owner_email: owner.email },
        ),
      });
      return { ...before, owner_id: owner.id, updated_at: now };
    });
    await platform.setAppOwner(id, updated.owner_id);
    await tellPlatformMembers(db, platform, id);
    return this.view(admin, updated);
  }

  async createContact(
    actor: AuditActor,
    id: number,
    contact: { name: string; email: string },
    now = new Date(),
  ): Promise<IntegrationContactRow> {
    return this.deps.db.transaction().execute(async (trx) => {
      const app = await repo.lock(trx, id);
      if (!app) throw errors.notFound('App');
      const row = await repo.insertContact(trx, id, contact, now);
      await recordAudit(trx, actor, {
        action: 'developer_app.updated',
        subjectType: 'developer_app',
        subjectId: id,
        developerAppId: id,
        changes: changedFields({ contact: null }, { contact: { name: row.name, email: row.email } }),
      });
      return row;
    });
  }

  /** One event per kind of change: delete or undelete, production access, everything else. */
  private async recordChanges(
    trx: Db,
    actor: AuditActor,
    before: DeveloperAppRow,
    after: DeveloperAppRow,
  ): Promise<void> {
    const event = (action: AuditAction, changes: ReturnType<typeof changedFields>) =>
      recordAudit(trx, actor, {
        action,
        subjectType: 'developer_app',
        subjectId: after.id,
        developerAppId: after.id,
        changes,
      });
    if (before.deleted_at === null && after.deleted_at !== null) {
      await event(
        'developer_app.deleted',
        changedFields({ deleted_at: null }, { deleted_at: after.deleted_at.toISOString() }),
      );
    }
    if (before.deleted_at !== null && after.deleted_at === null) {
      await event(
        'developer_app.undeleted',
        changedFields({ deleted_at: before.deleted_at.toISOString() }, { deleted_at: null }),
      );
    }
    const { production_access: accessBefore, ...restBefore } = audited(before);
    const { production_access: accessAfter, ...restAfter } = audited(after);
    const grantOrRevoke =
      accessBefore !== accessAfter && (accessAfter === 'granted' || accessBefore === 'granted');
    if (grantOrRevoke) {
      await event(
        accessAfter === 'granted'
          ? 'developer_app.production_access_granted'
          : 'developer_app.production_access_revoked',
        changedFields({ production_access: accessBefore }, { production_access: accessAfter }),
      );
    }
    const rest = grantOrRevoke
      ? changedFields(restBefore, restAfter)
      : changedFields(audited(before), audited(after));
    if (Object.keys(rest.after ?? {}).length > 0) await event('developer_app.updated', rest);
  }

  private async view(admin: UserRow, app: DeveloperAppRow): Promise<AdminAppView> {
    const { db, platform } = this.deps;
    const role = await developerAppRepository.roleOf(db, app.id, admin.id);
    const [view, contacts, collaborators, platformOwner] = await Promise.all([
      this.developerApps.view(app, developerAppPolicy.access(admin, role)),
      repo.contacts(db, app.id),
      collaboratorRepository.list(db, app.id),
      platform.appOwner(app.id),
    ]);
    return {
      ...view,
      contacts,
      collaborators,
      ownerMismatch: platformOwner !== null && platformOwner !== app.owner_id,
      externalOwnerId: platformOwner,
      hasProductionCredentials: view.production !== undefined,
    };
  }
}
