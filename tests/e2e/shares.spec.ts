import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { navigationMenu, screenshot, searchListing, signInFresh, type DemoUser } from './fixtures.ts';

// My Publishers and My Subscribers (spec 002 §2, §3, §5) as a new media group admin meets them:
// real Chromium against the real server and its demo inventories. Each walk makes its own names
// and removes what it made, so the demo's three subscribers per inventory are what other specs see.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 shared messages and rules.
const MAX_32 = 'Must have at most 32 characters';
const UNIQUE_NAME = 'Name field has to be unique';
const ROOT_FIXED = 'Root folders cannot be edited';

/** Signs in as a new user whose unit status toasts are off (they would sit over the drawer's buttons). */
const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

/** A folder of the tree (its name is followed by its count). */
const folderButton = (folders: ReturnType<Page['getByRole']>, name: string) => folders.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

/** Opens a menu entry under Shares, as a person would. */
async function openFromMenu(page: Page, entry: 'My Publishers' | 'My Subscribers'): Promise<void> {
  const menu = navigationMenu(page);
  const link = menu.getByRole('link', { name: entry });
  if (!(await link.isVisible())) await menu.getByText('Shares', { exact: true }).click();
  await link.click();
  await expect(page.getByRole('heading', { name: entry })).toBeVisible({ timeout: 15_000 }); // the screen's first load
}

