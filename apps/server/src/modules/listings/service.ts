import type { Readable } from 'node:stream';
import type { ErrorDetail, UploadedFile } from '@lintel/shared';
import { detailsFromIssues } from '@lintel/shared';
import {
  type adminSubmissionRequest,
  completeListingSchema,
  LISTING_MEDIA,
  type ListingValues,
  type MediaAttributes,
  type submissionRequest,
} from '@lintel/shared/listing';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import type { ListingMediaRow, SubmissionRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { EmbeddedVideoHost, type VideoHost } from '../../platform/video-host';
import type { ServiceDeps } from '../../services';
import { checkLogo, checkPicture, checkVideo } from './media';
import { type ReferenceData, listingRepository as repo, type SubmissionChanges } from './repository';
import { type AppVersionPort, unwiredAppVersions } from './versions';

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

const JSON_LIST_FIELDS = [
  'category_ids',
  'region_ids',
  'country_ids',
  'helpful_links',
  'feature_bullets',
  'product_tool_ids',
  'requirements',
] as const;
const JSON_OBJECT_FIELDS = ['website_link', 'security_questionnaire'] as const;
const PLAIN_FIELDS = [
  'public_name',
  'tagline',
  'built_by',
  'sold_by',
  'description',
  'about',
  'how_it_works',
  'app_version_id',
  'draft_developer_notes',
  'installable',
  'subscription_required',
  'connector_required',
  'has_trials',
  'pricing_url',
  'pricing_description',
  'support_email',
  'contact_us_email',
  'learn_how_url',
  'create_lead',
  'security_questionnaire_visible',
  'beta',
  'security_badge',
  'notes',
  'is_concierge_app',
] as const;
const COPIED_FIELDS = [...PLAIN_FIELDS, 'made_by_platform', 'platform_certified_partner'] as const;

/** The marketplace listing (spec 3): reference data, saves, the review's state machine, media. */
export class ListingService {
  private appVersions: AppVersionPort = unwiredAppVersions;
  readonly videoHost: VideoHost;

  constructor(private readonly deps: ServiceDeps) {
    this.videoHost = new EmbeddedVideoHost({ db: deps.db, storage: deps.storage });
  }

  /** WIRE: the lead gives the app-versions port of the manifests area here after merging it. */
  useAppVersions(port: AppVersionPort): void {
    this.appVersions = port;
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

  /** A video of the embedded video host. */
  async hostedVideo(hashedId: string) {
    const video = await this.videoHost.open(hashedId);
    if (!video) throw errors.notFound('Video');
    return video;
  }

  /**
   * Saves the listing (spec 3 §4 "Saving"): the given submission, or — without one — the app's newest
   * unless it is published; a published submission is never changed but copied into a new draft. Then
   * the state change the body asks for: submit, withdraw, approve or reject.
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
        if (latest && latest.state !== 'published') target = await repo.findForUpdate(trx, latest.id);
      }
      this.checkTransition(actor, target, changes);

      let created = false;
      if (!target || target.state === 'published') {
        target = await this.newDraft(trx, appId, target, now);
        created = true;
      }
      if (changes.state === 'draft') {
        target = await repo.update(trx, target.id, { state: 'draft' }, now);
      }

      await this.checkReferences(trx, changes);
      const contentChanges = contentOf(changes);
      if (Object.keys(contentChanges).length > 0)
        target = await repo.update(trx, target.id, contentChanges, now);
      const touchedMedia = await this.applyMedia(trx, target, changes, released);
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
        throw errors.field('submission.state', 'invalid', 'is already in review', {
          from: state,
          to: 'in_review',
        });
      }
    }
    if (changes.state === 'draft' && state !== 'in_review') {
      throw errors.field('submission.state', 'invalid', 'can only withdraw a listing that is in review', {
        from: state,
        to: 'draft',
      });
    }
    if (changes.approval_state) {
      if (state !== 'in_review') {
        throw errors.field(
          'submission.approval_state',
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

  /** Ids of reference data must exist (a region id that does not exist: 422 naming it). */
  private async checkReferences(trx: Db, changes: SubmissionChangesInput): Promise<void> {
    const details: ErrorDetail[] = [];
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
    await check('submission.category_ids', 'listing_categories', changes.category_ids);
    await check('submission.region_ids', 'listing_regions', changes.region_ids);
    await check('submission.country_ids', 'listing_countries', changes.country_ids);
    await check('submission.product_tool_ids', 'product_tools', changes.product_tool_ids);
    const q = changes.security_questionnaire;
    if (q) {
      if (q.headquarters_country_id != null) {
        const known = await repo.existingIds(trx, 'listing_countries', [q.headquarters_country_id]);
        if (!known.has(q.headquarters_country_id)) {
          details.push({
            path: 'submission.security_questionnaire.headquarters_country_id',
            code: 'invalid_choice',
            message: `${q.headquarters_country_id} does not exist`,
          });
        }
      }
      await check(
        'submission.security_questionnaire.data_processing_country_ids',
        'listing_countries',
        q.data_processing_country_ids,
      );
      await check(
        'submission.security_questionnaire.security_standard_ids',
        'security_standards',
        q.security_standard_ids,
      );
    }
    if (details.length > 0) throw errors.validation(details);
  }

  /**
   * The files of a save (spec 3 §4, §5): each checked by its content (dimensions, tracks), stored rows
   * added, described, reordered or removed. Returns whether anything changed.
   */
  private async applyMedia(
    trx: Db,
    submission: SubmissionRow,
    changes: SubmissionChangesInput,
    released: { keys: string[]; videos: string[] },
  ): Promise<boolean> {
    const { storage } = this.deps;
    let media = await repo.media(trx, submission.id);
    let touched = false;
    const byFormId = (id: number) => media.find((row) => row.id === id || row.copied_from_id === id);
    const remove = async (rows: ListingMediaRow[]) => {
      if (rows.length === 0) return;
      await repo.deleteMedia(
        trx,
        rows.map((row) => row.id),
      );
      released.keys.push(...rows.map((row) => row.storage_key));
      released.videos.push(...rows.flatMap((row) => (row.hashed_id ? [row.hashed_id] : [])));
      const gone = new Set(rows.map((row) => row.id));
      media = media.filter((row) => !gone.has(row.id));
      touched = true;
    };
    const add = async (
      type: ListingMediaRow['type'],
      file: UploadedFile,
      extra: {
        description?: string | null;
        position?: number;
        width?: number;
        height?: number;
        hashed_id?: string;
      },
    ) => {
      const row = await repo.insertMedia(trx, {
        submission_id: submission.id,
        type,
        name: displayName(file, type),
        original_filename: file.filename || displayName(file, type),
        description: extra.description ?? null,
        storage_key: file.key,
        content_type: file.contentType,
        size: file.size,
        width: extra.width ?? null,
        height: extra.height ?? null,
        hashed_id: extra.hashed_id ?? null,
        position: extra.position ?? 0,
      });
      media.push(row);
      touched = true;
    };

    if (changes.remove_media_ids?.length) {
      const rows: ListingMediaRow[] = [];
      changes.remove_media_ids.forEach((id, index) => {
        const row = byFormId(id);
        if (!row)
          throw errors.field(
            `submission.remove_media_ids.${index}`,
            'invalid_choice',
            `${id} is not a file of this listing`,
          );
        rows.push(row);
      });
      await remove(rows);
    }
    if (changes.small_logo) {
      const size = checkLogo(changes.small_logo, 'submission.small_logo');
      await remove(media.filter((row) => row.type === 'Logo'));
      await add('Logo', changes.small_logo, size);
    } else if (changes.remove_small_logo) {
      await remove(media.filter((row) => row.type === 'Logo'));
    }
    await this.applyList(
      trx,
      'Picture',
      'submission.pictures_attributes',
      changes.pictures_attributes,
      byFormId,
      add,
      async (file, path) => checkPicture(file, path),
    );
    await this.applyList(
      trx,
      'Video',
      'submission.videos_attributes',
      changes.videos_attributes,
      byFormId,
      add,
      async (file, path) => {
        const size = await checkVideo(storage, file, path);
        const hosted = await this.videoHost.upload(
          {
            key: file.key,
            name: displayName(file, 'Video'),
            contentType: file.contentType,
            size: file.size,
          },
          trx,
        );
        return { ...size, hashed_id: hosted.hashed_id };
      },
    );
    if (changes.pictures_attributes?.length || changes.videos_attributes?.length) touched = true;
    const showcase = changes.showcase_video_attributes;
    if (showcase?.file) {
      const size = await checkVideo(storage, showcase.file, 'submission.showcase_video_attributes.file');
      const hosted = await this.videoHost.upload(
        {
          key: showcase.file.key,
          name: displayName(showcase.file, 'ShowcaseVideo'),
          contentType: showcase.file.contentType,
          size: showcase.file.size,
        },
        trx,
      );
      await remove(media.filter((row) => row.type === 'ShowcaseVideo'));
      await add('ShowcaseVideo', showcase.file, {
        ...size,
        hashed_id: hosted.hashed_id,
        description: showcase.description,
      });
    }
    const document = changes.security_questionnaire_document;
    if (document?.file) {
      await remove(media.filter((row) => row.type === 'Document'));
      await add('Document', document.file, {});
    }
    const pictures = media.filter((row) => row.type === 'Picture').length;
    if (pictures > LISTING_MEDIA.picture.maxCount) {
      throw errors.field(
        'submission.pictures_attributes',
        'too_many',
        `at most ${LISTING_MEDIA.picture.maxCount} screenshots`,
        {
          max: LISTING_MEDIA.picture.maxCount,
        },
      );
    }
    const videos = media.filter((row) => row.type === 'Video').length;
    if (videos > LISTING_MEDIA.video.maxCount) {
      throw errors.field(
        'submission.videos_attributes',
        'too_many',
        `at most ${LISTING_MEDIA.video.maxCount} videos`,
        {
          max: LISTING_MEDIA.video.maxCount,
        },
      );
    }
    return touched;
  }

  /** A list of media attributes: new files checked and added, stored ones described and reordered. */
  private async applyList(
    trx: Db,
    type: 'Picture' | 'Video',
    path: string,
    entries: readonly MediaAttributes[] | null | undefined,
    byFormId: (id: number) => ListingMediaRow | undefined,
    add: (
      type: ListingMediaRow['type'],
      file: UploadedFile,
      extra: {
        description?: string | null;
        position?: number;
        width?: number;
        height?: number;
        hashed_id?: string;
      },
    ) => Promise<void>,
    inspect: (
      file: UploadedFile,
      path: string,
    ) => Promise<{ width: number; height: number; hashed_id?: string }>,
  ): Promise<void> {
    if (!entries) return;
    for (const [index, entry] of entries.entries()) {
      if (!entry) continue;
      const file = entry.file as UploadedFile | undefined;
      if (file) {
        const found = await inspect(file, `${path}.${index}.file`);
        await add(type, file, { ...found, description: entry.description ?? null, position: index });
      } else if (entry.id !== undefined) {
        const row = byFormId(entry.id);
        if (!row || row.type !== type) {
          throw errors.field(
            `${path}.${index}.id`,
            'invalid_choice',
            `${entry.id} is not a ${type.toLowerCase()} of this listing`,
          );
        }
        await repo.updateMediaDescription(
          trx,
          row.id,
          entry.description === undefined ? row.description : (entry.description ?? null),
          index,
        );
      } else {
        throw errors.field(`${path}.${index}`, 'required', 'needs a file or the id of a stored one');
      }
    }
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
    }).safeParse(values);
    if (!result.success) throw errors.validation(detailsFromIssues(result.error.issues));
    const published = await repo.published(trx, row.developer_app_id);
    if (
      !(await this.hasPromotableVersionFor(
        row.developer_app_id,
        row.app_version_id,
        published?.app_version_id ?? null,
      ))
    ) {
      throw errors.field(
        'app_version_id',
        'invalid',
        'must be a promoted app version newer than the published one',
      );
    }
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
   * The one question the listing asks of app versions (issue 10). WIRE: answered by the AppVersionPort;
   * the stand-in accepts any chosen version until the manifests area is merged.
   */
  hasPromotableVersionFor(
    appId: number,
    appVersionId: number | null,
    publishedVersionId: number | null,
  ): Promise<boolean> {
    return this.appVersions.hasPromotableVersionFor(appId, appVersionId, publishedVersionId);
  }

  /** Approve (→ published) or reject (→ draft), with the admin message and reasons (spec 3 §4). */
  private async decide(
    trx: Db,
    actor: ListingActor,
    row: SubmissionRow,
    changes: SubmissionChangesInput,
    now: Date,
  ): Promise<SubmissionRow> {
    const approved = changes.approval_state === 'approved';
    const decided = await repo.update(
      trx,
      row.id,
      approved
        ? {
            state: 'published',
            approval_state: 'approved',
            published_at: now,
            reviewed_at: now,
            live: true,
            silent: changes.silent ?? false,
          }
        : {
            state: 'draft',
            approval_state: 'rejected',
            reviewed_at: now,
            rejection_reasons: JSON.stringify(
              (changes.rejection_reasons ?? []).map((reason) => ({
                code: reason.code,
                note: reason.note ?? null,
              })),
            ),
          },
      now,
    );
    await this.recordReviewStateChanged(trx, decided, approved ? 'approved' : 'rejected', actor.user);
    return decided;
  }

  /**
   * The analytics event marketplace_listing.review_state_changed (spec 3 §4): stored as the listing's
   * review history and logged. WIRE: forward to the analytics area (POST /api/v1/analytics) once merged.
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
  }

  /** Turns marketplace_enabled on or off for an app (platform administrators). */
  setMarketplaceEnabled(appId: number, enabled: boolean): Promise<void> {
    return repo.setMarketplaceEnabled(this.deps.db, appId, enabled);
  }

  private async view(db: Db, row: SubmissionRow, forAdmin: boolean): Promise<SubmissionView> {
    const [media, reference, published] = await Promise.all([
      repo.media(db, row.id),
      repo.referenceData(db),
      repo.published(db, row.developer_app_id),
    ]);
    const appVersion = row.app_version_id
      ? await this.appVersions.describe(row.developer_app_id, row.app_version_id)
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

/** The content fields of a save, as columns (lists and objects as JSON text). */
function contentOf(changes: SubmissionChangesInput): SubmissionChanges {
  const out: Record<string, unknown> = {};
  const given = changes as Record<string, unknown>;
  for (const field of PLAIN_FIELDS) {
    if (given[field] === undefined) continue;
    const value = given[field];
    // not-null booleans of the table: null means "off"
    if (
      [
        'installable',
        'create_lead',
        'security_questionnaire_visible',
        'beta',
        'security_badge',
        'is_concierge_app',
      ].includes(field)
    ) {
      out[field] = value === null ? field === 'installable' : value;
    } else out[field] = value === '' ? null : value;
  }
  for (const field of JSON_LIST_FIELDS) {
    if (given[field] === undefined) continue;
    let list = (given[field] as unknown[] | null) ?? [];
    if (field === 'helpful_links')
      list = list.filter(
        (link) => link && ((link as { url?: string }).url || (link as { label?: string }).label),
      );
    if (field === 'requirements') list = list.filter((item) => typeof item === 'string' && item !== '');
    if (field === 'feature_bullets') list = list.map((item) => item ?? '');
    out[field] = JSON.stringify(list);
  }
  for (const field of JSON_OBJECT_FIELDS) {
    if (given[field] === undefined) continue;
    out[field] = given[field] === null ? null : JSON.stringify(given[field]);
  }
  if (changes.admin_message !== undefined) out.admin_message = changes.admin_message;
  return out as SubmissionChanges;
}

/** The listing as the complete schema reads it: the row's fields and its media. */
export function valuesOf(row: SubmissionRow, media: readonly ListingMediaRow[]): ListingValues {
  const logo = media.find((m) => m.type === 'Logo');
  return {
    public_name: row.public_name,
    tagline: row.tagline,
    built_by: row.built_by,
    sold_by: row.sold_by,
    description: row.description,
    about: row.about,
    how_it_works: row.how_it_works,
    category_ids: row.category_ids,
    app_version_id: row.app_version_id,
    draft_developer_notes: row.draft_developer_notes,
    installable: row.installable,
    subscription_required: row.subscription_required,
    connector_required: row.connector_required,
    has_trials: row.has_trials,
    pricing_url: row.pricing_url,
    pricing_description: row.pricing_description,
    region_ids: row.region_ids,
    country_ids: row.country_ids,
    helpful_links: row.helpful_links,
    feature_bullets: row.feature_bullets,
    website_link: row.website_link,
    support_email: row.support_email,
    product_tool_ids: row.product_tool_ids,
    requirements: row.requirements,
    contact_us_email: row.contact_us_email,
    learn_how_url: row.learn_how_url,
    create_lead: row.create_lead,
    security_questionnaire_visible: row.security_questionnaire_visible,
    security_questionnaire: row.security_questionnaire as ListingValues['security_questionnaire'],
    small_logo_url: logo ? `media:${logo.id}` : null,
    pictures: media.filter((m) => m.type === 'Picture').map((m) => ({ id: m.id })),
    videos: media.filter((m) => m.type === 'Video').map((m) => ({ id: m.id })),
    showcase_video: media.some((m) => m.type === 'ShowcaseVideo') ? { id: 0 } : null,
  };
}

function displayName(file: UploadedFile, type: string): string {
  const base = (file.filename || '').split(/[\\/]/).pop()?.trim();
  return base && base.length > 0 ? base.slice(0, 255) : `${type.toLowerCase()}.${file.extension}`;
}
