import { type Kysely, sql } from 'kysely';

/**
 * The marketplace listing (spec 3, issue 10): reference data seeded with realistic values, the
 * submissions with every field of spec 3 §3, their media, the embedded video host's videos and the
 * review history. Self-contained: the app version a listing names is an integer the manifests area
 * resolves (no foreign key to a table of another migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('developer_apps')
    .addColumn('marketplace_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('listing_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('listing_regions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('listing_countries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('region_id', 'integer', (c) =>
      c.notNull().references('listing_regions.id').onDelete('cascade'),
    )
    .addColumn('iso_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listing_countries_region')
    .on('listing_countries')
    .column('region_id')
    .execute();
  await db.schema
    .createTable('product_tools')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('security_standards')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('standard_name', 'text', (c) => c.notNull())
    .addColumn('variant', 'text')
    .execute();

  await db.schema
    .createTable('marketplace_submissions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('approval_state', 'text', (c) => c.notNull().defaultTo('unreviewed'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('admin_message', 'text')
    .addColumn('rejection_reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('silent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_concierge_app', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('public_name', 'text')
    .addColumn('tagline', 'text')
    .addColumn('built_by', 'text')
    .addColumn('sold_by', 'text')
    .addColumn('description', 'text')
    .addColumn('about', 'text')
    .addColumn('how_it_works', 'text')
    .addColumn('category_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('app_version_id', 'integer')
    .addColumn('draft_developer_notes', 'text')
    .addColumn('installable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('beta', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('security_badge', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notes', 'text')
    .addColumn('subscription_required', 'boolean')
    .addColumn('connector_required', 'boolean')
    .addColumn('has_trials', 'boolean')
    .addColumn('pricing_url', 'text')
    .addColumn('pricing_description', 'text')
    .addColumn('region_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('country_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('helpful_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('feature_bullets', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('website_link', 'jsonb')
    .addColumn('support_email', 'text')
    .addColumn('product_tool_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('requirements', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('contact_us_email', 'text')
    .addColumn('learn_how_url', 'text')
    .addColumn('create_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('made_by_platform', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('platform_certified_partner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('security_questionnaire_visible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('security_questionnaire', 'jsonb')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('marketplace_submissions_state', sql`state in ('draft', 'in_review', 'published')`)
    .addCheckConstraint(
      'marketplace_submissions_approval_state',
      sql`approval_state in ('unreviewed', 'approved', 'rejected')`,
    )
    .execute();
  // The app's newest submission, and its newest published one.
  await db.schema
    .createIndex('marketplace_submissions_app')
    .on('marketplace_submissions')
    .columns(['developer_app_id', 'id'])
    .execute();

  await db.schema
    .createTable('listing_media')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('marketplace_submissions.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('hashed_id', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // A copy made when a published listing gets a new draft: the id the form still names.
    .addColumn('copied_from_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'listing_media_type',
      sql`type in ('Picture', 'Video', 'Logo', 'Document', 'ShowcaseVideo')`,
    )
    .execute();
  await db.schema
    .createIndex('listing_media_submission')
    .on('listing_media')
    .columns(['submission_id', 'type', 'position'])
    .execute();
  await db.schema
    .createIndex('listing_media_storage_key')
    .on('listing_media')
    .column('storage_key')
    .execute();

  await db.schema
    .createTable('video_host_medias')
    .addColumn('hashed_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('listing_review_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('marketplace_submissions.id').onDelete('cascade'),
    )
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('listing_review_events_state', sql`state in ('submitted', 'approved', 'rejected')`)
    .execute();
  await db.schema
    .createIndex('listing_review_events_submission')
    .on('listing_review_events')
    .column('submission_id')
    .execute();

  await seedReferenceData(db);
}

const CATEGORIES = [
  'Accounting',
  'Analytics & Reporting',
  'Bid Management',
  'BIM & 3D Models',
  'Document Management',
  'Drones & Reality Capture',
  'Equipment Management',
  'ERP',
  'Estimating',
  'Field Productivity',
  'Payments',
  'Project Management',
  'Quality & Safety',
  'Scheduling',
  'Workforce Management',
];

const REGIONS: [string, [string, string][]][] = [
  [
    'North America',
    [
      ['US', 'United States'],
      ['CA', 'Canada'],
      ['MX', 'Mexico'],
    ],
  ],
  [
    'Europe',
    [
      ['GB', 'United Kingdom'],
      ['IE', 'Ireland'],
      ['FR', 'France'],
      ['DE', 'Germany'],
      ['ES', 'Spain'],
      ['NL', 'Netherlands'],
      ['SE', 'Sweden'],
      ['PL', 'Poland'],
    ],
  ],
  [
    'Asia Pacific',
    [
      ['AU', 'Australia'],
      ['NZ', 'New Zealand'],
      ['SG', 'Singapore'],
      ['JP', 'Japan'],
      ['IN', 'India'],
    ],
  ],
  [
    'Latin America',
    [
      ['BR', 'Brazil'],
      ['CL', 'Chile'],
      ['CO', 'Colombia'],
      ['AR', 'Argentina'],
      ['PE', 'Peru'],
    ],
  ],
  [
    'Middle East & Africa',
    [
      ['AE', 'United Arab Emirates'],
      ['SA', 'Saudi Arabia'],
      ['ZA', 'South Africa'],
    ],
  ],
];

const PRODUCT_TOOLS = [
  'Budget',
  'Change Orders',
  'Commitments',
  'Daily Log',
  'Directory',
  'Documents',
  'Drawings',
  'Incidents',
  'Inspections',
  'Meetings',
  'Observations',
  'Photos',
  'Punch List',
  'RFIs',
  'Schedule',
  'Specifications',
  'Submittals',
  'Timesheets',
];

const SECURITY_STANDARDS: [string, string | null][] = [
  ['ISO/IEC 27001', '2013'],
  ['ISO/IEC 27001', '2022'],
  ['ISO/IEC 27017', null],
  ['ISO/IEC 27018', null],
  ['SOC 2', 'Type I'],
  ['SOC 2', 'Type II'],
  ['PCI DSS', 'v4.0'],
  ['CSA STAR', 'Level 1'],
  ['CSA STAR', 'Level 2'],
  ['FedRAMP', 'Moderate'],
  ['NIST CSF', '2.0'],
  ['Cyber Essentials', 'Plus'],
];

async function seedReferenceData(db: Kysely<unknown>): Promise<void> {
  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  await any
    .insertInto('listing_categories')
    .values(CATEGORIES.map((name) => ({ name })))
    .execute();
  for (const [name, countries] of REGIONS) {
    const region = await any
      .insertInto('listing_regions')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await any
      .insertInto('listing_countries')
      .values(countries.map(([iso_code, country]) => ({ region_id: region.id, iso_code, name: country })))
      .execute();
  }
  await any
    .insertInto('product_tools')
    .values(PRODUCT_TOOLS.map((title) => ({ title })))
    .execute();
  await any
    .insertInto('security_standards')
    .values(SECURITY_STANDARDS.map(([standard_name, variant]) => ({ standard_name, variant })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'listing_review_events',
    'video_host_medias',
    'listing_media',
    'marketplace_submissions',
    'security_standards',
    'product_tools',
    'listing_countries',
    'listing_regions',
    'listing_categories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('developer_apps').dropColumn('marketplace_enabled').execute();
}
