import { LISTING_MEDIA, submissionRequest } from '@lintel/shared/listing';
import type { ConfiguredManifestInput } from '@lintel/shared/manifests';
import type { Db } from '../db/index';
import type { UserRow } from '../db/schema';
import { storeBytes } from '../http/multipart';
import type { AuditActor } from '../modules/audit/recorder';
import { type AppContext, loadAppContext } from '../modules/developer-apps/scope';
import type { ListingActor } from '../modules/listings/service';
import type { Platform } from '../platform/types';
import type { Services } from '../services';
import type { Storage } from '../storage/index';
import { demoHistory } from './history';
import { demoLogo, demoScreenshot, SCREENSHOT_ACCENTS } from './images';

/** Days of installations and views the demo app has (issue 12 "Demo data": about 120). */
export const DEMO_HISTORY_DAYS = 120;
export const DEMO_APP_NAME = 'Site Diary Sync';
const DAY_MS = 86_400_000;

/** What the demo app is made with: the services a user's actions go through, and the platform. */
export interface DemoDeps {
  db: Db;
  services: Services;
  platform: Platform;
  storage: Storage;
}

export interface DemoAppOptions {
  /** The developer who creates and owns the app. */
  owner: UserRow;
  /** The platform administrator who grants production access and approves the version and listing. */
  admin: UserRow;
  now?: Date;
  /** How long to wait for the platform to build the sandbox (SANDBOX_PROVISION_DELAY_MS and a margin). */
  sandboxTimeoutMs?: number;
}

/** The builder form of the demo app's versions: user-level sign-in, a side panel and a full-screen page. */
function manifestForm(version: string): ConfiguredManifestInput {
  return {
    auth_code_enabled: true,
    sidepanel: {
      type: 'sidepanel',
      source_url: 'https://example.com/site-diary-sync/panel',
      views: ['rfi.detail', 'inspections.detail', 'observations.list'],
      description: `Today's diary entries beside the record (${version})`,
      user_configuration: {
        schema: {
          type: 'object',
          properties: {
            crew: { name: 'Crew', type: 'string', description: 'The crew whose diary the panel shows.' },
          },
          required: ['crew'],
        },
      },
    },
    fullscreen: {
      type: 'fullscreen',
      source_url: 'https://example.com/site-diary-sync/app',
      views: [],
      description: 'Every diary, photo and weather record of the project',
    },
    service_account_enabled: true,
    permissions: {
      company: { directory: 'readonly' },
      project: { daily_log: 'standard', photos: 'standard', directory: 'readonly' },
    },
    post_installation_instruction: {
      notes: 'Map each of your projects to a Site Diary Sync site once; diaries flow from then on.',
      page: { label: 'Setup guide', url: 'https://example.com/site-diary-sync/setup' },
    },
  };
}

/**
 * Resolves once the platform has finished building the app's sandbox (it provisions in the background),
 * or after `timeoutMs`. Never throws: with SANDBOX_PROVISION_OUTCOME=failed the demo shows the failure
 * path it was asked for, and a sandbox still pending becomes live by itself later.
 */
