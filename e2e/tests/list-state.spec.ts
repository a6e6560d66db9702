import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ApiSession, newUser, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { type AdminNotification, adminTable, uniqueMarker } from '../support/notifications';
import { screen } from '../support/screens';

/** Small pages, so a handful of notifications make several of them (per_page lives in the URL too). */
const PER_PAGE = 5;

/** Creates a draft through the admin API: drafts stay hidden from developers, so other journeys see nothing. */
async function createDraft(request: APIRequestContext, session: ApiSession, title: string): Promise<void> {
  const response = await request.post('/api/v1/admin/notifications', {
    data: { title, summary: `Summary of ${title}`, body: `Body of ${title}`, draft: true },
    headers: { 'X-CSRF-Token': session.csrfToken },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The titles the admin API answers for one page, to compare the table with. */
async function titlesOf(request: APIRequestContext, query: string): Promise<string[]> {
  const response = await request.get(`/api/v1/admin/notifications?per_page=${PER_PAGE}&${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AdminNotification[]).map((item) => item.title);
}

/** The titles in the table's rows, once the table shows exactly these (it may still be fetching). */
async function expectRows(page: Page, titles: string[]): Promise<void> {
  await expect(
    adminTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link') }),
  ).toHaveText(titles.map((title) => new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
}

const mailbox = new Mailbox();
const admin = newUser('List Admin');

signUpBeforeAll(mailbox, { admins: [admin] });

const titleHeader = (page: Page) => adminTable(page).getByRole('columnheader', { name: 'Title' });
const pageButton = (page: Page, number: number) =>
  page.getByRole('button', { name: `Page ${number}`, exact: true });

test('a list keeps its page and sort in the URL: reload and back restore them', async ({ page }) => {
  const session = await signIn(page.request, admin);
  const marker = uniqueMarker('list');
  // More than one page of PER_PAGE whatever else the database holds.
  for (let index = 1; index <= PER_PAGE + 2; index += 1)
    await createDraft(page.request, session, `List state ${index} ${marker}`);

  await test.step('the admin sorts by title and goes to page 2', async () => {
    await page.goto(`/admin/notifications?per_page=${PER_PAGE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expectRows(page, await titlesOf(page.request, 'page=1&sort[]=-created_at'));

    await titleHeader(page).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
    await expect(titleHeader(page)).toHaveAttribute('aria-sort', 'ascending');
    await expectRows(page, await titlesOf(page.request, 'page=1&sort[]=title'));

    await pageButton(page, 2).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expectRows(page, await titlesOf(page.request, 'page=2&sort[]=title'));
    await screen(page, 'page-2-by-title');
  });

  await test.step('a reload shows the same page, sorted the same way', async () => {
    await page.reload();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
    await expect(titleHeader(page)).toHaveAttribute('aria-sort', 'ascending');
    await expect(pageButton(page, 2)).toHaveAttribute('aria-current', 'page');
    await expectRows(page, await titlesOf(page.request, 'page=2&sort[]=title'));
    await screen(page, 'after-reload');
  });

  await test.step('back returns to page 1 by title, then to the unsorted list', async () => {
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
    await expect(pageButton(page, 1)).toHaveAttribute('aria-current', 'page');
    await expectRows(page, await titlesOf(page.request, 'page=1&sort[]=title'));

    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]sort=/);
    await expect(titleHeader(page)).toHaveAttribute('aria-sort', 'none');
    await expectRows(page, await titlesOf(page.request, 'page=1&sort[]=-created_at'));
    await screen(page, 'after-back');
  });
});
