import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ApiSession } from './api';
import { uniqueAppName } from './developer-apps';
import { pngOf } from './images';

const MANIFEST = JSON.stringify({
  schema_version: '4.1',
  app_manifest: { uid: 'crane-tracker', name: 'Crane Tracker' },
  fullscreen: { source_url: 'https://tiles.example/app', description: 'Dashboard' },
  permissions: { project: { budgeting: 'readonly' } },
});

/** A platform administrator's request context and session (the admin half of a journey). */
export interface AdminApi {
  request: APIRequestContext;
  session: ApiSession;
}

/**
 * Promotes a new version of the app (a sandbox version, then its promotion to production) through the
 * API, as the developer; answers the production version's id (what a listing's app_version_id names).
 */
export async function promoteVersion(
  request: APIRequestContext,
  session: ApiSession,
  appId: number,
  semanticVersion: string,
): Promise<number> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const version = await request.post('/api/v1/app_versioned_manifests', {
    data: {
      developer_app_id: appId,
      environment_type: 'Sandbox',
      semantic_version: semanticVersion,
      content: MANIFEST,
    },
    headers,
  });
  expect(version.status(), await version.text()).toBe(201);
  const promoted = await request.post('/api/v1/app_version_promotions', {
    data: {
      app_version_promotion: {
        source_app_version_id: ((await version.json()) as { id: number }).id,
        changelog: `Release ${semanticVersion}`,
      },
    },
    headers,
  });
  expect(promoted.status(), await promoted.text()).toBe(201);
  const body = (await promoted.json()) as { id?: number; app_version_id?: number };
  return (body.app_version_id ?? body.id) as number;
}

/**
 * An app with a live sandbox and a promoted (production) version 1.0.0, made through the API; a platform
 * administrator grants it production access and enables its marketplace listing.
 */
export async function appWithPromotedVersion(
  page: Page,
  session: ApiSession,
  admin: AdminApi,
): Promise<number> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const created = await page.request.post('/api/v1/developer_apps', {
    data: { internal_name: uniqueAppName('Listing App') },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const appId = ((await created.json()) as { id: number }).id;
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/v1/developer_apps/${appId}`)).json()).sandbox?.status,
      { timeout: 30_000 },
    )
    .toBe('live');
  const granted = await admin.request.patch(`/api/v1/admin/developer_apps/${appId}`, {
    data: { developer_app: { production_access: 'granted', marketplace_enabled: true } },
    headers: { 'X-CSRF-Token': admin.session.csrfToken },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await promoteVersion(page.request, session, appId, '1.0.0');
  return appId;
}

/** A submission as the journeys read it. */
export interface SubmissionBody {
  id: number;
  state: string;
  approval_state: string;
  silent: boolean;
  pictures: { id: number; original_filename: string }[];
}

/** The app_version_id of the app's only production version (the one appWithPromotedVersion makes). */
export async function onlyProductionVersionId(request: APIRequestContext, appId: number): Promise<number> {
  const response = await request.get(
    `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=ProductionEnvironment`,
  );
  expect(response.status(), await response.text()).toBe(200);
  const versions = (await response.json()) as { app_version_id: number }[];
  expect(versions).toHaveLength(1);
  return (versions[0] as { app_version_id: number }).app_version_id;
}

/**
 * A complete listing saved through the API by the developer (every required field, a logo and three
 * screenshots), naming the app's only promoted version; answers the saved submission.
 */
export async function completeListingViaApi(
  request: APIRequestContext,
  session: ApiSession,
  appId: number,
): Promise<SubmissionBody> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const categories = (await (await request.get('/api/v1/categories')).json()) as { id: number }[];
  const regions = (await (await request.get('/api/v1/regions')).json()) as {
    id: number;
    countries: { id: number }[];
  }[];
  const region = regions[0];
  if (!categories[0] || !region) throw new Error('no reference data');
  const saved = await request.post(`/api/v1/developer_apps/${appId}/submissions`, {
    headers,
    data: {
      submission: {
        public_name: 'Crane Tracker',
        tagline: 'Track every crane on site',
        built_by: 'E2E Works',
        sold_by: 'E2E Works',
        description: 'Crane Tracker follows every crane lift on your projects.',
        about: 'We build tools for site managers.',
        how_it_works: 'Connect your company and pick the projects.',
        category_ids: [categories[0].id],
        app_version_id: await onlyProductionVersionId(request, appId),
        draft_developer_notes: 'First listing.',
        subscription_required: false,
        connector_required: false,
        has_trials: true,
        pricing_description: 'Per project, per month.',
        region_ids: [region.id],
        country_ids: region.countries.map((country) => country.id),
        feature_bullets: ['Lift logs', 'Crane maps', 'Daily reports'],
        website_link: { label: 'Help centre', url: 'https://help.example.com' },
        support_email: 'support@example.com',
        contact_us_email: 'sales@example.com',
        security_questionnaire_visible: false,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const id = ((await saved.json()) as SubmissionBody).id;
  const media = await request.patch(`/api/v1/submissions/${id}`, {
    headers,
    multipart: {
      'submission[small_logo]': { name: 'logo.png', mimeType: 'image/png', buffer: pngOf(256, 256) },
      'submission[pictures_attributes][0][file]': {
        name: 'shot-1.png',
        mimeType: 'image/png',
        buffer: pngOf(1280, 720),
      },
      'submission[pictures_attributes][1][file]': {
        name: 'shot-2.png',
        mimeType: 'image/png',
        buffer: pngOf(1024, 768),
      },
      'submission[pictures_attributes][2][file]': {
        name: 'shot-3.png',
        mimeType: 'image/png',
        buffer: pngOf(1280, 720),
      },
    },
  });
  expect(media.status(), await media.text()).toBe(200);
  return (await media.json()) as SubmissionBody;
}

/** Saves changes to a submission (or the app's listing) through the developer's API. */
export async function saveListingViaApi(
  request: APIRequestContext,
  session: ApiSession,
  target: { submissionId: number } | { appId: number },
  submission: Record<string, unknown>,
): Promise<SubmissionBody> {
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const response =
    'submissionId' in target
      ? await request.patch(`/api/v1/submissions/${target.submissionId}`, { headers, data: { submission } })
      : await request.post(`/api/v1/developer_apps/${target.appId}/submissions`, {
          headers,
          data: { submission },
        });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SubmissionBody;
}
