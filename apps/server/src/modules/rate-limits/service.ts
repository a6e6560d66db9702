import { type BucketTemplateInput, type bucketTemplateInput, templatesOrDefaults } from '@lintel/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { errors } from '../../http/errors';
import type { BucketInput, BucketTemplate, Platform, RateLimitBucket } from '../../platform/types';
import { type AuditActor, changedFields, recordAudit } from '../audit/recorder';
import { auditedBucket } from './presenter';

type TemplateInput = z.output<typeof bucketTemplateInput>;

export interface BucketFields {
  name: string;
  client_id: string;
  domain: string;
  bucket_templates: TemplateInput[];
}

function templatesOf(input: readonly BucketTemplateInput[]): BucketTemplate[] {
  return input.map((template) => ({
    name: template.name,
    fillType: template.fill_type,
    intervalMs: template.interval_ms,
    limit: template.limit,
  }));
}

const nameTaken = () => errors.field('data.name', 'taken', 'is already the name of a bucket on this server');

/**
 * The rate-limit bucket admin page (spec 1 §2): buckets per quota-minder server, on the platform. Every
 * change writes its audit event in the same transaction as the change.
 */
export class RateLimitService {
  constructor(private readonly deps: { db: Db; platform: Platform }) {}

  servers(): readonly string[] {
    return this.deps.platform.quotaMinderServers();
  }

  list(server: string): Promise<RateLimitBucket[]> {
    this.knownServer(server);
    return this.deps.platform.listBuckets(server);
  }

  /** Creates a bucket; without templates it gets the default main and spike ones (spec 1 §9). */
  create(
    server: string,
    input: Omit<BucketFields, 'bucket_templates'> & { bucket_templates?: TemplateInput[] },
    actor: AuditActor,
  ): Promise<RateLimitBucket> {
    this.knownServer(server);
    return this.deps.db.transaction().execute(async (trx) => {
      const bucket = await this.deps.platform.createBucket(
        server,
        {
          name: input.name,
          clientId: input.client_id,
          domain: input.domain,
          templates: templatesOf(templatesOrDefaults(input.bucket_templates)),
        },
        trx,
      );
      if (bucket === 'name_taken') throw nameTaken();
      await recordAudit(trx, actor, {
        action: 'rate_limit_bucket.created',
        subjectType: 'rate_limit_bucket',
        subjectId: bucket.id,
        changes: { before: {}, after: auditedBucket(bucket) },
      });
      return bucket;
    });
  }

  update(
    server: string,
    input: { id: number } & Partial<BucketFields>,
    actor: AuditActor,
  ): Promise<RateLimitBucket> {
    this.knownServer(server);
    const changes: Partial<BucketInput> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.client_id !== undefined ? { clientId: input.client_id } : {}),
      ...(input.domain !== undefined ? { domain: input.domain } : {}),
      ...(input.bucket_templates !== undefined ? { templates: templatesOf(input.bucket_templates) } : {}),
    };
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.deps.platform.findBucket(server, input.id, trx);
      if (!before) throw errors.notFound('Bucket');
      const after = await this.deps.platform.updateBucket(server, input.id, changes, trx);
      if (after === undefined) throw errors.notFound('Bucket');
      if (after === 'name_taken') throw nameTaken();
      const changed = changedFields(auditedBucket(before), auditedBucket(after));
      if (Object.keys(changed.after ?? {}).length > 0) {
        await recordAudit(trx, actor, {
          action: 'rate_limit_bucket.updated',
          subjectType: 'rate_limit_bucket',
          subjectId: after.id,
          changes: changed,
        });
      }
      return after;
    });
  }

  delete(server: string, id: number, actor: AuditActor): Promise<void> {
    this.knownServer(server);
    return this.deps.db.transaction().execute(async (trx) => {
      const bucket = await this.deps.platform.findBucket(server, id, trx);
      if (!bucket || !(await this.deps.platform.deleteBucket(server, id, trx))) {
        throw errors.notFound('Bucket');
      }
      await recordAudit(trx, actor, {
        action: 'rate_limit_bucket.deleted',
        subjectType: 'rate_limit_bucket',
        subjectId: id,
        changes: { before: auditedBucket(bucket), after: {} },
      });
    });
  }

  /** A server this portal does not offer is a record that is not there: 404. */
  private knownServer(server: string): void {
    if (!this.deps.platform.quotaMinderServers().includes(server)) {
      throw errors.notFound('Quota-minder server');
    }
  }
}
