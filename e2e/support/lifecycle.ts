import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type NewUser, signIn } from './api';
import { appIdFrom, appTabs, openTab, section, waitForAppsList } from './developer-apps';
import { CLASSIC_STATE } from './form-experience';
import { pngOf } from './images';
import { screen } from './screens';

/**
 * The app lifecycle walked twice over (issue 20, "Tests"), shared by the journeys of both app layouts:
 * lifecycle-tabbed.spec.ts (the opt-in form experience) and lifecycle-classic.spec.ts (the default
 * single page). Everything the developer and the administrator do goes through the screens; only the
 * sign-up and sign-in go through the API, as in every journey. What differs between the layouts (where
 * a version is built and promoted, where the listing sits, how the report is reached) is decided here,
 * once, by `layout`; the story and its checks are the same.
 */
export type Layout = 'tabbed' | 'classic';

/** The people of one lifecycle journey and the app they pass between them. */
export interface Lifecycle {
  layout: Layout;
  browser: Browser;
  /** The developer (the app's owner), in a browser context of their own. */
  developer: Page;
  /** A platform administrator, in another browser context. */
  admin: Page;
  appName: string;
  /** The listing's public name: what customers search for in the marketplace. */
  publicName: string;
  appId: number;
  /** The company that installs the app from the marketplace. */
  company: string;
}

/** Everything the listing says, first pass and second. */
export const LISTING = {
  /** The first draft's tagline: placeholder text the reviewers refuse. */
  placeholderTagline: 'TODO: tagline',
  tagline: 'Site diaries from the field, in one place',
  updatedTagline: 'Site diaries, photos and weather, in one place',
  rejectionMessage: 'Almost there: two things to fix before we publish.',
  placeholderNote: 'The tagline is placeholder text.',
  screenshotNote: 'The third screenshot is a login page: show the diary.',
  approvalMessage: 'Welcome to the marketplace.',
  updateMessage: 'Update approved: thanks for keeping the listing current.',
} as const;

/** One review of the listing that ends in an approval: its queue label, message and the history after it. */
interface ListingPass {
  listing: 'New' | 'Update';
  message: string;
  /** The prefix of the administrator's screenshots. */
  shot: string;
  /** The developer's screenshot of the published listing. */
  developerShot: string;
  history: { rejected: number; approved: number; messages: readonly string[] };
}

const FIRST_APPROVAL: ListingPass = {
  listing: 'New',
  message: LISTING.approvalMessage,
  shot: 'admin-listing',
  developerShot: 'listing-published',
  history: { rejected: 1, approved: 1, messages: [LISTING.rejectionMessage, LISTING.approvalMessage] },
};

const UPDATE_APPROVAL: ListingPass = {
  listing: 'Update',
  message: LISTING.updateMessage,
  shot: 'admin-update',
  developerShot: 'listing-update-published',
  history: {
    rejected: 1,
    approved: 2,
    messages: [LISTING.rejectionMessage, LISTING.approvalMessage, LISTING.updateMessage],
  },
};

const VERSIONS = {
  first: { version: '0.1.0', url: 'https://diary.example.com/app', notes: 'First release: the diary.' },
  second: {
    version: '0.2.0',
    url: 'https://diary.example.com/v2/app',
    notes: 'Second release: photos and weather on every entry.',
  },
} as const;
type Release = (typeof VERSIONS)[keyof typeof VERSIONS];

/** A marker no other run or journey uses, for names. */
const unique = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/**
 * Starts a lifecycle: the developer and the administrator signed in (through the API), each in a browser
 * context of their own with the layout's storage state.
 */
export async function startLifecycle(
  layout: Layout,
  page: Page,
  browser: Browser,
  people: { developer: NewUser; admin: NewUser },
): Promise<Lifecycle> {
  const id = unique();
  await signIn(page, people.developer);
  const adminContext = await browser.newContext(layout === 'classic' ? { storageState: CLASSIC_STATE } : {});
  const admin = await adminContext.newPage();
  await signIn(admin, people.admin);
  return {
    layout,
    browser,
    developer: page,
    admin,
    appName: `Lifecycle ${layout} ${id}`,
    publicName: `Site Diary ${id}`,
    appId: 0,
    company: `Harbour Builders ${id}`,
  };
}

export async function endLifecycle(journey: Lifecycle): Promise<void> {
  await journey.admin.context().close();
}

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

// ---- Where things are, per layout ----

const appPath = (journey: Lifecycle) => `/developer_apps/${journey.appId}`;

/** The classic page's section of a tab, as a landmark labelled by its heading. */
const classicSection = (page: Page, title: string) =>
  page.getByRole('main').getByRole('region', { name: title, exact: true });

/** The Manifests section of the classic page (spec 2 §2: Sandbox and Production tabs). */
const manifests = (page: Page) => classicSection(page, 'Manifests');

/** The version header of the tabbed Configurations tab, and its status badge. */
const versionHeader = (page: Page) =>
  page.getByRole('main').getByRole('region', { name: /^(Version|New app version)/ });
const versionStatus = (page: Page) => versionHeader(page).getByTestId('version-status');

