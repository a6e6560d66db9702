import type { Db } from './db/index';
import { developerAppRepository } from './modules/developer-apps/repository';
import { seedMarketplaceHistory } from './platform/demo-history';

/** Days of installations and views the demo app has (issue 12 "Demo data": about 120). */
export const DEMO_HISTORY_DAYS = 120;

/**
 * One demo app of `ownerId` with a complete published listing and about four months of marketplace
 * views and installations.
 */
export async function seedDemoListing(db: Db, ownerId: number, now = new Date()): Promise<number> {
  const publishedAt = new Date(now.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  const app = await developerAppRepository.insert(
    db,
    { internalName: 'Site Diary Sync', ownerId },
    publishedAt,
  );
  await db
    .updateTable('developer_apps')
    .set({ marketplace_enabled: true, published_at: publishedAt })
    .where('id', '=', app.id)
    .execute();
  const pick = async (table: 'listing_categories' | 'listing_regions' | 'product_tools', count: number) =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(count).execute()).map((row) => row.id);
  const [categoryIds, regionIds, toolIds] = await Promise.all([
    pick('listing_categories', 2),
    pick('listing_regions', 1),
    pick('product_tools', 3),
  ]);
  const countryIds = regionIds.length
    ? (
        await db
          .selectFrom('listing_countries')
          .select('id')
          .where('region_id', 'in', regionIds)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((row) => row.id)
    : [];
  await db
    .insertInto('marketplace_submissions')
    .values({
      developer_app_id: app.id,
      state: 'published',
      approval_state: 'approved',
      public_name: 'Site Diary Sync',
      tagline: 'Daily site diaries, photos and weather, synced to your projects automatically.',
      built_by: 'Acme Integrations',
      sold_by: 'Acme Integrations',
      description:
        'Site Diary Sync turns the notes, photos and weather your crews capture every day into structured daily logs on the right project, without double entry.',
      about:
        'Acme Integrations builds field tools for general contractors. Site Diary Sync is used by crews on more than 400 active job sites.',
      how_it_works:
        '1. Install the app for your company.\n2. Map your projects once.\n3. Crews keep writing their diaries as usual: every entry arrives in the daily log within minutes.',
      category_ids: JSON.stringify(categoryIds),
      region_ids: JSON.stringify(regionIds),
      country_ids: JSON.stringify(countryIds),
      product_tool_ids: JSON.stringify(toolIds),
      feature_bullets: JSON.stringify([
        'Two-way sync of daily logs',
        'Photos filed by date and location',
        'Weather recorded automatically',
      ]),
      requirements: JSON.stringify(['A company administrator account', 'Daily Log tool enabled']),
      helpful_links: JSON.stringify([
        { label: 'Setup guide', url: 'https://example.com/site-diary-sync/setup' },
      ]),
      website_link: JSON.stringify({
        label: 'Acme Integrations',
        url: 'https://example.com/site-diary-sync',
      }),
      support_email: 'support@example.com',
      contact_us_email: 'sales@example.com',
      subscription_required: true,
      connector_required: false,
      has_trials: true,
      pricing_url: 'https://example.com/site-diary-sync/pricing',
      pricing_description: 'From $49 per project per month; 30-day free trial.',
      installable: true,
      submitted_at: publishedAt,
      reviewed_at: publishedAt,
      published_at: publishedAt,
      created_at: publishedAt,
      updated_at: publishedAt,
    })
    .execute();
  await seedMarketplaceHistory(db, app.id, DEMO_HISTORY_DAYS, now);
  return app.id;
}
