import { z } from 'zod';
import { isCalendarDate, optionalText, requiredText } from './fields';
import { listQuery, pageQuery, queryBoolean } from './query';

/** The kinds of change an entry records (spec 2 §3), in the order the page's filters list them. */
export const CHANGELOG_TYPES = [
  'breaking',
  'deprecated',
  'feature',
  'fix',
  'new',
  'refinement',
  'sunset',
] as const;
export const changelogType = z.enum(CHANGELOG_TYPES, {
  message: `must be one of ${CHANGELOG_TYPES.join(', ')}`,
});
export type ChangelogType = z.infer<typeof changelogType>;

/** The changelog search waits this long after the last keystroke (spec 2 §9). */
export const CHANGELOG_SEARCH_DEBOUNCE_MS = 500;
/** The changelog's first page and page size when the URL names none (spec 2 §9). */
export const CHANGELOG_DEFAULT_PAGE = 1;
export const CHANGELOG_DEFAULT_PER_PAGE = 50;

/** Length caps of an entry's texts (422 beyond). */
export const CHANGELOG_LIMITS = {
  summary: 300,
  description: 20_000,
  endpoint: 300,
  versions: 100,
  link: 2000,
  branch: 100,
  search: 200,
} as const;

/** `GET /rest/v1.0/projects`: an HTTP method, one space and an absolute path. */
export const CHANGELOG_ENDPOINT_PATTERN = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;
/** A documentation branch (or commit) name: letters, digits, `.`, `_`, `-` and `/`. */
export const DOCUMENTATION_BRANCH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Empty text means "none": null. */
const nullable = <T extends z.ZodType<string | null>>(schema: T) =>
  z
    .union([schema, z.null()])
    .transform((value) => (value === null || value === '' ? null : value))
    .optional()
    .transform((value) => value ?? null);

const endpointText = optionalText({ max: CHANGELOG_LIMITS.endpoint }).refine(
  (value) => value === '' || CHANGELOG_ENDPOINT_PATTERN.test(value),
  {
    message: 'must be an HTTP method and a path, e.g. GET /rest/v1.0/projects',
    params: { code: 'invalid_format' },
  },
);
const linkText = optionalText({ max: CHANGELOG_LIMITS.link }).refine(
  (value) => value === '' || /^https?:\/\/[^\s/]+\S*$/i.test(value),
  { message: 'must be an http(s) URL', params: { code: 'invalid_url' } },
);
const branchText = z
  .string()
  .trim()
  .max(CHANGELOG_LIMITS.branch, { message: `must be at most ${CHANGELOG_LIMITS.branch} characters` })
  .refine((value) => value === '' || DOCUMENTATION_BRANCH_PATTERN.test(value), {
    message: 'must be letters, digits, ".", "_", "-" or "/"',
    params: { code: 'invalid_format' },
  });
const datestamp = z
  .string()
  .trim()
  .min(1, { message: "can't be blank" })
  .refine(isCalendarDate, {
    message: 'must be a real date written YYYY-MM-DD',
    params: { code: 'invalid_date' },
  });

const entryFields = {
  summary: requiredText({ max: CHANGELOG_LIMITS.summary }),
  description: optionalText({ max: CHANGELOG_LIMITS.description, multiline: true }),
  endpoint: nullable(endpointText),
  type: changelogType,
  breaking: z.boolean(),
  datestamp,
  versions: nullable(optionalText({ max: CHANGELOG_LIMITS.versions })),
  link: nullable(linkText),
  public: z.boolean(),
  hidden: z.boolean(),
  documentation_branch: nullable(branchText),
};

/** A new entry (admins). Omitted flags: not breaking, public, shown, on the published documentation. */
export const changelogEntryInput = z.strictObject({
  ...entryFields,
  description: entryFields.description.default(''),
  breaking: entryFields.breaking.default(false),
  public: entryFields.public.default(true),
  hidden: entryFields.hidden.default(false),
});
export type ChangelogEntryInput = z.input<typeof changelogEntryInput>;
export type ChangelogEntryFields = z.output<typeof changelogEntryInput>;

