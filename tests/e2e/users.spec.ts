import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, searchListing, signInFresh, type DemoUser } from './fixtures.ts';

// The Users screen as a new administrator meets it (spec 002 §2 /users, §5 Users, §8): real
// Chromium against the real server and its demo inventories. The test creates its own user with a
// name unique to the run; no demo user is changed.

// spec 002 §5 and the §8 Users catalogue (src/domain/validation/users.ts), word for word.
const FIRST_NAME = 'First name must start with an uppercase letter';
const EMAIL_USED = 'This email address is used by another user';
const PASSWORDS_DIFFER = 'Passwords do not match';
const PASSWORD = 'Fresh-Passw0rd';

/** Signs in as a new user whose unit status toasts are off (they would sit over the drawer's buttons). */
const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });

test('a super user creates, finds, sorts, edits, is refused, deactivates and deletes a user', async ({ page }) => {
  const username = `e2e.user.${Date.now().toString(36)}`;
  await start(page, 'super_user');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(rowOf(page, 'luc_regular')).toBeVisible();
  await screenshot(page, 'users-list');

  // Create: a lowercase first name and a confirmation that differs are refused as the user types.
  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  await drawer.getByLabel('Username').fill(username);
  await drawer.getByLabel('First name').fill('nina');
  await expect(drawer.getByText(FIRST_NAME)).toBeVisible();
  await drawer.getByLabel('First name').fill('Nina');
  await expect(drawer.getByText(FIRST_NAME)).toBeHidden();
  await drawer.getByLabel('Last name').fill('Reporter');
  await drawer.getByLabel('E-mail').fill(`${username}@example.com`);
  await drawer.getByLabel('User type').click();
  await page.getByRole('option', { name: 'Regular' }).click();
  await drawer.getByRole('combobox', { name: 'Inventories' }).click();
  await page.getByRole('option', { name: 'Newsroom' }).click();
  await drawer.getByRole('combobox', { name: 'Inventories' }).press('Escape');
  await drawer.getByLabel(/^Password/).fill(PASSWORD);
  await drawer.getByLabel('Confirm the password').fill(`${PASSWORD}!`);
  await expect(drawer.getByText(PASSWORDS_DIFFER)).toBeVisible();
  await drawer.getByLabel('Confirm the password').fill(PASSWORD);
  await screenshot(page, 'users-new');
  await drawer.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: `User ${username}` });
  await expect(editor).toBeVisible();
  await expect(editor.getByText('Active', { exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Close' }).click();

  // Search as you type finds it; sorting by username descending puts it before luc_* users.
  await page.getByRole('searchbox', { name: 'Search' }).fill(username.slice(0, 12));
  await expect(rowOf(page, username)).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2); // header + our user
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(rowOf(page, 'luc_regular')).toBeVisible();
  await table(page).getByRole('button', { name: /^Username/ }).click(); // a sortable header is a button: ascending → descending
  await expect(table(page).getByRole('button', { name: 'Username Sorted descending' })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toContainText('super_user');

  // Edit: an e-mail another user has is refused on the field, and what was typed stays.
  await searchListing(page, table(page), username);
  await rowOf(page, username).click();
  await editor.getByLabel('E-mail').fill('luc_read@demo.luc.invalid');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(EMAIL_USED)).toBeVisible();
  await expect(editor.getByLabel('E-mail')).toHaveValue('luc_read@demo.luc.invalid');
  await screenshot(page, 'users-refused');
  await editor.getByLabel('E-mail').fill(`nina.${username}@example.com`);
  await editor.getByLabel('User label').fill('Night desk');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(EMAIL_USED)).toBeHidden();
  await expect(rowOf(page, username)).toContainText(`nina.${username}@example.com`);

  // Deactivate: the status follows in the drawer and the list; then delete after a confirmation.
  await editor.getByRole('button', { name: 'Deactivate' }).click();
  await expect(editor.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(rowOf(page, username)).toContainText('Inactive');
  await screenshot(page, 'users-inactive');
  await editor.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${username}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('No items to show')).toBeVisible(); // drawn beside the table's body by mantine-datatable
});

test('an administrator may not change a super user: the drawer is read-only and says why', async ({ page }) => {
  await start(page, 'luc_admin');
  await page.goto('/users');
  await searchListing(page, table(page), 'super_user');
  await rowOf(page, 'super_user').click();
  const editor = page.getByRole('dialog', { name: 'User super_user' });
  await expect(editor.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Not allowed' }).hover();
  await expect(page.getByText('Only a super user may change a super user or staff account')).toBeVisible();
  await screenshot(page, 'users-not-allowed');
});