async function sandboxSettled(platform: Platform, appId: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const sandbox = await platform.sandboxOf(appId);
    if (sandbox?.status !== 'pending' || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The published demo app "Site Diary Sync" of `owner`, made as its developer and a platform administrator
 * would make it, service by service: the app and its sandbox (the platform builds it, the seed waits),
 * production access requested and granted, versions built, promoted, submitted and approved, a listing
 * written, submitted and approved, and about four months of installs and views that reach the portal
 * as the platform's events. Returns the app's id.
 */
export async function seedDemoApp(deps: DemoDeps, options: DemoAppOptions): Promise<number> {
  const { db, services, platform, storage } = deps;
  const { owner, admin } = options;
  const now = options.now ?? new Date();
  // The app's life, backdated: created a little before its listing went live, DEMO_HISTORY_DAYS ago.
  const day = (n: number) => new Date(now.getTime() - (DEMO_HISTORY_DAYS + 6 - n) * DAY_MS);
  const adminActor: AuditActor = { userId: admin.id, clientAddress: null };
  const ownerActor: AuditActor = { userId: owner.id, clientAddress: null };
  const asOwner = (appId: number): Promise<AppContext> => loadAppContext(db, owner, appId);
  const asAdmin = (appId: number): Promise<AppContext> => loadAppContext(db, admin, appId);

  // The developer creates the app; the platform starts building its sandbox.
  const created = await services.developerApps.create(owner, DEMO_APP_NAME, day(0));
  const appId = created.app.id;
  const logo = () =>
    storeBytes(storage, {
      field: 'developer_app[thumbnail]',
      filename: 'site-diary-sync.png',
      bytes: demoLogo(),
      accept: LISTING_MEDIA.logo.types,
    });
  await services.developerApps.update(
    await asOwner(appId),
    {
      redirect_uri: 'https://example.com/site-diary-sync/oauth/callback',
      production_access: 'production_pending',
      thumbnail: await logo(),
    },
    day(0),
  );
  // The administrator grants production access: the platform issues the production credentials.
  await services.adminApps.update(admin, adminActor, appId, { production_access: 'granted' }, day(1));
  await sandboxSettled(platform, appId, options.sandboxTimeoutMs ?? 60_000);

  // Versions: built in the sandbox, promoted with release notes, submitted and approved.
  const release = async (version: string, notes: string, at: Date) => {
    const sandbox = await services.manifests.create(
      await asOwner(appId),
      { semantic_version: version, configured_manifest_content: manifestForm(version) },
      at,
    );
    const production = await services.manifests.promote(
      await asOwner(appId),
      { source_app_version_id: sandbox.row.id, changelog: notes },
      new Date(at.getTime() + 3_600_000),
    );
    const id = production.row.id;
    await services.manifests.review(
      await asOwner(appId),
      id,
      { id, state: 'in_review', developer_notes: `Please review ${version}.` },
      ownerActor,
      new Date(at.getTime() + 2 * 3_600_000),
    );
    await services.manifests.review(
      await asAdmin(appId),
      id,
      { id, state: 'published', admin_notes: 'Reviewed: permissions match what the app does.' },
      adminActor,
      new Date(at.getTime() + 20 * 3_600_000),
    );
    return id;
  };
  await release('0.1.0', 'First release: daily diaries in a side panel.', day(1));
  const listedVersion = await release(
    '1.0.0',
    'Photos filed by date and location; weather recorded.',
    day(3),
  );

  // The listing: written and submitted by the developer, approved by the administrator.
  const reference = await services.listings.referenceData();
  // Reference data by name (the demo reads well), falling back to the first ones a deployment has.
  const named = <T>(rows: T[], names: string[], name: (row: T) => string, count: number): T[] => {
    const chosen = rows.filter((row) => names.includes(name(row)));
    return chosen.length > 0 ? chosen : rows.slice(0, count);
  };
  const [region] = named(reference.regions, ['North America'], (r) => r.name, 1);
  const picture = (n: number) =>
    storeBytes(storage, {
      field: `submission[pictures_attributes][${n}][file]`,
      filename: `site-diary-sync-${n + 1}.png`,
      bytes: demoScreenshot(SCREENSHOT_ACCENTS[n % SCREENSHOT_ACCENTS.length] ?? [67, 56, 202]),
      accept: LISTING_MEDIA.picture.types,
    });
  const captions = ['Diaries beside every RFI', 'Photos filed by date and place', 'Weather on every day'];
  const draft = submissionRequest.parse({
    submission: {
      public_name: DEMO_APP_NAME,
      tagline: 'Daily site diaries, photos and weather, synced to your projects automatically.',
      built_by: owner.company_name,
      sold_by: owner.company_name,
      description:
        'Site Diary Sync turns the notes, photos and weather your crews capture every day into structured daily logs on the right project, without double entry.',
      about: `${owner.company_name} builds field tools for general contractors. Site Diary Sync is used by crews on more than 400 active job sites.`,
      how_it_works:
        '1. Install the app for your company.\n2. Map your projects once.\n3. Crews keep writing their diaries as usual: every entry arrives in the daily log within minutes.',
      category_ids: named(
        reference.categories,
        ['Field Productivity', 'Project Management'],
        (c) => c.name,
        2,
      ).map((c) => c.id),
      app_version_id: listedVersion,
      draft_developer_notes: 'Our first listing.',
      installable: true,
      subscription_required: true,
      connector_required: false,
      has_trials: true,
      pricing_url: 'https://example.com/site-diary-sync/pricing',
      pricing_description: 'From $49 per project per month; 30-day free trial.',
      region_ids: region ? [region.id] : [],
      country_ids: region ? region.countries.map((c) => c.id) : [],
      helpful_links: [{ label: 'Setup guide', url: 'https://example.com/site-diary-sync/setup' }],
      feature_bullets: [
        'Two-way sync of daily logs',
        'Photos filed by date and location',
        'Weather recorded automatically',
      ],
      website_link: { label: 'Site Diary Sync help', url: 'https://example.com/site-diary-sync/help' },
      support_email: 'support@example.com',
      product_tool_ids: named(
        reference.productTools,
        ['Daily Log', 'Photos', 'Observations'],
        (t) => t.title,
        3,
      ).map((t) => t.id),
      requirements: ['A company administrator account', 'The Daily Log tool enabled'],
      contact_us_email: 'sales@example.com',
      security_questionnaire_visible: false,
      small_logo: await storeBytes(storage, {
        field: 'submission[small_logo]',
        filename: 'site-diary-sync-logo.png',
        bytes: demoLogo(),
        accept: LISTING_MEDIA.logo.types,
      }),
      pictures_attributes: await Promise.all(
        captions.map(async (description, n) => ({ file: await picture(n), description })),
      ),
    },
  }).submission;
  const ownerContext = await asOwner(appId);
  const developer: ListingActor = {
    user: owner,
    admin: false,
    canSubmit: ownerContext.permissions.canSubmitMarketplaceApp,
    clientAddress: null,
  };
  const saved = await services.listings.save(developer, appId, null, draft, day(5));
  await services.listings.save(
    developer,
    appId,
    saved.view.row.id,
    submissionRequest.parse({ submission: { state: 'in_review' } }).submission,
    day(5),
  );
  const reviewer: ListingActor = { user: admin, admin: true, canSubmit: true, clientAddress: null };
  await services.listings.approve(
    reviewer,
    appId,
    saved.view.row.id,
    { admin_message: 'Welcome to the marketplace!' },
    day(6),
  );

  // A newer version in the sandbox, ready for testing: the next release in the works.
  await services.manifests.create(
    await asOwner(appId),
    { semantic_version: '1.1.0', configured_manifest_content: manifestForm('1.1.0') },
    new Date(now.getTime() - 2 * DAY_MS),
  );

  // Four months in the marketplace, as the platform reports them.
  await services.marketplace.receiveMany(appId, demoHistory(appId, DEMO_HISTORY_DAYS, now));
  return appId;
}
