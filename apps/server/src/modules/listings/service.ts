import type { Readable } from 'node:stream';
import type { AuditAction, ErrorDetail } from '@lintel/shared';
import { detailsFromIssues } from '@lintel/shared';
import {
  type adminSubmissionRequest,
  completeListingSchema,
  idsOf,
  type ListingVersionRule,
  listingMessage,
  listingVersionRule,
  type submissionRequest,
} from '@lintel/shared/listing';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import type { AuditChanges, ListingMediaRow, SubmissionRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { EmbeddedVideoHost, type VideoHost } from '../../platform/video-host';
import type { ServiceDeps } from '../../services';
import { changedFields, recordAudit } from '../audit/recorder';
import { developerAppRepository } from '../developer-apps/repository';
import { loadAppContext } from '../developer-apps/scope';
import { listingAppVersions } from '../manifests/listing-versions';
import { manifestRepository } from '../manifests/repository';
import { applyMediaChanges } from './media-changes';
import { type DecisionRow, type ReferenceData, listingRepository as repo } from './repository';
import { COPIED_FIELDS, contentOf, JSON_LIST_FIELDS, JSON_OBJECT_FIELDS, valuesOf } from './values';
import type { AppVersionPort } from './versions';

type DeveloperChanges = z.output<typeof submissionRequest>['submission'];
type AdminOnly = Omit<z.output<typeof adminSubmissionRequest>['submission'], keyof DeveloperChanges>;
/** A save's fields: a developer's, plus the admin-only ones on the admin routes. */
export type SubmissionChangesInput = Omit<DeveloperChanges, 'state'> &
  Partial<AdminOnly> & { state?: DeveloperChanges['state'] };

/** Who saves: a collaborator through the developer routes, or a platform administrator through the admin routes. */
export interface ListingActor {
  user: UserRow;
  admin: boolean;
  /** canSubmitMarketplaceApp on this app (developer routes). */
  canSubmit: boolean;
  /** The request's client address, for the audit trail of approvals and rejections. */
  clientAddress: string | null;
}

/** A submission with what its response shows. */
export interface SubmissionView {
  row: SubmissionRow;
  media: ListingMediaRow[];
  reference: ReferenceData;
  appVersion: { id: number; version: string } | null;
  hasPublished: boolean;
  forAdmin: boolean;
  videoHost: VideoHost;
}

/**
 * Fields a platform administrator sets on a listing as it stands, not listing content: a published
 * listing takes them in place (spec 3 §6), where content waits for review in a new draft.
 */
const ADMIN_FLAGS = ['is_concierge_app', 'admin_message'] as const;

/** Whether an admin's save sets admin flags and nothing else. */
function setsOnlyAdminFlags(actor: ListingActor, changes: SubmissionChangesInput): boolean {
  if (!actor.admin) return false;
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  return given.length > 0 && given.every(([key]) => (ADMIN_FLAGS as readonly string[]).includes(key));
}

function adminFlagsOf(row: SubmissionRow): Record<(typeof ADMIN_FLAGS)[number], unknown> {
  return { is_concierge_app: row.is_concierge_app, admin_message: row.admin_message };
}

/** An admin's change to a submission in the audit trail (issue 11), in the caller's transaction. */
function auditSubmission(
  trx: Db,
  actor: ListingActor,
  row: SubmissionRow,
  action: AuditAction,
  changes: AuditChanges,
): Promise<void> {
  return recordAudit(
    trx,
    { userId: actor.user.id, clientAddress: actor.clientAddress },
    {
      action,
      subjectType: 'marketplace_submission',
      subjectId: row.id,
      developerAppId: row.developer_app_id,
      changes,
    },
  );
}

/** A verdict's own admin message: none when it was left empty. */
function messageOf(changes: SubmissionChangesInput): string | null {
  return changes.admin_message?.trim() ? changes.admin_message : null;
}

/** What a verdict changed on the submission, for the audit trail. */
function decisionChanges(before: SubmissionRow, after: SubmissionRow): AuditChanges {
  const fields = (row: SubmissionRow) => ({
    state: row.state,
    approval_state: row.approval_state,
    admin_message: row.admin_message,
    rejection_reasons: row.rejection_reasons,
  });
  return changedFields(fields(before), fields(after));
}

/** The marketplace listing (spec 3): reference data, saves, the review's state machine, media. */
export class ListingService {
  private readonly appVersions: AppVersionPort;
  readonly videoHost: VideoHost;

  constructor(private readonly deps: ServiceDeps) {
    this.videoHost = new EmbeddedVideoHost({ db: deps.db, storage: deps.storage });
    this.appVersions = listingAppVersions();
  }

  /** SECURITY_AND_COMPLIANCE_ENABLED (spec 3 §2): the questionnaire is shown and checked on submit. */
  get securityAndComplianceEnabled(): boolean {
    return this.deps.config.securityAndComplianceEnabled;
  }

  referenceData(): Promise<ReferenceData> {
    return repo.referenceData(this.deps.db);
  }

  /** The app's newest submission, or null. */
  async current(appId: number, forAdmin: boolean): Promise<SubmissionView | null> {
    const row = await repo.latest(this.deps.db, appId);
    return row ? this.view(this.deps.db, row, forAdmin) : null;
  }

  /** One submission of the app (404 when it belongs to another). */
  async get(appId: number, submissionId: number, forAdmin: boolean): Promise<SubmissionView> {
    const row = await repo.find(this.deps.db, submissionId);
    if (!row || row.developer_app_id !== appId) throw errors.notFound('Submission');
    return this.view(this.deps.db, row, forAdmin);
  }

  /** 404 unless the app exists (deleted or not: the admin routes see every app). */
  async requireApp(appId: number): Promise<void> {
    if (!(await repo.appExists(this.deps.db, appId))) throw errors.notFound('App');
  }

  /** The app a submission belongs to (the app scope's locator), or 404. */
  async appOf(submissionId: number): Promise<number> {
    const row = await repo.find(this.deps.db, submissionId);
    if (!row) throw errors.notFound('Submission');
    return row.developer_app_id;
  }

  /** The bytes of one stored file of a submission. */
  async mediaFile(
    appId: number,
    submissionId: number,
    mediaId: number,
  ): Promise<{ stream: Readable; size: number; contentType: string; filename: string }> {
    const row = await repo.find(this.deps.db, submissionId);
    if (!row || row.developer_app_id !== appId) throw errors.notFound('Submission');
    const media = await repo.findMedia(this.deps.db, submissionId, mediaId);
    const stored = media ? await this.deps.storage.get(media.storage_key) : undefined;
    if (!media || !stored) throw errors.notFound('File');
    return {
      stream: stored.stream,
      size: stored.size,
      contentType: media.content_type,
      filename: media.name,
    };
  }

  /**
   * A video of the embedded video host, for `viewer` (null: signed out). A video of the app's published
   * listing is public (`published`: it may be cached publicly); one only in drafts or submissions under
   * review reaches the app's collaborators and platform administrators alone, and a removed one no one
   * (404 for everyone else, as for anything they may not see).
   */
  async hostedVideo(hashedId: string, viewer: UserRow | null) {
    const { db } = this.deps;
    const owners = await repo.videoOwners(db, hashedId);
    const appId = owners[0]?.developer_app_id;
    if (appId === undefined) throw errors.notFound('Video');
    const published = await repo.published(db, appId);
    const isPublished =
      published !== undefined && owners.some((owner) => owner.submission_id === published.id);
    if (!isPublished) {
      if (!viewer) throw errors.notFound('Video');
      await loadAppContext(db, viewer, appId);
    }
    const video = await this.videoHost.open(hashedId);
    if (!video) throw errors.notFound('Video');
    return { ...video, published: isPublished };
  }

  /**
   * Saves the listing (spec 3 §4 "Saving"): the given submission, or — without one — the app's newest
   * unless it is published; a published submission's content is never changed but copied into a new
   * draft (an admin's flags alone are set in place, see ADMIN_FLAGS). Then the state change the body
   * asks for: submit, withdraw, approve or reject.
   */
  async save(
    actor: ListingActor,
    appId: number,
    submissionId: number | null,
    changes: SubmissionChangesInput,
    now = new Date(),
  ): Promise<{ view: SubmissionView; created: boolean }> {
    const { db, storage } = this.deps;
    const released: { keys: string[]; videos: string[] } = { keys: [], videos: [] };
    const flagsOnly = setsOnlyAdminFlags(actor, changes);
    const result = await db.transaction().execute(async (trx) => {
      let target: SubmissionRow | undefined;
      if (submissionId !== null) {
        target = await repo.findForUpdate(trx, submissionId);
        if (!target || target.developer_app_id !== appId) throw errors.notFound('Submission');
        const latest = await repo.latest(trx, appId);
        if (target.state === 'published' && latest && latest.id !== target.id) {
          throw errors.conflict(
            `A newer version of this listing exists (submission ${latest.id}): change that one instead.`,
          );
        }
      } else {
        const latest = await repo.latest(trx, appId);
        if (latest && (latest.state !== 'published' || flagsOnly))
          target = await repo.findForUpdate(trx, latest.id);
      }
      this.checkTransition(actor, target, changes);
      await this.checkCreateLead(trx, actor, appId, target, changes);
      if (target?.state === 'published' && flagsOnly)
        return { row: await this.setAdminFlags(trx, actor, target, changes, now), created: false };

      let created = false;
      if (!target || target.state === 'published') {
        target = await this.newDraft(trx, appId, target, now);
        created = true;
      }
      if (changes.state === 'draft') {
        target = await repo.update(trx, target.id, { state: 'draft' }, now);
      }

      changes = await this.availabilityIds(trx, changes);
      await this.checkReferences(trx, appId, changes);
      const contentChanges = contentOf(changes);
      // A verdict's message is the decision's own: `decide` writes it with the verdict.
      if (actor.admin && changes.approval_state) delete contentChanges.admin_message;
      if (Object.keys(contentChanges).length > 0)
        target = await repo.update(trx, target.id, contentChanges, now);
      const touchedMedia = await applyMediaChanges(
        { trx, storage, videoHost: this.videoHost },
        target,
        changes,
        released,
      );
      if (touchedMedia && Object.keys(contentChanges).length === 0)
        target = await repo.update(trx, target.id, {}, now);

      if (changes.state === 'in_review') target = await this.submit(trx, actor, target, now);
      if (actor.admin && changes.approval_state) target = await this.decide(trx, actor, target, changes, now);
      return { row: target, created };
    });
    // Stored objects that no media row names any more, once the change is committed.
    for (const key of await repo.unusedKeys(db, released.keys))
      await storage.delete(key).catch(() => undefined);
    for (const hashed of await repo.unusedHashedIds(db, released.videos)) {
      await this.videoHost.remove(hashed).catch(() => undefined);
    }
    return { view: await this.view(db, result.row, actor.admin), created: result.created };
  }

  /** Illegal moves, refused before anything is written (spec 3 §4). */
  private checkTransition(
    actor: ListingActor,
    target: SubmissionRow | undefined,
    changes: SubmissionChangesInput,
  ) {
    const state = target?.state ?? 'draft';
    if (changes.state === 'in_review') {
      if (!actor.admin && !actor.canSubmit)
        throw errors.forbidden('You are not allowed to submit this listing.');
      if (state === 'in_review') {
        throw errors.field('state', 'invalid', 'is already in review', {
          from: state,
          to: 'in_review',
        });
      }
    }
    if (changes.state === 'draft' && state !== 'in_review') {
      throw errors.field('state', 'invalid', 'can only withdraw a listing that is in review', {
        from: state,
        to: 'draft',
      });
    }
    if (changes.approval_state) {
      if (state !== 'in_review') {
        throw errors.field(
          'approval_state',
          'invalid',
          `can only be given to a listing in review (this one is ${state.replace('_', ' ')})`,
          { from: state, to: changes.approval_state },
        );
      }
    }
    if (!actor.admin && state === 'in_review' && changes.state !== 'draft') {
      throw errors.conflict('This listing is in review: withdraw it first to make changes.');
    }
  }

  /**
   * The admin's flags on the live listing itself (spec 3 §6 "sets the admin message and 'show in
   * concierge'"): not content for review, so no new draft and no review state change; audited, as the
   * listing changes without a review.
   */
  private async setAdminFlags(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    changes: SubmissionChangesInput,
    now: Date,
  ): Promise<SubmissionRow> {
    const updated = await repo.update(trx, row.id, contentOf(changes), now);
    const changed = changedFields(adminFlagsOf(row), adminFlagsOf(updated));
    if (Object.keys(changed.after ?? {}).length > 0)
      await auditSubmission(trx, actor, row, 'marketplace_listing.updated', changed);
    return updated;
  }

  /**
   * Create-lead contact is offered to platform employees only (spec 3 §6), whatever the route: anyone
   * else may keep it on a listing an employee set up, or turn it off, but not turn it on.
   */
  private async checkCreateLead(
    trx: Db,
    actor: ListingActor,
    appId: number,
    target: SubmissionRow | undefined,
    changes: SubmissionChangesInput,
  ): Promise<void> {
    if (changes.create_lead !== true || actor.user.is_employee) return;
    // Without a target the save copies the published listing: its value is the one kept.
    const current = target ?? (await repo.published(trx, appId));
    if (current?.create_lead === true) return;
    throw errors.field('create_lead', 'invalid_choice', listingMessage('createLeadEmployeesOnly'));
  }

  /** A new draft: a copy of the published listing when there is one (its content and media), else empty. */
  private async newDraft(
    trx: Db,
    appId: number,
    from: SubmissionRow | undefined,
    now: Date,
  ): Promise<SubmissionRow> {
    const source = from ?? (await repo.published(trx, appId));
    const version = (await repo.maxVersion(trx, appId)) + 1;
    const copied: Record<string, unknown> = {};
    if (source) {
      for (const field of COPIED_FIELDS) copied[field] = source[field];
      for (const field of [...JSON_LIST_FIELDS, ...JSON_OBJECT_FIELDS])
        copied[field] = JSON.stringify(source[field]);
    }
    const row = await repo.insert(trx, {
      ...copied,
      developer_app_id: appId,
      version,
      state: 'draft',
      approval_state: 'unreviewed',
      created_at: now,
      updated_at: now,
    });
    if (source) await repo.copyMedia(trx, source.id, row.id);
    return row;
  }

  /**
   * The availability as the form holds it (spec 3 §3: `regions` and `countries`, maps of id → bool) stored
   * as the ticked ids, as `region_ids`/`country_ids` are: either form gives the same submission. A map and
   * its id list given together must agree; a map naming an id that does not exist is refused (422 naming it).
   */
  private async availabilityIds(trx: Db, changes: SubmissionChangesInput): Promise<SubmissionChangesInput> {
    const { regions, countries, ...rest } = changes;
    const details: ErrorDetail[] = [];
    const next: SubmissionChangesInput = { ...rest };
    const pairs = [
      ['regions', 'region_ids', 'listing_regions', regions],
      ['countries', 'country_ids', 'listing_countries', countries],
    ] as const;
    for (const [name, idsField, table, map] of pairs) {
      if (map === undefined) continue;
      const ids = map === null ? [] : idsOf(map as Record<number, boolean>);
      const listed = changes[idsField];
      if (listed !== undefined) {
        const same = [...new Set(listed ?? [])].sort((a, b) => a - b);
        if (same.join(',') !== ids.join(',')) {
          details.push({
            path: name,
            code: 'mismatch',
            message: `names other ids than ${idsField}: give one of them, or both alike`,
          });
          continue;
        }
      }
      const named = Object.keys(map ?? {}).map(Number);
      const known = named.length > 0 ? await repo.existingIds(trx, table, named) : new Set<number>();
      for (const id of named) {
        if (!known.has(id)) {
          details.push({
            path: `${name}.${id}`,
            code: 'invalid_choice',
            message: `${id} does not exist`,
            params: { values: String(id) },
          });
        }
      }
      next[idsField] = ids;
    }
    if (details.length > 0) throw errors.validation(details);
    return next;
  }

  /**
   * Ids of reference data must exist (a region id that does not exist: 422 naming it), and the app
   * version a listing names must be a promoted version of its own app (another app's, a sandbox one or
   * one that does not exist: 422, issue 20). Whether it is newer than the published one is checked on
   * submit, with every other rule a complete listing meets.
   */
  private async checkReferences(trx: Db, appId: number, changes: SubmissionChangesInput): Promise<void> {
    const details: ErrorDetail[] = [];
    const version = changes.app_version_id;
    if (version !== null && version !== undefined) {
      const promoted = await this.appVersions.productionVersions(trx, appId);
      if (!promoted.some((candidate) => candidate.id === version)) {
        details.push({
          path: 'app_version_id',
          code: 'invalid_choice',
          message: `${version} is not a promoted version of this app`,
          params: { values: String(version) },
        });
      }
    }
    const check = async (
      path: string,
      table: Parameters<typeof repo.existingIds>[1],
      ids: readonly number[] | null | undefined,
    ) => {
      if (!ids || ids.length === 0) return;
      const known = await repo.existingIds(trx, table, ids);
      ids.forEach((id, index) => {
        if (!known.has(id)) {
          details.push({
            path: `${path}.${index}`,
            code: 'invalid_choice',
            message: `${id} does not exist`,
            params: { values: String(id) },
          });
        }
      });
    };
    await check('category_ids', 'listing_categories', changes.category_ids);
    await check('region_ids', 'listing_regions', changes.region_ids);
    await check('country_ids', 'listing_countries', changes.country_ids);
    await check('product_tool_ids', 'product_tools', changes.product_tool_ids);
    const q = changes.security_questionnaire;
    if (q) {
      if (q.headquarters_country_id != null) {
        const known = await repo.existingIds(trx, 'listing_countries', [q.headquarters_country_id]);
        if (!known.has(q.headquarters_country_id)) {
          details.push({
            path: 'security_questionnaire.headquarters_country_id',
            code: 'invalid_choice',
            message: `${q.headquarters_country_id} does not exist`,
          });
        }
      }
      await check(
        'security_questionnaire.data_processing_country_ids',
        'listing_countries',
        q.data_processing_country_ids,
      );
      await check(
        'security_questionnaire.security_standard_ids',
        'security_standards',
        q.security_standard_ids,
      );
    }
    if (details.length > 0) throw errors.validation(details);
  }

  /**
   * Submit for review (spec 3 §4): a complete listing (422, one detail per field path) and a promoted
   * app version newer than the published one.
   */
  private async submit(trx: Db, actor: ListingActor, row: SubmissionRow, now: Date): Promise<SubmissionRow> {
    const media = await repo.media(trx, row.id);
    const values = valuesOf(row, media);
    const result = completeListingSchema({
      securityEnabled: this.securityAndComplianceEnabled,
      versions: await this.versionRule(trx, row.developer_app_id),
    }).safeParse(values);
    if (!result.success) throw errors.validation(detailsFromIssues(result.error.issues));
    const submitted = await repo.update(
      trx,
      row.id,
      { state: 'in_review', approval_state: 'unreviewed', submitted_at: now },
      now,
    );
    await this.recordReviewStateChanged(trx, submitted, 'submitted', actor.user);
    return submitted;
  }

  /**
   * Which versions the app's listing may name now (the shared listingVersionRule, which the web's form
   * applies too): its promoted versions newer than the one its published listing names.
   */
  async versionRule(db: Db, appId: number): Promise<ListingVersionRule> {
    const versions = await this.appVersions.productionVersions(db, appId);
    const published = await repo.published(db, appId);
    return listingVersionRule(versions, published?.app_version_id ?? null);
  }

  /**
   * Approves the listing in review (spec 3 §4; issue 20): a platform administrator's verdict through the
   * admin routes' save, in one transaction with every consequence (see `publish`). The demo data approves
   * through here too.
   */
  async approve(
    actor: ListingActor,
    appId: number,
    submissionId: number,
    verdict: Pick<SubmissionChangesInput, 'admin_message' | 'silent' | 'reviewer_notes'> = {},
    now = new Date(),
  ): Promise<SubmissionView> {
    return (
      await this.save(
        actor,
        appId,
        submissionId,
        { ...verdict, approval_state: 'approved' } as SubmissionChangesInput,
        now,
      )
    ).view;
  }

  private decide(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    changes: SubmissionChangesInput,
    now: Date,
  ): Promise<SubmissionRow> {
    return changes.approval_state === 'approved'
      ? this.publish(trx, actor, row, changes, now)
      : this.turnDown(trx, actor, row, changes, now);
  }

  /**
   * An approval and every consequence, in the caller's transaction (CONVENTIONS.md "Where areas meet"):
   * 1. the submission is published: state published, approval_state approved, published_at, reviewed_at,
   *    live, and "publish silently";
   * 2. the approval's own message replaces the admin message (none: null) and the rejection it answered is
   *    cleared (rejection_reasons empty), so "Listing approved" never shows an earlier rejection;
   * 3. the decision joins the listing's history (listing_decisions) with its message, silence, reviewer
   *    and reviewer notes;
   * 4. the app's marketplace is enabled (developer_apps.marketplace_enabled), audited as
   *    `developer_app.updated` exactly as the admin's switch records it: a published listing is in the
   *    marketplace;
   * 5. the review history and the analytics event marketplace_listing.review_state_changed (approved);
   * 6. the audit trail's `marketplace_listing.approved`.
   */
  private async publish(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    changes: SubmissionChangesInput,
    now: Date,
  ): Promise<SubmissionRow> {
    const message = messageOf(changes);
    const silent = changes.silent ?? false;
    const published = await repo.update(
      trx,
      row.id,
      {
        state: 'published',
        approval_state: 'approved',
        published_at: now,
        reviewed_at: now,
        live: true,
        silent,
        admin_message: message,
        rejection_reasons: '[]',
      },
      now,
    );
    await this.recordDecision(trx, actor, published, { message, reasons: [], silent, changes, now });
    await this.enableMarketplace(trx, actor, row.developer_app_id, now);
    await this.recordReviewStateChanged(trx, published, 'approved', actor.user);
    await auditSubmission(trx, actor, row, 'marketplace_listing.approved', decisionChanges(row, published));
    return published;
  }

  /**
   * A rejection, in the caller's transaction: the submission goes back to draft (approval_state rejected,
   * reviewed_at) with this rejection's message and reasons only; the decision joins the history; the
   * review history, the analytics event and the audit trail record it.
   */
  private async turnDown(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    changes: SubmissionChangesInput,
    now: Date,
  ): Promise<SubmissionRow> {
    const message = messageOf(changes);
    const reasons = (changes.rejection_reasons ?? []).map((reason) => ({
      code: reason.code,
      note: reason.note ?? null,
    }));
    const rejected = await repo.update(
      trx,
      row.id,
      {
        state: 'draft',
        approval_state: 'rejected',
        reviewed_at: now,
        admin_message: message,
        rejection_reasons: JSON.stringify(reasons),
      },
      now,
    );
    await this.recordDecision(trx, actor, rejected, { message, reasons, silent: false, changes, now });
    await this.recordReviewStateChanged(trx, rejected, 'rejected', actor.user);
    await auditSubmission(trx, actor, row, 'marketplace_listing.rejected', decisionChanges(row, rejected));
    return rejected;
  }

  private recordDecision(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    decision: {
      message: string | null;
      reasons: { code: string; note: string | null }[];
      silent: boolean;
      changes: SubmissionChangesInput;
      now: Date;
    },
  ): Promise<void> {
    return repo.insertDecision(trx, {
      submission_id: row.id,
      developer_app_id: row.developer_app_id,
      decision: row.approval_state === 'approved' ? 'approved' : 'rejected',
      message: decision.message,
      rejection_reasons: JSON.stringify(decision.reasons),
      silent: decision.silent,
      reviewer_notes: decision.changes.reviewer_notes || null,
      actor_id: actor.user.id,
      created_at: decision.now,
    });
  }

  /**
   * Turns the app's marketplace on, recorded in the audit trail as the admin page's switch records it
   * (`developer_app.updated` of the developer app, marketplace_enabled before and after). Already on:
   * nothing to change, nothing recorded.
   */
  private async enableMarketplace(trx: Db, actor: ListingActor, appId: number, now: Date): Promise<void> {
    const app = await repo.lockApp(trx, appId);
    if (!app || app.marketplace_enabled) return;
    await developerAppRepository.update(trx, appId, { marketplace_enabled: true }, now);
    await recordAudit(
      trx,
      { userId: actor.user.id, clientAddress: actor.clientAddress },
      {
        action: 'developer_app.updated',
        subjectType: 'developer_app',
        subjectId: appId,
        developerAppId: appId,
        changes: changedFields({ marketplace_enabled: false }, { marketplace_enabled: true }),
      },
    );
  }

  /** The history of review decisions of every submission of the app, newest first. */
  decisions(appId: number): Promise<DecisionRow[]> {
    return repo.decisions(this.deps.db, appId);
  }

  /**
   * The analytics event marketplace_listing.review_state_changed (spec 3 §4): stored as the listing's
   * review history and as an analytics event beside the web's (analytics_events).
   */
  private async recordReviewStateChanged(
    trx: Db,
    row: SubmissionRow,
    state: 'submitted' | 'approved' | 'rejected',
    actor: UserRow,
  ): Promise<void> {
    await repo.recordReviewEvent(trx, {
      submission_id: row.id,
      developer_app_id: row.developer_app_id,
      state,
      actor_id: actor.id,
    });
    await manifestRepository.recordEvent(trx, actor.id, 'marketplace_listing.review_state_changed', {
      state,
      developer_app_id: row.developer_app_id,
      submission_id: row.id,
    });
  }

  private async view(db: Db, row: SubmissionRow, forAdmin: boolean): Promise<SubmissionView> {
    const [media, reference, published] = await Promise.all([
      repo.media(db, row.id),
      repo.referenceData(db),
      repo.published(db, row.developer_app_id),
    ]);
    const appVersion = row.app_version_id
      ? await this.appVersions.describe(db, row.developer_app_id, row.app_version_id)
      : null;
    return {
      row,
      media,
      reference,
      appVersion,
      hasPublished: published !== undefined,
      forAdmin,
      videoHost: this.videoHost,
    };
  }
}
