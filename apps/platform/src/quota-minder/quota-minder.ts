import type {
  PlatformDb as Db,
  PlatformRateLimitBucketRow,
  PlatformRateLimitBucketTemplateRow,
} from '../db/schema';
import type { BucketInput, BucketTemplate, PortalTransaction, QuotaMinder, RateLimitBucket } from './types';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/** Every SQL statement of the embedded quota-minder. */
const repo = {
  buckets(db: Db, server: string): Promise<PlatformRateLimitBucketRow[]> {
    return db
      .selectFrom('platform_rate_limit_buckets')
      .selectAll()
      .where('server', '=', server)
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  bucket(db: Db, server: string, id: number): Promise<PlatformRateLimitBucketRow | undefined> {
    return db
      .selectFrom('platform_rate_limit_buckets')
      .selectAll()
      .where('server', '=', server)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async nameTaken(db: Db, server: string, name: string, exceptId?: number): Promise<boolean> {
    let query = db
      .selectFrom('platform_rate_limit_buckets')
      .select('id')
      .where('server', '=', server)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  templates(db: Db, bucketIds: number[]): Promise<PlatformRateLimitBucketTemplateRow[]> {
    if (bucketIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('platform_rate_limit_bucket_templates')
      .selectAll()
      .where('bucket_id', 'in', bucketIds)
      .orderBy('bucket_id')
      .orderBy('position')
      .execute();
  },

  insertBucket(
    db: Db,
    server: string,
    input: Omit<BucketInput, 'templates'>,
    now: Date,
  ): Promise<PlatformRateLimitBucketRow> {
    return db
      .insertInto('platform_rate_limit_buckets')
      .values({
        server,
        name: input.name,
        client_id: input.clientId,
        domain: input.domain,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async updateBucket(
    db: Db,
    id: number,
    changes: Partial<Omit<BucketInput, 'templates'>>,
    now: Date,
  ): Promise<void> {
    await db
      .updateTable('platform_rate_limit_buckets')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.clientId !== undefined ? { client_id: changes.clientId } : {}),
        ...(changes.domain !== undefined ? { domain: changes.domain } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  },

  async replaceTemplates(db: Db, bucketId: number, templates: BucketTemplate[]): Promise<void> {
    await db.deleteFrom('platform_rate_limit_bucket_templates').where('bucket_id', '=', bucketId).execute();
    if (templates.length === 0) return;
    await db
      .insertInto('platform_rate_limit_bucket_templates')
      .values(
        templates.map((template, position) => ({
          bucket_id: bucketId,
          position,
          name: template.name,
          fill_type: template.fillType,
          interval_ms: template.intervalMs,
          limit: template.limit,
        })),
      )
      .execute();
  },

  async deleteBucket(db: Db, server: string, id: number): Promise<boolean> {
    const deleted = await db
      .deleteFrom('platform_rate_limit_buckets')
      .where('server', '=', server)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return deleted !== undefined;
  },
};

/**
 * The quota-minder as the embedded platform runs it: its servers come from configuration (Staging on the
 * QA host) and its buckets live in tables of its own. Given the portal's transaction it works in it;
 * else in one of its own.
 */
export class EmbeddedQuotaMinder implements QuotaMinder {
  constructor(private readonly deps: { db: Db; servers: readonly string[] }) {}

  quotaMinderServers(): readonly string[] {
    return this.deps.servers;
  }

  async listBuckets(server: string): Promise<RateLimitBucket[]> {
    const rows = await repo.buckets(this.deps.db, server);
    return this.withTemplates(this.deps.db, rows);
  }

  async findBucket(
    server: string,
    id: number,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | undefined> {
    const db = within ?? this.deps.db;
    const row = await repo.bucket(db, server, id);
    return row ? (await this.withTemplates(db, [row]))[0] : undefined;
  }

  createBucket(
    server: string,
    input: BucketInput,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken'> {
    return this.inTransaction(within, async (trx) => {
      if (await repo.nameTaken(trx, server, input.name)) return 'name_taken';
      const row = await repo.insertBucket(trx, server, input, new Date());
      await repo.replaceTemplates(trx, row.id, input.templates);
      return this.required(trx, server, row.id);
    });
  }

  updateBucket(
    server: string,
    id: number,
    changes: Partial<BucketInput>,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken' | undefined> {
    return this.inTransaction(within, async (trx) => {
      const row = await repo.bucket(trx, server, id);
      if (!row) return undefined;
      if (changes.name !== undefined && (await repo.nameTaken(trx, server, changes.name, id))) {
        return 'name_taken';
      }
      await repo.updateBucket(trx, id, changes, new Date());
      if (changes.templates) await repo.replaceTemplates(trx, id, changes.templates);
      return this.required(trx, server, id);
    });
  }

  deleteBucket(server: string, id: number, within?: PortalTransaction): Promise<boolean> {
    return repo.deleteBucket(within ?? this.deps.db, server, id);
  }

  /** Runs in the portal's transaction when given; a name taken meanwhile (a race) is still 'name_taken'. */
  private async inTransaction<T>(
    within: PortalTransaction | undefined,
    work: (trx: Db) => Promise<T>,
  ): Promise<T | 'name_taken'> {
    try {
      return within ? await work(within) : await this.deps.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) return 'name_taken';
      throw error;
    }
  }

  private async required(db: Db, server: string, id: number): Promise<RateLimitBucket> {
    const bucket = await this.findBucket(server, id, db);
    if (!bucket) throw new Error(`bucket ${id} vanished`);
    return bucket;
  }

  private async withTemplates(db: Db, rows: PlatformRateLimitBucketRow[]): Promise<RateLimitBucket[]> {
    const templates = await repo.templates(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      server: row.server,
      name: row.name,
      clientId: row.client_id,
      domain: row.domain,
      templates: templates
        .filter((template) => template.bucket_id === row.id)
        .map((template) => ({
          name: template.name,
          fillType: template.fill_type,
          intervalMs: template.interval_ms,
          limit: template.limit,
        })),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}
