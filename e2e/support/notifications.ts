import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { waitForItemsOrEmpty } from './lists';

/** What the admin API answers for a notification (the fields the journeys look at). */
export interface AdminNotification {
  id: number;
  title: string;
  created_at: string;
  critical: boolean;
  draft: boolean;
  show_after: string | null;
}

/** A short marker that no other run or journey uses, for titles and texts. */
export function uniqueMarker(label: string): string {
  return `${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Tomorrow as YYYY-MM-DD on the server's calendar (UTC), so "Show after" is certainly in the future. */
export function tomorrowUtc(now = new Date()): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** The date the bell shows (M/D/YY), in the browser's time zone. */
export async function bellDateOf(page: Page, createdAt: string): Promise<string> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return new Intl.DateTimeFormat('en-US', {
    month: 'numeric',
    day: 'numeric',
    year: '2-digit',
    timeZone,
  }).format(new Date(createdAt));
}

// ---- Developer side: the bell, the list, the reader ----

/** The top-nav bell; its name carries the unread count ("Notifications, 3 unread"). */
export const bell = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });

/** The unread count the bell announces now. */
export async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = label.match(/^Notifications, (\d+) unread$/);
  if (!match?.[1]) throw new Error(`The bell's label "${label}" carries no unread count.`);
  return Number(match[1]);
}

/**
 * Opens the bell's dropdown and waits until it has loaded (previews or the empty state, no longer
 * "Loading..."), so its count and contents are the server's.
 */
export async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: /^Notifications/ });
  await expect(dropdown).toBeVisible();
  await waitForItemsOrEmpty(dropdown, 'listitem', 'No Notifications.');
  return dropdown;
}

/** A preview in the bell's dropdown, found by its title. */
export const bellPreview = (dropdown: Locator, title: string): Locator =>
  dropdown.getByRole('listitem').filter({ hasText: title });

/**
 * Opens /notifications and waits until the list has loaded (cards or the empty state), so that the
 * absence of a card means something.
 */
export async function openNotificationList(page: Page): Promise<void> {
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await waitForNotificationList(page);
}

export async function waitForNotificationList(page: Page): Promise<void> {
  await waitForItemsOrEmpty(page.getByRole('main'), 'article', 'No Notifications.');
}

/** A card of /notifications, found by its title (the card is an article named by its heading). */
export const notificationCard = (page: Page, title: string): Locator =>
  page.getByRole('main').getByRole('article', { name: title, exact: true });

// ---- Admin side: the list and the form ----

export const adminTable = (page: Page): Locator => page.getByRole('table', { name: 'Notifications' });

/** The admin list's row of a notification, found by its title link. */
export const adminRow = (page: Page, title: string): Locator =>
  adminTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** The check (Yes) or cross (No) mark in a column of an admin row: 2 is Visible, 3 is Critical. */
export const markIn = (row: Locator, column: 'Visible' | 'Critical'): Locator =>
  row
    .getByRole('cell')
    .nth(column === 'Visible' ? 2 : 3)
    .getByRole('img');

export const field = (page: Page, name: string): Locator => page.getByRole('textbox', { name, exact: true });
export const checkbox = (page: Page, name: string): Locator =>
  page.getByRole('checkbox', { name, exact: true });

/** Goes to Admin → Notifications through the top navigation. */
export async function openAdminNotifications(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
}

/** Waits for the admin API's answer to creating a notification (started before the click). */
export function createdNotification(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/v1/admin/notifications',
  );
}

/** The notification the admin API created, from its answer. */
export async function notificationFrom(response: Response): Promise<AdminNotification> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminNotification;
}
