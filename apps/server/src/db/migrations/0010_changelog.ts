import { type Kysely, sql } from 'kysely';

/**
 * The aggregated API changelog (spec 2 §2, §3; issue 12): one row per change of the platform's REST API,
 * seeded with the platform's published history so the page is useful on the first start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('changelog_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('endpoint', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('breaking', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('datestamp', 'date', (c) => c.notNull())
    .addColumn('versions', 'text')
    .addColumn('link', 'text')
    // Non-public entries show only to platform administrators and employees (spec 2 §6).
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(true))
    // Hidden by an administrator: on no changelog page, only in the admin list.
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    // null: the published documentation; otherwise only on that documentation branch (custom_service_sha).
    .addColumn('documentation_branch', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'changelog_entries_type',
      sql`type in ('fix', 'new', 'feature', 'refinement', 'deprecated', 'sunset', 'breaking')`,
    )
    .addCheckConstraint('changelog_entries_breaking_type', sql`type <> 'breaking' or breaking`)
    .execute();
  // The page reads newest first among the shown entries.
  await db.schema
    .createIndex('changelog_entries_shown_datestamp')
    .on('changelog_entries')
    .columns(['datestamp desc', 'id desc'])
    .where(sql.ref('hidden'), '=', false)
    .execute();

  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  await any
    .insertInto('changelog_entries')
    .values(
      HISTORY.map(([datestamp, type, breaking, endpoint, versions, summary, description, visibility]) => ({
        datestamp,
        type,
        breaking,
        endpoint,
        versions,
        summary,
        description,
        link: endpoint ? `https://developers.example.com/reference/rest/${slug(endpoint)}` : null,
        public: visibility !== 'internal' && visibility !== 'next',
        documentation_branch: visibility === 'next' ? 'next' : null,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('changelog_entries').ifExists().execute();
}

function slug(endpoint: string): string {
  return endpoint
    .toLowerCase()
    .replace(/\{[^}]*\}/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

type Seed = [
  datestamp: string,
  type: 'fix' | 'new' | 'feature' | 'refinement' | 'deprecated' | 'sunset' | 'breaking',
  breaking: boolean,
  endpoint: string | null,
  versions: string | null,
  summary: string,
  description: string,
  visibility?: 'internal' | 'next',
];

// The platform's published REST API history (public facts in shared/reference/changelog.md), oldest first.
const HISTORY: Seed[] = [
  [
    '2023-01-17',
    'new',
    false,
    'GET /rest/v1.0/projects',
    '1.0+',
    'List the projects of a company.',
    'Returns the projects the calling user can access in the company named by the `Procore-Company-Id` header. Supports `filters[by_status]` and paging.',
  ],
  [
    '2023-02-08',
    'new',
    false,
    'GET /rest/v1.0/companies/{company_id}/drawing_disciplines',
    '1.0+',
    'List the drawing disciplines of a company.',
    'Drawing disciplines group drawings (Architectural, Structural, MEP …). The list is sorted by name.',
  ],
  [
    '2023-03-02',
    'feature',
    false,
    'GET /rest/v1.0/projects',
    '1.0+',
    'Projects can be filtered by updated_at.',
    'Pass `filters[updated_at]=2023-01-01T00:00:00Z...2023-02-01T00:00:00Z` to fetch only projects changed in a time range — handy for incremental syncs.',
  ],
  [
    '2023-03-21',
    'fix',
    false,
    'GET /rest/v1.0/projects/{project_id}/rfis',
    '1.0+',
    'RFI lists no longer repeat items across pages.',
    'Items with equal `created_at` could appear on two consecutive pages. The list now breaks ties by id.',
  ],
  [
    '2023-04-12',
    'refinement',
    false,
    'POST /rest/v1.0/projects/{project_id}/submittals',
    '1.0+',
    'Submittal creation answers 422 with one error per field.',
    'Validation failures used to answer 400 with a single message. They now answer 422 with `errors` keyed by field name.',
  ],
  [
    '2023-05-04',
    'new',
    false,
    'PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename',
    '1.0+',
    'Rename a drawing discipline in place.',
    'Renames a discipline and every drawing that refers to it in one call.',
  ],
  [
    '2023-05-30',
    'feature',
    false,
    'GET /rest/v1.0/companies/{company_id}/users',
    '1.0+',
    'Company users include their last sign-in time.',
    'Each user now carries `last_login_at` (ISO 8601, UTC, or null when the user never signed in).',
  ],
  [
    '2023-06-22',
    'fix',
    false,
    'GET /rest/v1.0/projects/{project_id}/observations/items',
    '1.0+',
    'Observation items keep their time zone in due_date.',
    'Due dates were shifted by the server time zone for projects outside UTC.',
  ],
  [
    '2023-07-18',
    'new',
    false,
    'GET /rest/v1.0/projects/{project_id}/markup_elements',
    '1.0+',
    'List the markup elements of a drawing revision.',
    'Markup elements (clouds, arrows, text, hyperlinks) of a drawing revision, paged.',
  ],
  [
    '2023-08-09',
    'refinement',
    false,
    null,
    null,
    'Access tokens now expire after 5,400 seconds.',
    'The lifetime of OAuth access tokens went down from 7,200 s to 5,400 s. Refresh tokens are unchanged; clients that refresh on a 401 need no change.',
  ],
  [
    '2023-09-14',
    'deprecated',
    false,
    'PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename',
    '1.0',
    'The in-place rename of drawing disciplines is deprecated.',
    'Use `PATCH /rest/v1.1/companies/{company_id}/drawing_disciplines/{id}` with a new `name` instead. The endpoint stays available for one year; new apps are denied access.',
  ],
  [
    '2023-09-14',
    'new',
    false,
    'PATCH /rest/v1.1/companies/{company_id}/drawing_disciplines/{id}',
    '1.1+',
    'Update a drawing discipline.',
    'Replaces the rename endpoint: send `{"name": "…"}` and any other attribute to change.',
  ],
  [
    '2023-10-03',
    'breaking',
    true,
    'GET /rest/v1.1/projects/{project_id}/markup_elements',
    '1.1+',
    'Markup elements answer a flat list with typed shapes.',
    'Version 1.1 answers a flat array in which each element has a `type` and a type-specific `shape`, instead of elements grouped by layer. Version 1.0 keeps the old format until it is sunset.',
  ],
  [
    '2023-10-03',
    'feature',
    false,
    'GET /rest/v1.1/projects/{project_id}/markup_elements',
    '1.1+',
    'Markup elements can be fetched for a whole project domain.',
    'Pass `filters[domain]=drawings` (or `documents`, `photos`) to fetch the markup of every item of that domain in one paged list.',
  ],
  [
    '2023-11-16',
    'fix',
    false,
    'POST /rest/v1.0/projects/{project_id}/daily_logs/manpower_logs',
    '1.0+',
    'Manpower logs accept zero workers.',
    '`num_workers: 0` was refused with a 422 although the web allows it.',
  ],
  [
    '2023-12-05',
    'new',
    false,
    'GET /rest/v1.0/companies/{company_id}/webhooks/hooks',
    '1.0+',
    'List the webhooks of a company.',
    'Company-level hooks can now be listed and inspected, including their delivery URL and namespace.',
  ],
  [
    '2024-01-23',
    'feature',
    false,
    'GET /rest/v1.0/projects/{project_id}/project_roles',
    '1.0+',
    'Project roles carry created_at and can be filtered by it.',
    'Each role now includes `created_at`; `filters[created_at]` takes a range like other date filters.',
  ],
  [
    '2024-02-13',
    'new',
    false,
    'POST /rest/v1.0/projects/{project_id}/project_roles',
    '1.0+',
    'Create project roles.',
    'Creates a role on a project: `{"project_role": {"role": "Superintendent", "user_id": 42}}`.',
  ],
  [
    '2024-02-29',
    'fix',
    false,
    'GET /rest/v1.0/projects/{project_id}/project_roles',
    '1.0+',
    'Project roles of inactive users are listed again.',
    'Roles held by deactivated users were left out since the 2024-01-23 change.',
  ],
  [
    '2024-03-19',
    'breaking',
    true,
    null,
    null,
    'The company id header is required on every call.',
    'Every request must carry the `Procore-Company-Id` header, including calls whose path names the company. Requests without it answer 400.\n\n```http\nProcore-Company-Id: 8089\n```',
  ],
  [
    '2024-04-10',
    'refinement',
    false,
    'GET /rest/v1.0/projects',
    '1.0+',
    'Project lists default to 100 items per page.',
    'The default page size went from 20 to 100 (the maximum stays 300). Clients that page with `per_page` are not affected.',
  ],
  [
    '2024-05-07',
    'new',
    false,
    'POST /rest/v1.1/companies/{company_id}/uploads',
    '1.1+',
    'Direct uploads: step 1 creates a presigned upload.',
    'Direct upload is three steps: create the upload (this call) to get presigned part URLs, `PUT` the parts to storage, then complete the upload. Large files no longer pass through the API servers.',
  ],
  [
    '2024-05-07',
    'new',
    false,
    'PATCH /rest/v1.1/companies/{company_id}/uploads/{upload_uuid}',
    '1.1+',
    'Direct uploads: step 3 completes the upload.',
    'Send the part ETags to complete a presigned direct upload; the answer carries the `upload_uuid` to attach to documents, drawings or photos.',
  ],
  [
    '2024-05-07',
    'deprecated',
    false,
    'POST /rest/v1.0/companies/{company_id}/uploads',
    '1.0',
    'The single-request upload flow is deprecated.',
    'Use the three-step presigned direct upload of version 1.1. The old flow stays available for one year; new apps are denied access.',
  ],
  [
    '2024-06-18',
    'feature',
    false,
    'GET /rest/v1.0/projects/{project_id}/submittals',
    '1.0+',
    'Submittals can be filtered by ball-in-court user.',
    '`filters[ball_in_court_id]` takes one user id or a list.',
  ],
  [
    '2024-07-25',
    'fix',
    false,
    'GET /rest/v1.0/projects/{project_id}/documents',
    '1.0+',
    'Document names with emoji are returned intact.',
    'Names containing characters outside the Basic Multilingual Plane were truncated in responses.',
  ],
  [
    '2024-08-27',
    'refinement',
    false,
    null,
    null,
    'Rate-limit headers are sent on every response.',
    '`X-Rate-Limit-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` now come with every answer, not only with 429.',
  ],
  [
    '2024-09-16',
    'sunset',
    false,
    'PATCH /rest/v1.0/companies/{company_id}/drawing_disciplines/{id}/rename',
    '1.0',
    'The in-place rename of drawing disciplines is no longer available.',
    'Deprecated on 2023-09-14. Calls answer 410 Gone; use version 1.1.',
  ],
  [
    '2024-10-08',
    'sunset',
    false,
    'GET /rest/v1.0/projects/{project_id}/markup_elements',
    '1.0',
    'Version 1.0 of the markup elements list is no longer available.',
    'Move to version 1.1 (flat list with typed shapes).',
  ],
  [
    '2024-11-12',
    'new',
    false,
    'GET /rest/v1.0/projects/{project_id}/inspections/templates',
    '1.0+',
    'List inspection templates.',
    'The templates a project can create inspections from, with their sections and items.',
  ],
  [
    '2024-12-03',
    'feature',
    false,
    'GET /rest/v1.0/companies/{company_id}/webhooks/hooks/{hook_id}/deliveries',
    '1.0+',
    'Webhook deliveries can be listed per hook.',
    'Each delivery includes the response status and timing, for debugging failed deliveries.',
  ],
  [
    '2025-01-21',
    'breaking',
    true,
    'GET /rest/v1.2/projects/{project_id}/rfis',
    '1.2+',
    'RFI responses nest the assignees.',
    'Version 1.2 answers `assignees` as a list of objects with `id`, `name` and `response_required`, replacing the flat `assignee_ids`.',
  ],
  [
    '2025-02-11',
    'deprecated',
    false,
    'GET /rest/v1.0/projects/{project_id}/rfis',
    '1.0, 1.1',
    'RFI list versions 1.0 and 1.1 are deprecated.',
    'Use version 1.2. Older versions stay available for one year; new apps are denied access.',
  ],
  [
    '2025-03-04',
    'fix',
    false,
    'PATCH /rest/v1.0/projects/{project_id}/change_events/{id}',
    '1.0+',
    'Change event updates keep line items that were not sent.',
    'A partial update removed the line items it did not mention.',
  ],
  [
    '2025-04-15',
    'refinement',
    false,
    'GET /rest/v1.0/companies/{company_id}/users',
    '1.0+',
    'Company user search matches e-mail addresses too.',
    '`filters[search]` now matches name, job title and e-mail address.',
  ],
  [
    '2025-05-20',
    'sunset',
    false,
    'POST /rest/v1.0/companies/{company_id}/uploads',
    '1.0',
    'The single-request upload flow is no longer available.',
    'Deprecated on 2024-05-07. Use the presigned direct upload of version 1.1.',
  ],
  [
    '2025-06-24',
    'new',
    false,
    'GET /rest/v1.0/projects/{project_id}/schedule/tasks',
    '1.0+',
    'List the schedule tasks of a project.',
    'Tasks with start, finish, percentage complete and their predecessors.',
  ],
  [
    '2025-08-05',
    'feature',
    false,
    'GET /rest/v1.0/projects/{project_id}/schedule/tasks',
    '1.0+',
    'Schedule tasks can be filtered by date range.',
    '`filters[start_date]` and `filters[finish_date]` take ISO date ranges.',
  ],
  [
    '2025-09-09',
    'fix',
    false,
    'GET /rest/v1.1/projects/{project_id}/markup_elements',
    '1.1+',
    'Hyperlink markup elements include their target.',
    'The `shape.target` of hyperlink elements was missing for links to other drawings.',
  ],
  [
    '2025-10-21',
    'breaking',
    true,
    'GET /rest/v2.0/companies/{company_id}/projects/{project_id}/budget_views',
    '2.0+',
    'Budget views move to the company-scoped v2.0 path.',
    'Budget views are now read at `/rest/v2.0/companies/{company_id}/projects/{project_id}/budget_views`; amounts are decimal strings instead of floats.',
  ],
  [
    '2025-11-18',
    'deprecated',
    false,
    'GET /rest/v1.0/budget_views',
    '1.0',
    'The unscoped budget views endpoint is deprecated.',
    'Use the company-scoped version 2.0 path. The endpoint stays available for one year.',
  ],
  [
    '2026-01-13',
    'new',
    false,
    'GET /rest/v1.0/projects/{project_id}/correspondence_types',
    '1.0+',
    'List the correspondence types of a project.',
    'Generic tool types (Notices, Letters, …) configured on a project.',
  ],
  [
    '2026-02-10',
    'refinement',
    false,
    'POST /rest/v1.0/projects/{project_id}/observations/items',
    '1.0+',
    'Observation creation checks the assignee can see the project.',
    'An assignee without access to the project now answers 422 instead of creating an item nobody can act on.',
  ],
  [
    '2026-03-17',
    'sunset',
    false,
    'GET /rest/v1.0/projects/{project_id}/rfis',
    '1.0, 1.1',
    'RFI list versions 1.0 and 1.1 are no longer available.',
    'Deprecated on 2025-02-11. Use version 1.2.',
  ],
  [
    '2026-05-05',
    'feature',
    false,
    'GET /rest/v1.2/projects/{project_id}/rfis',
    '1.2+',
    'RFIs can be filtered by responsible contractor.',
    '`filters[responsible_contractor_id]` takes one vendor id or a list.',
  ],
  [
    '2026-07-14',
    'fix',
    false,
    'GET /rest/v1.0/projects/{project_id}/inspections/templates',
    '1.0+',
    'Inspection templates list sections in their configured order.',
    'Sections were sorted by id instead of the order set in the template editor.',
  ],
  [
    '2026-09-22',
    'new',
    false,
    'GET /rest/v1.0/projects/{project_id}/timesheets',
    '1.0+',
    'List the timesheets of a project.',
    'Timesheets with their time entries, approval status and cost codes.',
  ],
  [
    '2026-10-27',
    'refinement',
    false,
    null,
    null,
    'Internal: partner rate limits are raised for certified apps.',
    'Certified marketplace apps get 7,200 requests per hour instead of 3,600. Not announced yet; partners are told by their manager.',
    'internal',
  ],
  [
    '2026-11-10',
    'deprecated',
    false,
    'GET /rest/v1.0/projects/{project_id}/timecard_entries',
    '1.0',
    'Internal: timecard entries will be deprecated for timesheets.',
    'To be announced once timesheets are out of beta.',
    'internal',
  ],
  [
    '2026-12-01',
    'breaking',
    true,
    'GET /rest/v2.0/companies/{company_id}/projects',
    '2.0+',
    'Preview: projects move to the company-scoped v2.0 path.',
    'Only on the `next` documentation branch until version 2.0 of projects is released.',
    'next',
  ],
];
