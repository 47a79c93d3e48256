import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, searchListing, signInFresh, type DemoUser } from './fixtures.ts';

// The Groups screen as a new administrator meets it (spec 002 §2 /groups, §5 group rules): real
// Chromium against the real server and its demo inventories. The test creates its own group with
// a name unique to the run, so runs and other tests do not disturb each other.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 shared messages, word for word.
const GENERIC_NAME = 'Should contain only letters, numbers, underscores and hyphens';
const NAME_TAKEN = 'Name is already taken. Please select a different name';

/** Signs in as a new user whose unit status toasts are off (they would sit over the drawer's buttons). */
const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

const table = (page: Page) => page.getByRole('table', { name: 'Groups' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });


test('a super user creates, finds, sorts, edits, is refused and deletes a group', async ({ page }) => {
  const name = `E2E-Group-${Date.now().toString(36)}`;
  await start(page, 'super_user');
  await page.goto('/groups');
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, 'groups-list');

  // Create: a bad name is refused with the spec's message before anything is sent.
  await page.getByRole('button', { name: 'New group' }).click();
  const drawer = page.getByRole('dialog', { name: 'New group' });
  await drawer.getByLabel('Name').fill('Bad name!');
  await expect(drawer.getByText(GENERIC_NAME)).toBeVisible();
  await drawer.getByLabel('Name').fill(name);
  await expect(drawer.getByText(GENERIC_NAME)).toBeHidden();
  await drawer.getByRole('combobox', { name: 'Inventory' }).click();
  await page.getByRole('option', { name: 'Newsroom' }).click();
  await drawer.getByRole('switch', { name: 'Global auto association' }).check({ force: true }); // the visible track is the label; the input sits under it
  await screenshot(page, 'groups-new');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: `Group ${name}` })).toBeVisible();
  await page.getByRole('dialog', { name: `Group ${name}` }).getByRole('button', { name: 'Close' }).click();

  // Search as you type finds it; sorting by name descending puts it before the demo groups starting with "N".
  await page.getByRole('searchbox', { name: 'Search' }).fill(name.slice(0, 12));
  await expect(rowOf(page, name)).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2); // header + our group
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(table(page).getByRole('row').filter({ hasText: 'News-National' })).toBeVisible();
  await table(page).getByRole('button', { name: 'Name Sorted ascending' }).click(); // a sortable header is a button; ascending → descending
  await expect(table(page).getByRole('row').nth(1)).not.toContainText('Events-Music');

  // Edit: renaming to a name another group has is refused on the field, and what was typed stays.
  await searchListing(page, table(page), name);
  await rowOf(page, name).click();
  const editor = page.getByRole('dialog', { name: `Group ${name}` });
  await editor.getByLabel('Name').fill('News-National');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(NAME_TAKEN)).toBeVisible();
  await expect(editor.getByLabel('Name')).toHaveValue('News-National');
  await screenshot(page, 'groups-refused');
  await editor.getByLabel('Name').fill(`${name}-2`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: `Group ${name}-2` })).toBeVisible();

  // Members: add a user of the inventory, the count in the list follows.
  const renamed = page.getByRole('dialog', { name: `Group ${name}-2` });
  await renamed.getByRole('tab', { name: 'Members' }).click();
  await renamed.getByRole('combobox', { name: 'Users' }).click();
  await page.getByRole('option', { name: 'luc_regular' }).click();
  await expect(renamed.getByText('luc_regular')).toBeVisible();
  await screenshot(page, 'groups-members');
  const members = await page.request.get(`${API}/v2/admin/groups/${encodeURIComponent(await groupId(page, `${name}-2`))}/users`, { headers: HEADERS });
  expect(((await members.json()) as { items: { username: string }[] }).items.map((u) => u.username)).toEqual(['luc_regular']);

  // Delete after a confirmation.
  await renamed.getByRole('tab', { name: 'Details' }).click();
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}-2?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${name}-2`);
  await expect(page.getByText('No items to show')).toBeVisible(); // the empty state is drawn beside the table element
});

test('a group that holds units cannot be deleted, and the dialog says why', async ({ page }) => {
  await start(page, 'luc_admin');
  await page.goto('/groups');
  await searchListing(page, table(page), 'News-National');
  await rowOf(page, 'News-National').click();
  const editor = page.getByRole('dialog', { name: 'Group News-National' });
  await editor.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete News-National?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText('move them to another group first');
});

async function groupId(page: Page, name: string): Promise<string> {
  const answer = await page.request.get(`${API}/v2/admin/groups?searchValue=${encodeURIComponent(name)}`, { headers: HEADERS });
  const found = ((await answer.json()) as { items: { id: string; name: string }[] }).items.find((g) => g.name === name);
  if (found === undefined) throw new Error(`no group ${name}`);
  return found.id;
}
