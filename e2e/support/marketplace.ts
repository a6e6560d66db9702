import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiSession } from './api';
import { uniqueAppName } from './developer-apps';
import { pngOf } from './images';

const MANIFEST = JSON.stringify({
  schema_version: '4.1',
  app_manifest: { uid: 'site-diary', name: 'Site Diary' },
  fullscreen: { source_url: 'https://tiles.example/app', description: 'Dashboard' },
  permissions: { project: { budgeting: 'readonly' } },
});

/**
 * A published marketplace listing made through the API, as the listing journey makes one by hand: an
 * app with a live sandbox and a promoted version, a complete listing with its logo and three
 * screenshots submitted by its owner, approved by a platform administrator.
 */
export async function publishListingViaApi(
  page: Page,
  session: ApiSession,
  admin: { request: APIRequestContext; session: ApiSession },
  publicName: string,
): Promise<number> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const adminHeaders = { 'X-CSRF-Token': admin.session.csrfToken };
  const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };
  const { id: appId } = (await ok(
    await page.request.post('/api/v1/developer_apps', {
      data: { internal_name: uniqueAppName('Market App') },
      headers,
    }),
    201,
  )) as { id: number };
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox?.status,
      { timeout: 30_000 },
    )
    .toBe('live');
  await ok(
    await admin.request.patch(`/api/v1/admin/developer_apps/${appId}`, {
      data: { developer_app: { production_access: 'granted', marketplace_enabled: true } },
      headers: adminHeaders,
    }),
  );
  const version = (await ok(
    await page.request.post('/api/v1/app_versioned_manifests', {
      data: {
        developer_app_id: appId,
        environment_type: 'Sandbox',
        semantic_version: '1.0.0',
        content: MANIFEST,
      },
      headers,
    }),
    201,
  )) as { id: number };
  const promoted = (await ok(
    await page.request.post('/api/v1/app_version_promotions', {
      data: { app_version_promotion: { source_app_version_id: version.id, changelog: 'First release' } },
      headers,
    }),
    201,
  )) as { id: number };
  // The promotion answers the production version it made: the version the listing offers.
  const appVersionId = promoted.id;

  const categories = (await ok(await page.request.get('/api/v1/categories'))) as { id: number }[];
  const regions = (await ok(await page.request.get('/api/v1/regions'))) as {
    id: number;
    countries: { id: number }[];
  }[];
  const region = regions[0];
  if (!region || categories.length < 2) throw new Error('no listing reference data');
  const saved = (await ok(
    await page.request.post(`/api/v1/developer_apps/${appId}/submissions`, {
      data: {
        submission: {
          public_name: publicName,
          tagline: 'Daily logs from the field, in one place',
          built_by: 'E2E Works',
          sold_by: 'E2E Works',
          description: 'Syncs the daily logs of every project with your office systems.',
          about: 'E2E Works builds tools for general contractors.',
          how_it_works: 'Connect your account, map your projects, and the logs flow both ways.',
          category_ids: [categories[0]?.id, categories[1]?.id],
          app_version_id: appVersionId,
          draft_developer_notes: 'First listing.',
          installable: true,
          subscription_required: true,
          connector_required: false,
          has_trials: true,
          pricing_url: 'https://e2e.example/pricing',
          pricing_description: 'Per project, per month.',
          region_ids: [region.id],
          country_ids: region.countries.map((country) => country.id),
          feature_bullets: [
            'Daily logs synced both ways',
            'Photos attached to each entry',
            'Weather recorded',
          ],
          website_link: { label: 'Help centre', url: 'https://e2e.example/help' },
          support_email: 'support@e2e.example',
          contact_us_email: 'sales@e2e.example',
          security_questionnaire_visible: false,
        },
      },
      headers,
    }),
  )) as { id: number };
  const picture = (index: number) => ({
    name: `shot-${index}.png`,
    mimeType: 'image/png',
    buffer: pngOf(1280, 720),
  });
  await ok(
    await page.request.patch(`/api/v1/submissions/${saved.id}`, {
      multipart: {
        'submission[small_logo]': { name: 'logo.png', mimeType: 'image/png', buffer: pngOf(256, 256) },
        'submission[pictures_attributes][0][file]': picture(0),
        'submission[pictures_attributes][1][file]': picture(1),
        'submission[pictures_attributes][2][file]': picture(2),
      },
      headers,
    }),
  );
  await ok(
    await page.request.patch(`/api/v1/submissions/${saved.id}`, {
      data: { submission: { state: 'in_review' } },
      headers,
    }),
  );
  await ok(
    await admin.request.patch(`/api/v1/admin/submissions/${saved.id}`, {
      data: { submission: { approval_state: 'approved' } },
      headers: adminHeaders,
    }),
  );
  return appId;
}