/** Opens the developer's app page where the listing is: its tab, or its section of the single page. */
export async function openListing(journey: Lifecycle, page = journey.developer): Promise<Locator> {
  if (journey.layout === 'tabbed') {
    await page.goto(`${appPath(journey)}/marketplaceListing`);
    await expect(appTabs(page).getByRole('link', { name: 'Marketplace listing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const scope = page.getByRole('main');
    await expect(scope.getByRole('tab', { name: /App Information/ })).toBeVisible();
    return scope;
  }
  await page.goto(appPath(journey));
  // The single page's own table of contents leads to the section.
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Marketplace listing' })
    .click();
  const scope = classicSection(page, 'Marketplace listing');
  await expect(scope.getByRole('tab', { name: /App Information/ })).toBeVisible();
  await expect(scope.getByRole('tab', { name: /App Information/ })).toBeInViewport();
  return scope;
}

const field = (scope: Locator, name: RegExp) => scope.getByRole('textbox', { name });
const listingTab = (scope: Locator, name: RegExp) => scope.getByRole('tab', { name });
const fileInput = (scope: Locator, label: string) =>
  scope.locator(`input[type="file"][aria-label="${label}"]`);

// ---- The app ----

/** The developer creates the app from the apps list; its page turns live by itself. */
export async function createApp(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  await page.goto('/developer_apps');
  await waitForAppsList(page);
  await button(page, 'Create a New App').click();
  const modal = page.getByRole('dialog', { name: 'Create a New App' });
  await modal.getByRole('textbox', { name: 'App Name' }).fill(journey.appName);
  await screen(page, 'create-app');
  await button(modal, 'Create App').click();
  await expect(page).toHaveURL(/\/developer_apps\/\d+$/);
  journey.appId = appIdFrom(page);
  await expect(page.getByRole('heading', { level: 1, name: journey.appName })).toBeVisible();
  // The embedded platform builds the sandbox after a few seconds; the page polls until it is live.
  if (journey.layout === 'tabbed') {
    await expect(appTabs(page)).toBeVisible({ timeout: 20_000 });
    await expect(versionStatus(page)).toHaveText('Draft');
  } else {
    await expect(manifests(page)).toBeVisible({ timeout: 20_000 });
    await expect(appTabs(page)).toHaveCount(0);
  }
  await screen(page, 'app-live');
}

/** Goes to Admin → {item} through the top navigation. */
async function adminMenu(page: Page, item: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Types into a list's search box and waits for the list's answer to that search, so the rows shown (and
 * checked by axe) are the search's, not the previous page's dimmed while it reloads.
 */
async function searchList(page: Page, label: string, text: string, apiPath: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === apiPath &&
      new URL(response.url()).searchParams.get('filters[search]') === text,
  );
  await page.getByRole('searchbox', { name: label }).fill(text);
  expect((await answered).status()).toBe(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Admin → Developer Apps, searched for the journey's app. */
async function openAdminListOf(journey: Lifecycle): Promise<void> {
  const page = journey.admin;
  await adminMenu(page, 'Developer Apps');
  await expect(page).toHaveURL(/\/admin\/developer_apps(\?.*)?$/);
  await searchList(page, 'Search', journey.appName, '/api/v1/admin/developer_apps');
}

/** The journey's app's row in an admin list. */
const appRowOf = (journey: Lifecycle) =>
  journey.admin
    .getByRole('row')
    .filter({ has: journey.admin.getByRole('link', { name: journey.appName, exact: true }) });

/** The administrator opens the app's admin page from Admin → Developer Apps, searching by its name. */
async function openAdminApp(journey: Lifecycle): Promise<void> {
  const page = journey.admin;
  await openAdminListOf(journey);
  await appRowOf(journey).getByRole('link', { name: journey.appName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${journey.appId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Edit - ${journey.appName}` })).toBeVisible();
}

/**
 * The administrator opens the app's admin page from the review queue, where the app waits with what is
 * in review (a manifest, a marketplace listing, new or an update).
 */
async function openFromReviewQueue(
  journey: Lifecycle,
  waiting: { type: 'manifest' | 'marketplace'; listing?: 'New' | 'Update' },
  shot: string,
): Promise<void> {
  const page = journey.admin;
  await adminMenu(page, 'Review Queue');
  await expect(page).toHaveURL(/\/admin\/review_queue(\?.*)?$/);
  await searchList(page, 'Search', journey.appName, '/api/v1/admin/developer_apps');
  const row = appRowOf(journey);
  await expect(row).toContainText(waiting.type);
  if (waiting.listing) await expect(row).toContainText(waiting.listing);
  await expect(row).toContainText(new RegExp(`${waiting.type}: #\\d+`));
  await screen(page, shot);
  await row.getByRole('link', { name: journey.appName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${journey.appId}$`));
}

/**
 * Production credentials: the developer requests production access where the layout keeps the OAuth
 * credentials, and the administrator grants it on the app's admin page.
 */
export async function getProductionAccess(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  if (journey.layout === 'tabbed') await openTab(page, 'OAuth credentials');
  else await page.goto(`${appPath(journey)}/oauthCredentials`);
  const production = section(page, 'Production');
  await production.getByRole('button', { name: 'Request production access', exact: true }).click();
  await expect(production.getByRole('button', { name: 'Request production access' })).toHaveCount(0);
  await expect(page.getByText('Production access requested').first()).toBeVisible();
  await screen(page, 'production-requested');

  await openAdminApp(journey);
  const admin = journey.admin;
  const access = admin.getByRole('group', { name: 'Production access' });
  await expect(access).toContainText('Requested');
  await access.getByRole('button', { name: 'Grant production access' }).click();
  await expect(admin.getByText('Production access granted')).toBeVisible();
  await expect(access).toContainText('Granted');
  await screen(admin, 'admin-production-granted');
}

// ---- Versions ----

/** A 4.1 manifest with one full-screen component, as the classic JSON editor takes it. */
const manifestJson = (release: Release) =>
  JSON.stringify(
    {
      schema_version: '4.1',
      app_manifest: { uid: 'site-diary', name: 'Site Diary' },
      fullscreen: { source_url: release.url, description: 'The site diary of every project.' },
      permissions: { project: { rfi: 'readonly' } },
    },
    null,
    2,
  );

/** Replaces the JSON editor's text the way a developer pastes: select all, then the new text. */
async function replaceText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/**
 * The developer builds a version and promotes it to production with release notes: in the tabbed
 * layout's configuration builder (a full-screen component), in the classic layout's JSON editor.
 */
async function buildAndPromote(journey: Lifecycle, release: Release, first: boolean): Promise<void> {
  const page = journey.developer;
  const { version } = release;
  if (journey.layout === 'tabbed') {
    await page.goto(`${appPath(journey)}/configurations`);
    const components = section(page, 'Embedded Components');
    if (first) {
      await expect(versionStatus(page)).toHaveText('Draft');
      await button(page, 'Add Component').click();
      const drawer = page.getByRole('dialog', { name: 'Add Component' });
      await drawer.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Full Screen' }).click();
      await drawer.getByRole('textbox', { name: 'Source URL' }).fill(release.url);
      await drawer.getByRole('textbox', { name: 'Description' }).fill('The site diary of every project.');
      await screen(page, `component-${version}`);
      await button(drawer, 'Save Component').click();
      await expect(drawer).toBeHidden();
    } else {
      await components.getByRole('button', { name: 'Edit the Full Screen component' }).click();
      const drawer = page.getByRole('dialog', { name: 'Edit Component' });
      await drawer.getByRole('textbox', { name: 'Source URL' }).fill(release.url);
      await button(drawer, 'Save Component').click();
      await expect(drawer).toBeHidden();
    }
    await expect(components.getByRole('row', { name: /Full Screen/ })).toContainText(release.url);
    await button(versionHeader(page), first ? 'Create Version' : 'Save Version').click();
    const modal = page.getByRole('dialog', { name: 'Create New Version' });
    await expect(modal.getByRole('textbox', { name: 'Semantic version' })).toHaveValue(version);
    await button(modal, 'Create').click();
    await expect(modal).toBeHidden();
    await expect(versionHeader(page).getByRole('heading', { name: `Version ${version}` })).toBeVisible();
    await expect(versionStatus(page)).toHaveText('Ready for Testing');
    await screen(page, `version-${version}-ready`);

    await button(versionHeader(page), 'Promote').click();
    const promote = page.getByRole('dialog', { name: `Promote ${version} to production` });
    await promote.getByRole('textbox', { name: 'Release notes' }).fill(release.notes);
    await button(promote, 'Promote').click();
    await expect(promote).toBeHidden();
    await expect(versionStatus(page)).toHaveText('Promoted');
    await screen(page, `version-${version}-promoted`);
    return;
  }

  await page.goto(appPath(journey));
  const card = manifests(page);
  await card.getByRole('button', { name: 'Create new version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new sandbox version' });
  await replaceText(page, dialog.getByRole('textbox', { name: 'Manifest JSON' }), manifestJson(release));
  await expect(dialog.getByText('The manifest is valid.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Semantic version/ })).toHaveValue(version);
  await screen(page, `editor-${version}`);
  await button(dialog, 'Create').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('New sandbox manifest version created').first()).toBeVisible();
  const sandbox = card.getByRole('table', { name: 'Sandbox manifests' });
  await expect(sandbox.getByRole('row').nth(1)).toContainText(version);
  await screen(page, `version-${version}-created`);

  await sandbox.getByRole('button', { name: `Promote version ${version}` }).click();
  const promote = page.getByRole('dialog', { name: `Promote ${version} to production` });
  await promote.getByRole('textbox', { name: 'Release notes' }).fill(release.notes);
  await button(promote, 'Promote').click();
  await expect(promote).toBeHidden();
  // Promoting shows the production tab, the new version on top.
  await expect(card.getByRole('tab', { name: 'Production' })).toHaveAttribute('aria-selected', 'true');
  const production = card.getByRole('table', { name: 'Production manifests' });
  await expect(production.getByRole('row').nth(1)).toContainText(version);
  await expect(production.getByRole('row').nth(1)).toContainText(release.notes);
  await screen(page, `version-${version}-promoted`);
}

/** What the reviewers and the developer say about 0.1.0. */
const VERSION_REVIEW = {
  submitNotes: 'The first release of the diary.',
  rejectNotes: 'The full-screen page answers 404 in our sandbox: check the source URL.',
  resubmitNotes: 'The page is up again: the source URL works.',
  approveNotes: 'Works as described.',
} as const;

/** The developer's place for the production versions: the Configurations header, or the classic table. */
async function openVersionHeader(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  if (journey.layout === 'tabbed') {
    await page.goto(`${appPath(journey)}/configurations`);
    await expect(versionStatus(page)).toBeVisible();
  } else {
    await page.goto(appPath(journey));
    await manifests(page).getByRole('tab', { name: 'Production' }).click();
  }
}

/** The classic production table's newest row (the version the journey works on). */
const productionRow = (page: Page) =>
  manifests(page).getByRole('table', { name: 'Production manifests' }).getByRole('row').nth(1);

/** The developer submits 0.1.0 for review; it waits in the review queue. */
async function submitFirstVersion(journey: Lifecycle, notes: string, shot: string): Promise<void> {
  const page = journey.developer;
  const { version } = VERSIONS.first;
  if (journey.layout === 'tabbed') {
    await button(versionHeader(page), 'Submit for review').click();
    const modal = page.getByRole('dialog', { name: `Submit ${version} for review` });
    await modal.getByRole('textbox', { name: 'Notes' }).fill(notes);
    await button(modal, 'Submit for review').click();
    await expect(modal).toBeHidden();
    await expect(versionStatus(page)).toHaveText('Under Review');
    // The versions tab says where the version is in the review queue.
    await openTab(page, 'Versions');
    await expect(page.getByRole('main').getByText(/^Place \d+ in the review queue$/)).toBeVisible();
    await screen(page, shot);
    return;
  }
  const card = manifests(page);
  await card
    .getByRole('table', { name: 'Production manifests' })
    .getByRole('button', { name: `Submit for review version ${version}` })
    .click();
  const modal = page.getByRole('dialog', { name: `Submit version ${version} for review` });
  await modal.getByRole('textbox', { name: 'Notes for the reviewers' }).fill(notes);
  await button(modal, 'Submit for review').click();
  await expect(modal).toBeHidden();
  await expect(productionRow(page)).toContainText('In review');
  // The classic manifest tables say where the version is in the review queue too (issue 20 item 2).
  await expect(card.getByText(/^Place \d+ in the review queue$/)).toBeVisible();
  await screen(page, shot);
}

/** The developer builds 0.1.0, promotes it and submits it for review. */
export async function buildPromoteAndSubmitFirstVersion(journey: Lifecycle): Promise<void> {
  await buildAndPromote(journey, VERSIONS.first, true);
  await submitFirstVersion(
    journey,
    VERSION_REVIEW.submitNotes,
    `version-${VERSIONS.first.version}-in-review`,
  );
}

/**
 * The administrator finds the version in the review queue and approves or rejects it, with notes, on the
 * app's page (the layout's list of production versions).
 */
async function reviewFirstVersion(
  journey: Lifecycle,
  action: 'Approve' | 'Reject',
  notes: string,
): Promise<void> {
  const admin = journey.admin;
  const { version } = VERSIONS.first;
  const shot = `admin-version-${version}-${action === 'Approve' ? 'approved' : 'rejected'}`;
  await openFromReviewQueue(journey, { type: 'manifest' }, `${shot}-queue`);
  if (journey.layout === 'tabbed') {
    await admin.goto(`${appPath(journey)}/versions`);
    const production = admin.getByRole('table', { name: 'Production versions' });
    await production.getByRole('button', { name: `${action}: ${version}` }).click();
    const modal = admin.getByRole('dialog', { name: `${action} ${version}` });
    await modal.getByRole('textbox', { name: 'Notes' }).fill(notes);
    await button(modal, action).click();
    await expect(modal).toBeHidden();
    await expect(production.getByRole('row').nth(1)).toContainText(
      action === 'Approve' ? 'Approved' : 'Rejected',
    );
  } else {
    await admin.goto(appPath(journey));
    const card = manifests(admin);
    await card.getByRole('tab', { name: 'Production' }).click();
    await card
      .getByRole('table', { name: 'Production manifests' })
      .getByRole('button', { name: `${action} version ${version}` })
      .click();
    const modal = admin.getByRole('dialog', { name: `${action} version ${version}` });
    await modal.getByRole('textbox', { name: 'Notes for the developers' }).fill(notes);
    await button(modal, action).click();
    await expect(modal).toBeHidden();
    await expect(productionRow(admin)).toContainText(action === 'Approve' ? 'Published' : 'Rejected');
  }
  await screen(admin, shot);
}

/** The administrator rejects 0.1.0 with notes (required on a rejection, issue 20 item 7). */
export async function rejectFirstVersion(journey: Lifecycle): Promise<void> {
  await reviewFirstVersion(journey, 'Reject', VERSION_REVIEW.rejectNotes);
}

/**
 * The developer sees 0.1.0 rejected, with the reviewer's notes, not "not submitted" (issue 20 item 7),
 * and submits it again.
 */
export async function seeVersionRejectedAndResubmit(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  const { version } = VERSIONS.first;
  await openVersionHeader(journey);
  const rejection = page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: `Version ${version} was rejected` });
  if (journey.layout === 'tabbed') {
    await expect(versionStatus(page)).toHaveText('Rejected');
  } else {
    await expect(productionRow(page)).toContainText('Rejected');
    await expect(productionRow(page)).not.toContainText('Confidential');
  }
  await expect(rejection).toBeVisible();
  await expect(rejection).toContainText(VERSION_REVIEW.rejectNotes);
  await screen(page, `version-${version}-rejected`);
  await submitFirstVersion(journey, VERSION_REVIEW.resubmitNotes, `version-${version}-resubmitted`);
}

/** The administrator approves 0.1.0; the developer then sees it approved. */
export async function approveFirstVersion(journey: Lifecycle): Promise<void> {
  const { version } = VERSIONS.first;
  await reviewFirstVersion(journey, 'Approve', VERSION_REVIEW.approveNotes);
  const page = journey.developer;
  await openVersionHeader(journey);
  if (journey.layout === 'tabbed') await expect(versionStatus(page)).toHaveText('Approved Version');
  else await expect(productionRow(page)).toContainText('Published');
  // The rejection was answered: its notes are gone with it.
  await expect(page.getByText(VERSION_REVIEW.rejectNotes)).toHaveCount(0);
  await screen(page, `version-${version}-approved`);
}

// ---- The listing ----

/** The developer fills every required tab of the listing, as a first draft (its tagline a placeholder). */
export async function writeListing(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  const listing = await openListing(journey);
  // Not in the marketplace yet: the listing-activation cards show beside the empty form.
  await expect(listing.getByText(/not in the marketplace yet/)).toBeVisible();
  await expect(listing.getByText('Draft', { exact: true })).toBeVisible();
  await screen(page, 'listing-empty');

  await field(listing, /Public name/).fill(journey.publicName);
  await field(listing, /Tagline/).fill(LISTING.placeholderTagline);
  await field(listing, /Built by/).fill('E2E Works');
  await field(listing, /Sold by/).fill('E2E Works');
  await listing.getByRole('combobox', { name: /^Categories/ }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await field(listing, /^Description/).fill(
    'Site Diary keeps the daily log of every project: crews, deliveries and notes.',
  );
  await field(listing, /About the company/).fill('E2E Works builds tools for site managers.');
  await field(listing, /How it works/).fill(
    'Connect your company, pick the projects, and the diary fills itself.',
  );
  await listing.getByRole('combobox', { name: /^App version/ }).click();
  await page.getByRole('option', { name: VERSIONS.first.version, exact: true }).click();
  await field(listing, /Notes for the reviewers/).fill('Our first listing.');
  await screen(page, 'listing-app-information');

  await listingTab(listing, /Media Content/).click();
  await fileInput(listing, 'Upload logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngOf(256, 256),
  });
  await expect(listing.getByRole('button', { name: 'Delete logo.png' })).toBeVisible();
  await fileInput(listing, 'Upload screenshots').setInputFiles(
    ['diary.png', 'crews.png', 'login.png'].map((name) => ({
      name,
      mimeType: 'image/png',
      buffer: pngOf(1280, 720),
    })),
  );
  for (const name of ['diary.png', 'crews.png', 'login.png'])
    await expect(listing.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  await screen(page, 'listing-media');

  await listingTab(listing, /Pricing and Availability/).click();
  for (const question of [/another subscription/, /third-party connector/, /free trial/]) {
    await listing.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
  }
  await field(listing, /Pricing description/).fill('Per project, per month.');
  await listing.getByRole('radio', { name: 'All regions' }).check();

  await listingTab(listing, /Support/).click();
  await field(listing, /Support website label/).fill('Help centre');
  await field(listing, /Support website URL/).fill('https://diary.example.com/help');
  await field(listing, /Support email/).fill('support@diary.example.com');
  await listingTab(listing, /Features/).click();
  await field(listing, /1st feature/).fill('A diary entry per day and project');
  await field(listing, /2nd feature/).fill('Crews and deliveries on every entry');
  await field(listing, /3rd feature/).fill('Daily reports by e-mail');
  await listingTab(listing, /Contact/).click();
  await field(listing, /Contact us email/).fill('sales@diary.example.com');
  await expect(listing.getByText('7 of 7 required sections complete (100%)')).toBeVisible();
  await screen(page, 'listing-complete');

  await button(listing, 'Preview').click();
  const preview = page.getByRole('dialog', { name: 'Listing preview' });
  await expect(preview.getByRole('heading', { name: journey.publicName })).toBeVisible();
  await screen(page, 'listing-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
}

/** The developer saves the draft and submits it (or resubmits it after a rejection). */
async function saveAndSubmit(journey: Lifecycle, listing: Locator, again: boolean): Promise<void> {
  const page = journey.developer;
  const label = again ? 'Resubmit for approval' : 'Submit for approval';
  await button(listing, 'Save draft').click();
  await expect(page.getByText('Listing saved as a draft.').first()).toBeVisible();
  await expect(listing.getByText('All changes saved.')).toBeVisible();
  await button(listing, label).click();
  const dialog = page.getByRole('dialog', { name: label });
  await button(dialog, label).click();
  await expect(dialog).toBeHidden();
  await expect(
    listing.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
  ).toBeVisible();
  await expect(listing.getByText('In Review', { exact: true })).toBeVisible();
  await listingTab(listing, /App Information/).click();
  await expect(field(listing, /Public name/)).toBeDisabled();
  await expect(button(listing, 'Withdraw')).toBeVisible();
  // The listing's place in the review queue (issue 11), in both layouts (issue 20 item 2).
  await expect(listing.getByText(/^Place \d+ in the review queue$/)).toBeVisible();
}

/** Saves (the form has unsaved edits) and submits. */
async function saveAndSubmitAfterEdits(journey: Lifecycle, listing: Locator, again: boolean): Promise<void> {
  await saveAndSubmit(journey, listing, again);
  await screen(journey.developer, again ? 'listing-resubmitted' : 'listing-submitted');
}

/** The developer writes the whole listing in one go, saves and submits it. */
export async function writeAndSubmitListing(journey: Lifecycle): Promise<void> {
  await writeListing(journey);
  const listing = await listingScope(journey);
  await saveAndSubmitAfterEdits(journey, listing, false);
}

/** The listing's part of the page the developer is on (no navigation). */
async function listingScope(journey: Lifecycle): Promise<Locator> {
  return journey.layout === 'tabbed'
    ? journey.developer.getByRole('main')
    : classicSection(journey.developer, 'Marketplace listing');
}

/**
 * The listing's review history (issue 20 item 4): every decision with its own message, seen by the
 * developers and the administrators alike.
 */
async function expectHistory(
  scope: Page | Locator,
  decisions: { rejected: number; approved: number; messages: readonly string[] },
): Promise<void> {
  const history = scope.getByRole('region', { name: 'Review history' });
  // Folded under its count until asked for: the standing decision is in the banner above the form.
  const total = decisions.rejected + decisions.approved;
  const show = history.getByRole('button', { name: `Show all decisions (${total})` });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(history.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  await expect(history.getByText(/^Version \d+ rejected$/)).toHaveCount(decisions.rejected);
  await expect(history.getByText(/^Version \d+ approved$/)).toHaveCount(decisions.approved);
  for (const message of decisions.messages) await expect(history).toContainText(message);
}

/** The administrator's Marketplace Listing tab of the app's admin page. */
async function openAdminListing(journey: Lifecycle): Promise<void> {
  const page = journey.admin;
  await page
    .getByRole('tablist', { name: 'App sections' })
    .getByRole('tab', { name: 'Marketplace Listing' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/developer_apps/${journey.appId}/marketplaceListing$`));
  await expect(page.getByText('In Review', { exact: true })).toBeVisible();
}

/** The administrator finds the new listing in the review queue and rejects it with two reasons. */
export async function rejectListing(journey: Lifecycle): Promise<void> {
  const page = journey.admin;
  await openFromReviewQueue(journey, { type: 'marketplace', listing: 'New' }, 'admin-queue-listing');
  await openAdminListing(journey);
  await expect(page.getByRole('textbox', { name: /Tagline/ })).toHaveValue(LISTING.placeholderTagline);
  await screen(page, 'admin-listing-in-review');

  await button(page, 'Reject').click();
  const dialog = page.getByRole('dialog', { name: 'Reject the listing' });
  await dialog.getByRole('checkbox', { name: /Placeholder text, or empty or broken websites/ }).check();
  await dialog
    .getByRole('textbox', { name: 'Note on "Placeholder text, or empty or broken websites"' })
    .fill(LISTING.placeholderNote);
  await dialog.getByRole('checkbox', { name: /Screenshots do not show the app in use/ }).check();
  await dialog
    .getByRole('textbox', { name: 'Note on "Screenshots do not show the app in use"' })
    .fill(LISTING.screenshotNote);
  await dialog.getByRole('textbox', { name: /Admin message/ }).fill(LISTING.rejectionMessage);
  await screen(page, 'admin-listing-reject');
  await button(dialog, 'Reject').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Listing rejected.').first()).toBeVisible();
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await screen(page, 'admin-listing-rejected');
}

/**
 * The developer reads the rejection (message, reasons, the tabs they concern), fixes the tagline and
 * replaces the screenshot, and resubmits.
 */
export async function fixAndResubmitListing(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  const listing = await openListing(journey);
  const banner = listing.getByRole('alert').filter({ hasText: 'Listing rejected' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(LISTING.rejectionMessage);
  await expect(banner).toContainText(LISTING.placeholderNote);
  await expect(banner).toContainText(LISTING.screenshotNote);
  await expect(listing.getByText('Rejected', { exact: true })).toBeVisible();
  const marker = (tab: RegExp) =>
    listingTab(listing, tab).getByRole('img', { name: 'Reviewer feedback on this tab' });
  await expect(marker(/App Information/)).toBeVisible();
  await expect(marker(/Media Content/)).toBeVisible();
  await expect(marker(/Support/)).toHaveCount(0);
  await expectHistory(listing, { rejected: 1, approved: 0, messages: [LISTING.rejectionMessage] });
  await screen(page, 'listing-rejected');

  await field(listing, /Tagline/).fill(LISTING.tagline);
  await listingTab(listing, /Media Content/).click();
  await expect(listing.getByRole('note', { name: 'Reviewer feedback' })).toContainText(
    LISTING.screenshotNote,
  );
  await button(listing, 'Delete login.png').click();
  await button(page.getByRole('dialog', { name: 'Delete file' }), 'Delete').click();
  await expect(listing.getByRole('button', { name: 'Delete login.png' })).toHaveCount(0);
  await fileInput(listing, 'Upload screenshots').setInputFiles({
    name: 'weather.png',
    mimeType: 'image/png',
    buffer: pngOf(1280, 720),
  });
  await expect(listing.getByRole('button', { name: 'Delete weather.png' })).toBeVisible();
  await screen(page, 'listing-fixed');
  await saveAndSubmitAfterEdits(journey, listing, true);
}

/**
 * The administrator approves the resubmitted listing: the Approve dialog starts empty (the rejection's
 * message was that decision's, not this one's), and approving publishes the listing and enables the
 * app's marketplace.
 */
export async function approveListing(journey: Lifecycle, pass: ListingPass): Promise<void> {
  const page = journey.admin;
  await openFromReviewQueue(journey, { type: 'marketplace', listing: pass.listing }, `${pass.shot}-queue`);
  await openAdminListing(journey);
  if (pass.listing === 'Update') {
    // The reviewer sees what the update changes against the published listing.
    await button(page, 'Compare with published').click();
    const diff = page.getByRole('dialog', { name: 'Changes since the published listing' });
    const tagline = diff
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Tagline', exact: true }) });
    await expect(tagline).toContainText(LISTING.tagline);
    await expect(tagline).toContainText(LISTING.updatedTagline);
    await screen(page, `${pass.shot}-diff`);
    await page.keyboard.press('Escape');
    await expect(diff).toBeHidden();
  }
  await button(page, 'Approve').click();
  const dialog = page.getByRole('dialog', { name: 'Approve the listing' });
  const message = dialog.getByRole('textbox', { name: /Admin message/ });
  await expect(message).toHaveValue('');
  await message.fill(pass.message);
  await screen(page, `${pass.shot}-approve`);
  await button(dialog, 'Approve').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Listing approved and published.').first()).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(button(page, 'Approve')).toBeDisabled();
  // A published listing is in the marketplace: approving switched the app's marketplace on.
  await expect(page.getByRole('switch', { name: 'Marketplace enabled' })).toBeChecked();
  await expectHistory(page, pass.history);
  await screen(page, `${pass.shot}-approved`);

  // The admin list marks the app live, as the marketplace lists it (one definition of live).
  await openAdminListOf(journey);
  await expect(appRowOf(journey)).toContainText('Live');
  await screen(page, `${pass.shot}-admin-list`);
}

/**
 * The developer sees the listing published: the latest decision's message and nothing of the earlier
 * rejection, and no "not in the marketplace yet" cards beside the Published badge.
 */
export async function seeListingPublished(journey: Lifecycle, pass: ListingPass): Promise<void> {
  const { message } = pass;
  const page = journey.developer;
  const listing = await openListing(journey);
  await expect(listing.getByText('Published', { exact: true })).toBeVisible();
  const banner = listing.getByRole('alert').filter({ hasText: 'Listing approved' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(message);
  for (const earlier of [LISTING.rejectionMessage, LISTING.placeholderNote, LISTING.screenshotNote])
    await expect(banner).not.toContainText(earlier);
  await expect(banner).not.toContainText('Reasons');
  await expect(listing.getByRole('alert').filter({ hasText: 'Listing rejected' })).toHaveCount(0);
  await expect(listing.getByText(/not in the marketplace yet/)).toHaveCount(0);
  await expect(listing.getByRole('img', { name: 'Reviewer feedback on this tab' })).toHaveCount(0);
  await expectHistory(listing, pass.history);
  await screen(page, pass.developerShot);
}

// ---- The marketplace and the report ----

/** A visitor, not signed in, in a browser context of their own. */
async function visitor(journey: Lifecycle): Promise<Page> {
  const context = await journey.browser.newContext({ storageState: CLASSIC_STATE });
  return context.newPage();
}

/** The visitor finds the listing in the public marketplace by its name: its card, then its page. */
async function findInMarketplace(journey: Lifecycle, page: Page, tagline: string, shot: string) {
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await searchList(page, 'Search apps', journey.publicName, '/api/v1/marketplace/apps');
  const link = page.getByRole('link', { name: `View ${journey.publicName}` });
  await expect(link).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: link });
  await expect(card).toContainText(tagline);
  await screen(page, `${shot}-card`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/marketplace/${journey.appId}$`));
  await expect(page.getByRole('heading', { name: journey.publicName })).toBeVisible();
  await expect(page.getByText(tagline).first()).toBeVisible();
  await screen(page, `${shot}-page`);
}

/** A visitor finds the app in the public marketplace and installs it for their company. */
export async function installFromMarketplace(journey: Lifecycle): Promise<void> {
  const page = await visitor(journey);
  try {
    await findInMarketplace(journey, page, LISTING.tagline, 'marketplace');
    await expect(page.getByText(LISTING.placeholderTagline)).toHaveCount(0);
    await button(page, 'Install').click();
    const dialog = page.getByRole('dialog', { name: `Install ${journey.publicName}` });
    await dialog.getByRole('textbox', { name: 'Company name' }).fill(journey.company);
    await dialog.getByRole('textbox', { name: 'Installer e-mail' }).fill('pat@harbour.example');
    await screen(page, 'marketplace-install');
    await button(dialog, 'Install').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${journey.company} installed ${journey.publicName}.`)).toBeVisible();
  } finally {
    await page.context().close();
  }
}

/** The developer opens the App Engagement Report from the app page and sees the visit and the install. */
export async function seeInstallInReport(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  await page.goto(appPath(journey));
  if (journey.layout === 'tabbed') {
    // With metrics data the app has a Metrics tab (spec 2 §2).
    await openTab(page, 'Metrics');
    await screen(page, 'metrics-tab');
  }
  await page.getByRole('main').getByRole('link', { name: 'View Metrics Report' }).click();
  await expect(page).toHaveURL(new RegExp(`${appPath(journey)}/metrics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'App Engagement Report' })).toBeVisible();
  const kpi = (label: string) =>
    page.getByText(label, { exact: true }).locator('xpath=preceding-sibling::*[1]');
  await expect(kpi('company installations')).toHaveText('1');
  await expect(kpi('total marketplace visits')).toHaveText('1');
  const today = new Date().toISOString().slice(0, 10);
  await expect(
    page.getByRole('table', { name: 'Per day' }).getByRole('row', { name: `${today} 1 1` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Installs' }).getByText(journey.company)).toBeVisible();
  // Developers never see the installer's e-mail.
  await expect(page.getByText('pat@harbour.example')).toHaveCount(0);
  await screen(page, 'report');
}

// ---- The second pass: an update of what is published ----

/**
 * With the listing published, its App version offers nothing older than the published version: the form
 * says to promote a newer app version and links to the versions.
 */
export async function seeNoNewerVersionToList(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  const listing = await openListing(journey);
  await expect(listing.getByText(/promote a newer app version/i).first()).toBeVisible();
  const versions = listing.getByRole('link', { name: /versions/i }).first();
  await expect(versions).toBeVisible();
  await listing.getByRole('combobox', { name: /^App version/ }).click();
  await expect(page.getByRole('option', { name: VERSIONS.first.version, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await screen(page, 'listing-no-newer-version');
  // The link leads to where versions are promoted.
  await versions.click();
  if (journey.layout === 'tabbed') {
    await expect(page).toHaveURL(new RegExp(`${appPath(journey)}/versions$`));
  } else {
    await expect(manifests(page)).toBeInViewport();
  }
}

/** The developer builds 0.2.0 and promotes it. */
export async function promoteNewerVersion(journey: Lifecycle): Promise<void> {
  await buildAndPromote(journey, VERSIONS.second, false);
}

/**
 * The developer changes the published listing: a new tagline and the newer version (the only one
 * offered), saves the change as a draft beside the published listing, and submits the update.
 */
export async function updateListing(journey: Lifecycle): Promise<void> {
  const page = journey.developer;
  const listing = await openListing(journey);
  await listing.getByRole('combobox', { name: /^App version/ }).click();
  await expect(page.getByRole('option', { name: VERSIONS.first.version, exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: VERSIONS.second.version, exact: true }).click();
  await field(listing, /Tagline/).fill(LISTING.updatedTagline);
  await field(listing, /Notes for the reviewers/).fill('Version 0.2.0 adds photos and weather.');
  await screen(page, 'listing-update');
  await button(listing, 'Save draft').click();
  await expect(page.getByText('Listing saved as a draft.').first()).toBeVisible();
  await expect(
    listing.getByText('Your listing is published. New changes take effect only once they are approved.'),
  ).toBeVisible();
  await expect(listing.getByRole('alert').filter({ hasText: /Couldn't Save/ })).toHaveCount(0);
  await button(listing, 'Submit for approval').click();
  const dialog = page.getByRole('dialog', { name: 'Submit for approval' });
  await button(dialog, 'Submit for approval').click();
  await expect(dialog).toBeHidden();
  await expect(
    listing.getByText('Your listing is being reviewed. Withdraw it to make changes.'),
  ).toBeVisible();
  await expect(listing.getByText(/^Place \d+ in the review queue$/)).toBeVisible();
  await screen(page, 'listing-update-submitted');

  // The published listing stays in the marketplace, as it was, while the update is reviewed.
  const visiting = await visitor(journey);
  try {
    await findInMarketplace(journey, visiting, LISTING.tagline, 'marketplace-during-review');
  } finally {
    await visiting.context().close();
  }
}

/** A visitor sees the approved update in the marketplace: the new tagline, not the old one. */
export async function seeUpdateInMarketplace(journey: Lifecycle): Promise<void> {
  const page = await visitor(journey);
  try {
    await findInMarketplace(journey, page, LISTING.updatedTagline, 'marketplace-updated');
    await expect(page.getByText(LISTING.tagline, { exact: true })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
}

/** The whole lifecycle, twice over, as test steps: what both layouts' journeys walk. */
export async function walkLifecycle(journey: Lifecycle): Promise<void> {
  await test.step('create an app; it turns live', () => createApp(journey));
  await test.step('request production access; an administrator grants it', () =>
    getProductionAccess(journey));
  await test.step('build 0.1.0, promote it and submit it for review', () =>
    buildPromoteAndSubmitFirstVersion(journey));
  await test.step('an administrator rejects 0.1.0 with notes', () => rejectFirstVersion(journey));
  await test.step('the developer reads the notes and submits 0.1.0 again', () =>
    seeVersionRejectedAndResubmit(journey));
  await test.step('an administrator approves 0.1.0', () => approveFirstVersion(journey));
  await test.step('write the listing and submit it', () => writeAndSubmitListing(journey));
  await test.step('an administrator rejects it with reasons', () => rejectListing(journey));
  await test.step('fix what the reasons say and resubmit', () => fixAndResubmitListing(journey));
  await test.step('an administrator approves it', () => approveListing(journey, FIRST_APPROVAL));
  await test.step('the developer sees it published, with the approval alone', () =>
    seeListingPublished(journey, FIRST_APPROVAL));
  await test.step('a visitor finds it in the marketplace and installs it', () =>
    installFromMarketplace(journey));
  await test.step('the developer sees the install in the report', () => seeInstallInReport(journey));

  await test.step('again: the published version cannot be listed again', () =>
    seeNoNewerVersionToList(journey));
  await test.step('again: build and promote 0.2.0', () => promoteNewerVersion(journey));
  await test.step('again: change the listing and submit the update', () => updateListing(journey));
  await test.step('again: an administrator approves the update', () =>
    approveListing(journey, UPDATE_APPROVAL));
  await test.step('again: the developer sees the update published', () =>
    seeListingPublished(journey, UPDATE_APPROVAL));
  await test.step('again: the marketplace shows the change', () => seeUpdateInMarketplace(journey));
}