test('a media group admin files publishers in folders: root fixed, names checked, edit and delete', async ({ page }) => {
  const tag = Date.now().toString(36);
  await start(page, 'luc_media_group_admin');
  await openFromMenu(page, 'My Publishers');
  await expect(page).toHaveURL(/\/publishers$/);
  // The inventory picker starts on the current group's inventory; the walk works in Newsroom.
  await page.getByRole('combobox', { name: 'Inventory' }).click();
  await page.getByRole('option', { name: 'Newsroom' }).click();
  const folders = page.getByRole('navigation', { name: 'Folders' });
  await expect(folders.getByText('All publishers')).toBeVisible();
  // The root folder cannot be edited: its rename and delete are disabled and say why.
  await expect(page.getByRole('button', { name: 'Rename folder' })).toBeDisabled();
  await expect(page.getByText(ROOT_FIXED)).toBeVisible();
  const table = page.getByRole('table', { name: 'My Publishers' });
  await expect(table.getByRole('row').filter({ hasText: 'Newsroom-Main' })).toBeVisible();
  await screenshot(page, 'shares-publishers');

  // A folder: a taken name is refused with the spec's message, then it is made and selected.
  await page.getByRole('button', { name: 'New folder' }).click();
  let dialog = page.getByRole('dialog', { name: /New folder in/ });
  await dialog.getByLabel('Folder name').fill('all PUBLISHERS');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText(UNIQUE_NAME)).toBeVisible();
  const folder = `Desk-${tag}`;
  await dialog.getByLabel('Folder name').fill(folder);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(folderButton(folders, folder)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(`In folder ${folder}`)).toBeVisible();
  await expect(page.getByText('No items to show')).toBeVisible();

  // A publisher in it: 33 characters are refused as the user types; an empty key is drawn by the server.
  await page.getByRole('button', { name: 'New publisher' }).click();
  const drawer = page.getByRole('dialog', { name: 'New publisher' });
  await drawer.getByLabel('Name').fill('x'.repeat(33));
  await expect(drawer.getByText(MAX_32)).toBeVisible();
  const name = `Pub-${tag}`;
  await drawer.getByLabel('Name').fill(name);
  await expect(drawer.getByText(MAX_32)).toBeHidden();
  await drawer.getByLabel('Description').fill('Evening bulletin feed');
  await drawer.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'News-National' }).click();
  await screenshot(page, 'shares-publisher-new');
  await drawer.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: `${name} (publisher)` });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Share key')).toHaveValue(/^[A-Za-z0-9_-]{16}$/);
  await editor.getByRole('button', { name: 'Close' }).click();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Evening bulletin feed');
  await expect(row).toContainText('News-National');
  await expect(row).toContainText(folder);
  await expect(folderButton(folders, folder)).toContainText('1');

  // The folder holds a publisher, so it is kept; the server's refusal shows in place.
  await page.getByRole('button', { name: 'Delete folder' }).click();
  let confirm = page.getByRole('dialog', { name: `Delete ${folder}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText('A folder that holds publishers, subscribers or folders cannot be deleted')).toBeVisible();
  await screenshot(page, 'shares-folder-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Edit, then delete the publisher and the now empty folder.
  await row.click();
  await editor.getByLabel('Name').fill(`${name}-b`);
  await editor.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('dialog', { name: `${name}-b (publisher)` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete' }).click();
  confirm = page.getByRole('dialog', { name: `Delete ${name}-b?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No items to show')).toBeVisible();
  await page.getByRole('button', { name: 'Delete folder' }).click();
  await page.getByRole('dialog', { name: `Delete ${folder}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(folderButton(folders, folder)).toHaveCount(0);
  dialog = page.getByRole('dialog');
  await expect(dialog).toHaveCount(0);
});

test('a media group admin adds a subscriber, a unique name is enforced, and a unit is shared with it', async ({ page }) => {
  const tag = Date.now().toString(36);
  const name = `Sub-${tag}`;
  await start(page, 'luc_media_group_admin');
  await openFromMenu(page, 'My Subscribers');
  const table = page.getByRole('table', { name: 'My Subscribers' });
  await expect(table.getByRole('row').filter({ hasText: 'Affiliate-North' })).toBeVisible();

  // The spec's uniqueness per inventory: the server refuses a taken name on its field; what was typed stays.
  await page.getByRole('button', { name: 'New subscriber' }).click();
  const drawer = page.getByRole('dialog', { name: 'New subscriber' });
  await drawer.getByLabel('Name').fill('affiliate-north');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText(UNIQUE_NAME)).toBeVisible();
  await expect(drawer.getByLabel('Name')).toHaveValue('affiliate-north');
  await screenshot(page, 'shares-subscriber-refused');
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Share key').fill(`key_${tag}_e2e`);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('dialog', { name: `${name} (subscriber)` }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(table.getByRole('row')).toHaveCount(2); // header + ours
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText(`key_${tag}_e2e`);
  await screenshot(page, 'shares-subscribers');

  // The unit sharing modal offers it: share the first unit of the list with it.
  await page.goto('/list');
  const unitRow = page.locator('[role="row"][data-unit-id]').first();
  await expect(unitRow).toBeVisible({ timeout: 15_000 }); // the first list of a cold console
  const uid = (await unitRow.getAttribute('data-unit-id')) ?? '';
  await unitRow.locator('[data-column="type"]').click();
  await expect(page.getByTestId('unit-name')).toBeVisible({ timeout: 15_000 }); // the unit page's first load
  await page.getByTestId('open-sharing-options').click();
  const sharing = page.getByRole('dialog', { name: 'Sharing options' });
  await sharing.getByRole('checkbox', { name }).click();
  await screenshot(page, 'shares-unit-sharing');
  await sharing.getByRole('button', { name: 'Save' }).click();
  await expect(sharing).toBeHidden();
  const shared = (await (await page.request.get(`${API}/v2/units/${encodeURIComponent(uid)}/sharing`, { headers: HEADERS })).json()) as { subscribers: { name: string }[] };
  expect(shared.subscribers.map((s) => s.name)).toContain(name);

  // Deleting the subscriber stops the share.
  await openFromMenu(page, 'My Subscribers');
  await searchListing(page, table, name);
  await table.getByRole('row').filter({ hasText: name }).click();
  await page.getByRole('dialog', { name: `${name} (subscriber)` }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No items to show')).toBeVisible();
  const after = (await (await page.request.get(`${API}/v2/units/${encodeURIComponent(uid)}/sharing`, { headers: HEADERS })).json()) as { subscribers: { name: string }[] };
  expect(after.subscribers.map((s) => s.name)).not.toContain(name);
});
