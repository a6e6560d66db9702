import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import type {
  DeveloperAppRow,
  ListingDecisionsTable,
  ListingMediaRow,
  ListingMediaTable,
  MarketplaceSubmissionsTable,
  SubmissionRow,
} from '../../db/schema';

export type SubmissionChanges = Updateable<MarketplaceSubmissionsTable>;
export type NewSubmission = Insertable<MarketplaceSubmissionsTable>;
export type NewMedia = Insertable<ListingMediaTable>;
export type NewDecision = Insertable<ListingDecisionsTable>;

/** A decision of the app's history, with the submission's version and the reviewer's name. */
export interface DecisionRow extends Selectable<ListingDecisionsTable> {
  submission_version: number;
  reviewer_name: string | null;
}

/** The reference data a listing names (spec 3 §3), small tables read whole. */
export interface ReferenceData {
  categories: { id: number; name: string }[];
  regions: { id: number; name: string; countries: { id: number; iso_code: string; name: string }[] }[];
  countries: { id: number; iso_code: string; name: string; region_id: number }[];
  productTools: { id: number; title: string }[];
  securityStandards: { id: number; standard_name: string; variant: string | null }[];
}

/** Every SQL statement of the listing area. */
export const listingRepository = {
  async referenceData(db: Db): Promise<ReferenceData> {
    const [categories, regions, countries, productTools, securityStandards] = await Promise.all([
      db.selectFrom('listing_categories').select(['id', 'name']).orderBy('name').execute(),
      db.selectFrom('listing_regions').select(['id', 'name']).orderBy('id').execute(),
      db
        .selectFrom('listing_countries')
        .select(['id', 'iso_code', 'name', 'region_id'])
        .orderBy('name')
        .execute(),
      db.selectFrom('product_tools').select(['id', 'title']).orderBy('title').execute(),
      db
        .selectFrom('security_standards')
        .select(['id', 'standard_name', 'variant'])
        .orderBy('standard_name')
        .orderBy('variant')
        .execute(),
    ]);
    return {
      categories,
      regions: regions.map((region) => ({
        ...region,
        countries: countries
          .filter((country) => country.region_id === region.id)
          .map(({ id, iso_code, name }) => ({ id, iso_code, name })),
      })),
      countries,
      productTools,
      securityStandards,
    };
  },

  find(db: Db, id: number): Promise<SubmissionRow | undefined> {
    return db.selectFrom('marketplace_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Locks the row for the rest of the transaction (two saves of one listing run one after the other). */
  findForUpdate(db: Db, id: number): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('marketplace_submissions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  /** The app's newest submission. */
  latest(db: Db, appId: number): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('marketplace_submissions')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The app's newest published submission: the listing customers see. */
  published(db: Db, appId: number): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('marketplace_submissions')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('state', '=', 'published')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async maxVersion(db: Db, appId: number): Promise<number> {
    const row = await db
      .selectFrom('marketplace_submissions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('developer_app_id', '=', appId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  },

  insert(db: Db, values: NewSubmission): Promise<SubmissionRow> {
    return db.insertInto('marketplace_submissions').values(values).returningAll().executeTakeFirstOrThrow();
  },

  update(db: Db, id: number, changes: SubmissionChanges, now: Date): Promise<SubmissionRow> {
    return db
      .updateTable('marketplace_submissions')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  media(db: Db, submissionId: number): Promise<ListingMediaRow[]> {
    return db
      .selectFrom('listing_media')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },

  findMedia(db: Db, submissionId: number, mediaId: number): Promise<ListingMediaRow | undefined> {
    return db
      .selectFrom('listing_media')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .where('id', '=', mediaId)
      .executeTakeFirst();
  },

  insertMedia(db: Db, media: NewMedia): Promise<ListingMediaRow> {
    return db.insertInto('listing_media').values(media).returningAll().executeTakeFirstOrThrow();
  },

  updateMediaDescription(db: Db, id: number, description: string | null, position: number): Promise<void> {
    return db
      .updateTable('listing_media')
      .set({ description, position })
      .where('id', '=', id)
      .execute()
      .then(() => undefined);
  },

  async deleteMedia(db: Db, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('listing_media').where('id', 'in', ids).execute();
  },

  /** Copies a submission's media rows onto another (same stored objects; the copy remembers its source). */
  async copyMedia(db: Db, fromId: number, toId: number): Promise<void> {
    const rows = await listingRepository.media(db, fromId);
    if (rows.length === 0) return;
    await db
      .insertInto('listing_media')
      .values(
        rows.map(
          ({ id, submission_id: _submission, created_at: _created, copied_from_id, size, ...rest }) => ({
            ...rest,
            size: Number(size),
            submission_id: toId,
            copied_from_id: copied_from_id ?? id,
          }),
        ),
      )
      .execute();
  },

  /** Storage keys among `keys` that no media row names any more (safe to delete from storage). */
  async unusedKeys(db: Db, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const used = await db
      .selectFrom('listing_media')
      .select('storage_key')
      .where('storage_key', 'in', keys)
      .execute();
    const inUse = new Set(used.map((row) => row.storage_key));
    return keys.filter((key) => !inUse.has(key));
  },

  /** The submissions (and their app) whose media name a hosted video; none once it was removed. */
  videoOwners(db: Db, hashedId: string): Promise<{ submission_id: number; developer_app_id: number }[]> {
    return db
      .selectFrom('listing_media')
      .innerJoin('marketplace_submissions', 'marketplace_submissions.id', 'listing_media.submission_id')
      .select(['listing_media.submission_id', 'marketplace_submissions.developer_app_id'])
      .where('listing_media.hashed_id', '=', hashedId)
      .execute();
  },

  /** Hosted video ids among `ids` that no media row names any more. */
  async unusedHashedIds(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const used = await db
      .selectFrom('listing_media')
      .select('hashed_id')
      .where('hashed_id', 'in', ids)
      .execute();
    const inUse = new Set(used.map((row) => row.hashed_id));
    return ids.filter((id) => !inUse.has(id));
  },

  async existingIds(
    db: Db,
    table:
      | 'listing_categories'
      | 'listing_regions'
      | 'listing_countries'
      | 'product_tools'
      | 'security_standards',
    ids: readonly number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  },

  recordReviewEvent(
    db: Db,
    event: {
      submission_id: number;
      developer_app_id: number;
      state: 'submitted' | 'approved' | 'rejected';
      actor_id: number;
    },
  ): Promise<void> {
    return db
      .insertInto('listing_review_events')
      .values(event)
      .execute()
      .then(() => undefined);
  },

  insertDecision(db: Db, decision: NewDecision): Promise<void> {
    return db
      .insertInto('listing_decisions')
      .values(decision)
      .execute()
      .then(() => undefined);
  },

  /** The review decisions of every submission of the app, newest first. */
  decisions(db: Db, appId: number): Promise<DecisionRow[]> {
    return db
      .selectFrom('listing_decisions as d')
      .innerJoin('marketplace_submissions as s', 's.id', 'd.submission_id')
      .leftJoin('users as u', 'u.id', 'd.actor_id')
      .selectAll('d')
      .select(['s.version as submission_version', 'u.name as reviewer_name'])
      .where('d.developer_app_id', '=', appId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute();
  },

  /** The app, locked for the rest of the transaction (as the admin page's changes lock it). */
  lockApp(db: Db, appId: number): Promise<DeveloperAppRow | undefined> {
    return db.selectFrom('developer_apps').selectAll().where('id', '=', appId).forUpdate().executeTakeFirst();
  },

  async appExists(db: Db, appId: number): Promise<boolean> {
    const row = await db.selectFrom('developer_apps').select('id').where('id', '=', appId).executeTakeFirst();
    return row !== undefined;
  },

  /** What the app page names (spec 3 §3): the newest submission and the newest published one. */
  async overview(
    db: Db,
    appId: number,
  ): Promise<{ last: SubmissionRow | undefined; published: SubmissionRow | undefined }> {
    const [last, published] = await Promise.all([
      listingRepository.latest(db, appId),
      listingRepository.published(db, appId),
    ]);
    return { last, published };
  },
};
