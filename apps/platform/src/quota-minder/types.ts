import type { Kysely } from 'kysely';

/** One counting rule of a rate-limit bucket: requests (count) or quota per interval, up to a limit. */
export interface BucketTemplate {
  name: string;
  fillType: 'count' | 'quota';
  intervalMs: number;
  limit: number;
}

/** A quota-minder rate-limit bucket: on one server, for one client (and domain), with its templates. */
export interface RateLimitBucket {
  id: number;
  server: string;
  name: string;
  clientId: string;
  domain: string;
  templates: BucketTemplate[];
  createdAt: Date;
  updatedAt: Date;
}

export interface BucketInput {
  name: string;
  clientId: string;
  domain: string;
  templates: BucketTemplate[];
}

/**
 * The portal's transaction, for a platform that keeps its state in the portal's database (the embedded
 * one): it makes its change in it, so the change and the portal's own record of it (the audit event)
 * stand or fall together. A remote platform ignores it. Typed loosely: the portal's transaction is a
 * Kysely over a database with more tables than the platform's.
 */
// biome-ignore lint/suspicious/noExplicitAny: any transaction over a database holding the platform's tables
export type PortalTransaction = Kysely<any>;

/**
 * The quota-minder servers and their rate-limit buckets (spec 1 §2 "Rate-limit bucket admin page").
 * Part of Platform; a bucket call on a server the platform does not offer is the caller's to refuse.
 */
export interface QuotaMinder {
  /** The servers this portal offers: Staging on the QA host, else the production and sandbox servers. */
  quotaMinderServers(): readonly string[];
  listBuckets(server: string): Promise<RateLimitBucket[]>;
  findBucket(server: string, id: number, within?: PortalTransaction): Promise<RateLimitBucket | undefined>;
  /** Creates a bucket; 'name_taken' when the server already has a bucket of that name. */
  createBucket(
    server: string,
    input: BucketInput,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken'>;
  /** Changes the fields given (templates as a whole); undefined when the server has no such bucket. */
  updateBucket(
    server: string,
    id: number,
    changes: Partial<BucketInput>,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken' | undefined>;
  /** Deletes a bucket; false when the server has no such bucket. */
  deleteBucket(server: string, id: number, within?: PortalTransaction): Promise<boolean>;
}
