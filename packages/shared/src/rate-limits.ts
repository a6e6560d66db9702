import { z } from 'zod';
import { optionalText, requiredText } from './fields';

/**
 * The quota-minder servers that hold rate-limit buckets (spec 1 §9 "Bucket servers"): Staging alone when
 * the portal runs on the QA host, else these six.
 */
export const QUOTA_MINDER_SERVERS = [
  'Production_US01',
  'Production_US02',
  'Production_UK01',
  'Monthly_Sandbox_US01',
  'Monthly_Sandbox_US02',
  'Integrator_Sandbox',
] as const;
export const QA_QUOTA_MINDER_SERVERS = ['Staging'] as const;

/** A template's fill type: `count` (requests) or `quota` (reference/rate-limits.md). */
export const BUCKET_FILL_TYPES = ['count', 'quota'] as const;
export const bucketFillType = z.enum(BUCKET_FILL_TYPES);
export type BucketFillType = z.infer<typeof bucketFillType>;

export const BUCKET_LIMITS = {
  name: 120,
  clientId: 200,
  domain: 253,
  templateName: 60,
  templates: 10,
  /** About 24.8 days: the longest window a template may count over. */
  intervalMs: 2_147_483_647,
  limit: 2_147_483_647,
} as const;

/** The templates of a new bucket (spec 1 §9 "Default buckets"): main (hourly) and spike (10 s). */
export const DEFAULT_BUCKET_TEMPLATES = [
  { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
  { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
] as const satisfies readonly BucketTemplateInput[];

/** What an extra template starts as (spec 1 §9): count, 10,000 ms, limit 100. */
export const NEW_BUCKET_TEMPLATE = { fill_type: 'count', interval_ms: 10_000, limit: 100 } as const;

export const bucketTemplateInput = z.strictObject({
  name: requiredText({ max: BUCKET_LIMITS.templateName }),
  fill_type: bucketFillType,
  interval_ms: z
    .number()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(BUCKET_LIMITS.intervalMs, { message: `must be at most ${BUCKET_LIMITS.intervalMs}` }),
  limit: z
    .number()
    .int()
    .min(0, { message: 'must be at least 0' })
    .max(BUCKET_LIMITS.limit, { message: `must be at most ${BUCKET_LIMITS.limit}` }),
});
export type BucketTemplateInput = z.input<typeof bucketTemplateInput>;

const templateList = z
  .array(bucketTemplateInput)
  .max(BUCKET_LIMITS.templates, { message: `must have at most ${BUCKET_LIMITS.templates} templates` })
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((template, index) => {
      const key = template.name.trim().toLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: 'is already a template of this bucket',
          params: { code: 'taken' },
        });
      }
      seen.add(key);
    });
  });

/** A bucket's templates when they are changed: at least one. */
const templates = templateList.min(1, { message: 'must have at least 1 template' });

/**
 * The templates a new bucket is created with: those given, or main and spike (spec 1 §9 "Default
 * buckets") when none are — the server applies the same defaults the form starts with.
 */
export function templatesOrDefaults(
  given: readonly BucketTemplateInput[] | undefined,
): BucketTemplateInput[] {
  return given && given.length > 0
    ? [...given]
    : DEFAULT_BUCKET_TEMPLATES.map((template) => ({ ...template }));
}

const bucketFields = {
  name: requiredText({ max: BUCKET_LIMITS.name }),
  client_id: requiredText({ max: BUCKET_LIMITS.clientId }),
  domain: optionalText({ max: BUCKET_LIMITS.domain }),
  bucket_templates: templates,
};

/**
 * POST …/buckets: `{data: {name, client_id, domain, bucket_templates}}`; without templates (absent or
 * empty) the bucket gets the default main and spike templates.
 */
export const createBucketRequest = z.strictObject({
  data: z.strictObject({ ...bucketFields, bucket_templates: templateList.optional() }),
});
export type CreateBucketRequest = z.input<typeof createBucketRequest>;

/** PATCH …/buckets: `{data: {id, …}}`; the fields given replace the bucket's (templates as a whole). */
export const updateBucketRequest = z.strictObject({
  data: z.strictObject({
    id: z.number().int().positive().max(2_147_483_647),
    name: bucketFields.name.optional(),
    client_id: bucketFields.client_id.optional(),
    domain: bucketFields.domain.optional(),
    bucket_templates: templates.optional(),
  }),
});
export type UpdateBucketRequest = z.input<typeof updateBucketRequest>;

export const bucketTemplateResponse = z.object({
  name: z.string(),
  fill_type: bucketFillType,
  interval_ms: z.number().int(),
  limit: z.number().int(),
});

export const bucketResponse = z.object({
  id: z.number().int(),
  server: z.string(),
  name: z.string(),
  client_id: z.string(),
  domain: z.string(),
  bucket_templates: z.array(bucketTemplateResponse),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RateLimitBucket = z.infer<typeof bucketResponse>;

/** GET …/buckets answers `{data: [bucket…]}`; POST and PATCH `{data: bucket}`. */
export const bucketListResponse = z.object({ data: z.array(bucketResponse) });
export const bucketItemResponse = z.object({ data: bucketResponse });
export const quotaMinderServersResponse = z.object({ data: z.array(z.string()) });

/** `:server` of a bucket call: a server's name (unknown names are 404). */
export const serverParams = z.strictObject({
  server: z.string().regex(/^[A-Za-z0-9_]{1,60}$/, { message: 'must be a quota-minder server name' }),
});
