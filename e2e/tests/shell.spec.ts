import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { CONFIRMATION_SUBJECT, newUser, signIn, signUpBeforeAll } from '../support/api';
import { Mailbox } from '../support/mailbox';
import { screen } from '../support/screens';

const mailbox = new Mailbox();
const developer = newUser('Shell');
// The Admin menu needs a platform administrator: this file makes its own.
const admin = newUser('Shell Admin');

signUpBeforeAll(mailbox, { developers: [developer], admins: [admin] });

const header = (page: Page) => page.getByRole('banner');

test('the Reference menu leads to the REST API reference built from the OpenAPI document', async ({
  page,
}) => {
  // The reference pages are long: axe takes several seconds on each of them.
  test.slow();
  await signIn(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Reference' }).click();
  const menu = page.getByRole('menu', { name: 'Reference' });
  const restApi = menu.getByRole('menuitem', { name: 'Rest API' });
  await expect(restApi).toHaveAttribute('href', '/reference/rest/docs/rest-api-overview');
  const legacy = menu.getByRole('menuitem', { name: /^Legacy API/ });
  await expect(legacy).toHaveAttribute('target', '_blank');
  await expect(legacy).toHaveAttribute('rel', /noopener/);
  await expect(legacy).toHaveAttribute('href', /^https:\/\//);
  await screen(page, 'reference-menu');

  await restApi.click();
  await expect(page).toHaveURL(/\/reference\/rest\/docs\/rest-api-overview$/);
  const openapi = (await (await page.request.get('/api/v1/openapi.json')).json()) as {
    info: { title: string; version: string };
  };
  await expect(page.getByRole('heading', { level: 1, name: openapi.info.title })).toBeVisible();
  await expect(page.getByText(`Version ${openapi.info.version}`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'REST API reference' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Admin endpoints/ })).toBeVisible();
  await screen(page, 'reference-overview');

  await nav.getByRole('link', { name: /^Accounts/ }).click();
  await expect(page).toHaveURL(/\/reference\/rest\/tags\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('/api/v1/session', { exact: true }).first()).toBeVisible();
  await screen(page, 'reference-accounts');
});

test('an administrator reaches Outbound e-mail through the Admin menu', async ({ page }) => {
  const { user } = await signIn(page, admin);
  expect(user.is_admin).toBe(true);
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Admin', exact: true }).click();
  await screen(page, 'admin-menu');
  await page.getByRole('menuitem', { name: 'Outbound e-mail' }).click();

  await expect(page).toHaveURL(/\/admin\/outbound_emails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbound e-mail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Outbound e-mail' });
  await expect(table.getByRole('columnheader', { name: 'Subject' })).toBeVisible();
  // The confirmation e-mail this file's developer was sent (and confirmed with) is listed as sent.
  await page.getByRole('searchbox', { name: 'Search' }).fill(developer.email);
  const row = table.getByRole('row', { name: `Open e-mail “${CONFIRMATION_SUBJECT}” to ${developer.email}` });
  await expect(row).toBeVisible();
  // The search (debounced) leaves only this developer's e-mails.
  await expect(table.locator('tbody tr').filter({ hasNotText: developer.email })).toHaveCount(0);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Sent');
  await screen(page, 'outbound-emails');
});

test('below 1100 px the navigation moves into a left drawer, from 1100 px it is back on top', async ({
  page,
}) => {
  await signIn(page, admin);
  await page.goto('/');
  const burger = header(page).getByRole('button', { name: 'Open navigation' });
  const topReference = header(page).getByRole('button', { name: 'Reference' });
  await expect(topReference).toBeVisible();
  await expect(burger).toHaveCount(0);

  await page.setViewportSize({ width: 1099, height: 800 });
  await expect(burger).toBeVisible();
  await expect(topReference).toHaveCount(0);
  await expect(header(page).getByRole('button', { name: /, account menu$/ })).toHaveCount(0);
  await screen(page, 'narrow-collapsed');

  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Lintel' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Rest API' })).toHaveAttribute(
    'href',
    '/reference/rest/docs/rest-api-overview',
  );
  await expect(drawer.getByRole('link', { name: /^Legacy API/ })).toHaveAttribute('target', '_blank');
  await expect(drawer.getByRole('link', { name: 'Outbound e-mail' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await screen(page, 'narrow-drawer');

  await drawer.getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(topReference).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  await expect(burger).toHaveCount(0);
  await screen(page, 'wide-top-navigation');
});

test('the navigation drawer has no serious accessibility violations', async ({ page }) => {
  await signIn(page, admin);
  await page.setViewportSize({ width: 800, height: 800 });
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Lintel' });
  await expect(drawer).toBeVisible();
  await screen(page, 'drawer-for-axe');
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
});

test('a developer sees no Admin menu and is refused the admin pages', async ({ page }) => {
  const { user } = await signIn(page, developer);
  expect(user.is_admin).toBe(false);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${developer.name}` })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Reference' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
  await screen(page, 'developer-home');

  await page.goto('/admin/outbound_emails');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await screen(page, 'developer-admin-denied');
});

test('a deep link loads directly (the server answers it with the app)', async ({ page }) => {
  await signIn(page, developer);
  const response = await page.goto('/account');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(developer.name);
  await screen(page, 'deep-link-account');
});

test('the language switch turns the interface Spanish and remembers it', async ({ page }) => {
  await page.goto('/sign_in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Lintel' })).toBeVisible();
  await page.getByRole('button', { name: 'Language: English' }).click();
  await screen(page, 'language-menu');
  await page.getByRole('menuitem', { name: 'Español' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Lintel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Referencia' })).toBeVisible();
  await screen(page, 'sign-in-spanish');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Lintel' })).toBeVisible();
});

test('the sign-in page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/sign_in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Lintel' })).toBeVisible();
  // The top menus load right after the first paint; check the page once they are in place.
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await screen(page, 'sign-in-for-axe');
  await expectNoSeriousA11yViolations(page);
});