/** An edit: any of the fields; hiding and showing again is `{hidden: true|false}`. */
export const changelogEntryUpdate = z.strictObject({
  summary: entryFields.summary.optional(),
  description: entryFields.description.optional(),
  endpoint: z.union([endpointText, z.null()]).optional(),
  type: changelogType.optional(),
  breaking: z.boolean().optional(),
  datestamp: datestamp.optional(),
  versions: z.union([optionalText({ max: CHANGELOG_LIMITS.versions }), z.null()]).optional(),
  link: z.union([linkText, z.null()]).optional(),
  public: z.boolean().optional(),
  hidden: z.boolean().optional(),
  documentation_branch: z.union([branchText, z.null()]).optional(),
});
export type ChangelogEntryUpdate = z.input<typeof changelogEntryUpdate>;
export type ChangelogEntryChanges = z.output<typeof changelogEntryUpdate>;

/** A change of type "breaking" is a breaking change, whatever the flag says. */
export function normaliseChangelogEntry<T extends { type: ChangelogType; breaking: boolean }>(entry: T): T {
  return entry.type === 'breaking' ? { ...entry, breaking: true } : entry;
}

/** An entry as the changelog page shows it (spec 2 §3), with `public` so staff can tell the others apart. */
export const changelogEntryResponse = z.object({
  id: z.number().int(),
  summary: z.string(),
  description: z.string(),
  endpoint: z.string().nullable(),
  type: changelogType,
  breaking: z.boolean(),
  datestamp: z.string(),
  versions: z.string().nullable(),
  link: z.string().nullable(),
  public: z.boolean(),
});
export type ChangelogEntry = z.infer<typeof changelogEntryResponse>;

/** An entry as administrators manage it. */
export const adminChangelogEntryResponse = changelogEntryResponse.extend({
  hidden: z.boolean(),
  documentation_branch: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminChangelogEntry = z.infer<typeof adminChangelogEntryResponse>;

/** `filters[type][]=fix&filters[type][]=new` (a single `filters[type]=fix` is read as one). */
const typeFilter = z
  .union([changelogType, z.array(changelogType).max(CHANGELOG_TYPES.length * 2)])
  .transform((value): ChangelogType[] => [...new Set(Array.isArray(value) ? value : [value])]);

/** The changelog call's query (spec 2 §7): paging, the staff branch switch and the filters. */
export const aggregatedChangelogQuery = pageQuery.extend({
  custom_service_sha: branchText.optional(),
  filters: z
    .strictObject({
      type: typeFilter.optional(),
      breaking: queryBoolean.optional(),
      search: optionalText({ max: CHANGELOG_LIMITS.search }).optional(),
    })
    .optional(),
});
export type AggregatedChangelogQuery = z.input<typeof aggregatedChangelogQuery>;

/** The administrators' list sorts by these columns; newest datestamp first by default. */
export const ADMIN_CHANGELOG_SORT_KEYS = ['datestamp', 'summary', 'type', 'updated_at'] as const;
export type AdminChangelogSortKey = (typeof ADMIN_CHANGELOG_SORT_KEYS)[number];
export const adminChangelogFilters = z.strictObject({
  search: optionalText({ max: CHANGELOG_LIMITS.search }).optional(),
  type: changelogType.optional(),
});
export type AdminChangelogFilters = z.input<typeof adminChangelogFilters>;
export const adminChangelogListQuery = listQuery(ADMIN_CHANGELOG_SORT_KEYS, adminChangelogFilters);

/** Platform administrators and employees see non-public entries and may switch the branch (spec 2 §6). */
export function isChangelogStaff(
  user: { is_admin: boolean; is_employee: boolean } | null | undefined,
): boolean {
  return Boolean(user && (user.is_admin || user.is_employee));
}

/** "2024-03": the month a card shows. */
export function changelogMonth(datestamp: string): string {
  return datestamp.slice(0, 7);
}

/** `GET /rest/v1.0/projects` → method and path (null when the entry names no endpoint). */
export function splitChangelogEndpoint(endpoint: string | null): { method: string; path: string } | null {
  if (!endpoint) return null;
  const space = endpoint.indexOf(' ');
  return space < 0
    ? { method: '', path: endpoint }
    : { method: endpoint.slice(0, space), path: endpoint.slice(space + 1) };
}
