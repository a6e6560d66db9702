import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { waitForItemsOrEmpty } from './lists';

/** What the apps API answers for one app (the fields the journeys look at). */
export interface DeveloperAppBody {
  id: number;
  internal_name: string;
  current_user_role: 'owner' | 'admin' | 'developer' | null;
  sandbox: { id: number; status: 'pending' | 'live' | 'failed'; app_id: string | null } | null;
}

/** The subject of the e-mail an invitation sends (apps/server/src/jobs/mail/templates.ts). */
export const invitationSubject = (inviterName: string, appName: string): string =>
  `${inviterName} invited you to collaborate on ${appName}`;

/** An app name no other run or journey uses. */
export function uniqueAppName(label: string): string {
  return `${label} ${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The id in /developer_apps/{id}[/{tab}], from the page's URL. */
export function appIdFrom(page: Page): number {
  const match = new URL(page.url()).pathname.match(/^\/developer_apps\/(\d+)(?:\/|$)/);
  if (!match?.[1]) throw new Error(`${page.url()} is not an app page.`);
  return Number(match[1]);
}

/** The app page's left tab navigation. */
export const appTabs = (page: Page): Locator => page.getByRole('navigation', { name: 'App sections' });

/** The tabs offered while the app has no metrics (spec 2 §2), in order. */
export const TAB_NAMES = [
  'Configurations',
  'Versions',
  'Settings',
  'OAuth credentials',
  'Collaborators',
  'Marketplace listing',
  'API activity',
  'Webhooks',
] as const;
/** A tab of the app page: the ones always offered, and Metrics once the app has metrics data. */
export type TabName = (typeof TAB_NAMES)[number] | 'Metrics';

/** Opens a tab through the left navigation and waits until it is the current one. */
export async function openTab(page: Page, name: TabName): Promise<void> {
  const tab = appTabs(page).getByRole('link', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-current', 'page');
}

/** A card of an app page, found by its heading (the cards are sections labelled by their titles). */
export const section = (page: Page, title: string): Locator =>
  page.getByRole('main').getByRole('region', { name: title, exact: true });

/** The "Sandbox" card: on the pending page and in the OAuth credentials tab. */
export const sandboxCard = (page: Page): Locator => section(page, 'Sandbox');

/** The collaborators table of the Collaborators tab. */
export const collaboratorsTable = (page: Page): Locator =>
  page.getByRole('table', { name: 'Collaborators and invitations' });

/** A row of the collaborators table, found by the e-mail address it shows. */
export const memberRow = (page: Page, email: string): Locator =>
  collaboratorsTable(page).getByRole('row').filter({ hasText: email });

/** The owner, admin and developer radios of one person's row. */
export function roleRadios(page: Page, name: string): { owner: Locator; admin: Locator; developer: Locator } {
  const radio = (role: string) =>
    collaboratorsTable(page).getByRole('radio', { name: `${role} role for ${name}`, exact: true });
  return { owner: radio('Owner'), admin: radio('Admin'), developer: radio('Developer') };
}

/** Waits for the collaborators table to have loaded its rows (collaborators and invitations). */
export async function waitForCollaborators(page: Page): Promise<void> {
  await expect(collaboratorsTable(page).getByRole('row').nth(1)).toBeVisible();
}

/** The apps list has loaded: either app cards or the empty state, so an absent card means something. */
export async function waitForAppsList(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Apps', exact: true })).toBeVisible();
  await waitForItemsOrEmpty(page.getByRole('main'), 'listitem', 'You have no apps yet');
}

/**
 * Creates an app through the API as the signed-in user of `page` and waits (polling the API) until the
 * embedded platform has built its sandbox, so the app page opens live.
 */
export async function createLiveAppViaApi(
  page: Page,
  csrfToken: string,
  name: string,
): Promise<DeveloperAppBody> {
  const created = await page.request.post('/api/v1/developer_apps', {
    data: { internal_name: name },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as DeveloperAppBody;
  let app: DeveloperAppBody | undefined;
  await expect
    .poll(
      async () => {
        app = (await (await page.request.get(`/api/v1/developer_apps/${id}`)).json()) as DeveloperAppBody;
        return app.sandbox?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('live');
  if (!app) throw new Error(`App ${id} was not read back.`);
  return app;
}
