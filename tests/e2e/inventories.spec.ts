import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, type DemoUser } from './fixtures.ts';

// System Entities › Inventories as a new super user meets it (spec 002 §2 /system_entities with
// child tabs; 001 §3 Inventory; 002 §5 texts): real Chromium against the real server and its demo
// inventories. The test creates its own inventories with names unique to the run, so runs and
// other tests do not disturb each other.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 shared messages, word for word.
const GENERIC_NAME = 'Should contain only letters, numbers, underscores and hyphens';
const NAME_TAKEN = 'Name is already taken. Please select a different name';
const INVALID_IP = 'Invalid IP field';
const MIN_VERSION = 'Must be 3.5 or more';

/** Signs in as a new user whose unit status toasts are off (they would sit over the drawer's buttons). */
const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

const table = (page: Page) => page.getByRole('table', { name: 'Inventories' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'System entities' });

/** The texts of one column (1 = the first), top to bottom. */
async function shownColumn(page: Page, column: number): Promise<string[]> {
  const rows = table(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return (await rows.locator(`td:nth-child(${column})`).allInnerTexts()).map((text) => text.trim());
}
const shownNames = (page: Page) => shownColumn(page, 1);
/** The Units column (6th). */
const shownUnits = async (page: Page) => (await shownColumn(page, 6)).map(Number);

test('a super user creates, finds, sorts, edits, is refused and deletes an inventory', async ({ page }) => {
  const name = `E2E-Inv-${Date.now().toString(36)}`;
  await start(page, 'super_user');

  // The page opens on its first tab, inside the page's tab bar.
  await page.goto('/psg/system_entities');
  await expect(page).toHaveURL(/\/psg\/system_entities\/inventories$/);
  await expect(tabs(page).getByRole('link', { name: 'Inventories' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'System Entities: Inventories' })).toBeVisible();
  await expect(rowOf(page, 'Newsroom')).toBeVisible();
  await screenshot(page, 'inventories-list');

  // Create: bad values are refused with the spec's messages before anything is sent.
  await page.getByRole('button', { name: 'New inventory' }).click();
  const drawer = page.getByRole('dialog', { name: 'New inventory' });
  await drawer.getByLabel(/^Name/).fill('Bad name!');
  await expect(drawer.getByText(GENERIC_NAME)).toBeVisible();
  await drawer.getByLabel('SIP server').fill('sip server');
  await expect(drawer.getByText(INVALID_IP)).toBeVisible();
  await drawer.getByLabel('Field units').fill('2.0');
  await expect(drawer.getByText(MIN_VERSION)).toBeVisible();
  await drawer.getByLabel(/^Name/).fill(name);
  await drawer.getByLabel('SIP server').fill('sip.example.com');
  await drawer.getByLabel('Field units').fill('8.5.2');
  for (const message of [GENERIC_NAME, INVALID_IP, MIN_VERSION]) await expect(drawer.getByText(message)).toBeHidden();
  await drawer.getByLabel('Customer').fill('E2E Broadcasting');
  await drawer.getByLabel('Region').fill('eu-north');
  await drawer.getByLabel('Parent inventory').click();
  await page.getByRole('option', { name: 'Newsroom' }).click();
  await drawer.getByRole('switch', { name: 'Auto group' }).click();
  await drawer.getByRole('switch', { name: 'Map view' }).click();
  await drawer.getByRole('switch', { name: 'Lux' }).click();
  await drawer.getByRole('button', { name: 'Add property' }).click();
  await drawer.getByRole('textbox', { name: 'Key' }).fill('billing');
  await drawer.getByRole('textbox', { name: 'Value' }).fill('B-17');
  await screenshot(page, 'inventories-new');
  await drawer.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: `Inventory ${name}` });
  await expect(editor).toBeVisible();
  const created = await inventoryByName(page, name);
  expect(created).toMatchObject({ customer: 'E2E Broadcasting', region: 'eu-north', parentName: 'Newsroom', sipServer: 'sip.example.com', autoGroup: true, groupCount: 1, properties: { billing: 'B-17' }, defaultSwVersions: { fieldUnits: '8.5.2' } });
  expect(created.features).toMatchObject({ mapView: true, lux: true, reboot: false });

  // Its groups: the auto group, named after it, with both auto associations.
  await editor.getByRole('tab', { name: 'Groups' }).click();
  const groups = editor.getByRole('table', { name: `Groups of ${name}` });
  await expect(groups.getByRole('row').filter({ hasText: name })).toContainText('Users join');
  await expect(groups.getByRole('row').filter({ hasText: name })).toContainText('Units join');
  await screenshot(page, 'inventories-groups');
  await editor.getByRole('button', { name: 'Close' }).click();

  // Search as you type, by name and by customer.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(name.slice(0, 12));
  await expect(rowOf(page, name)).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Search by' }).click();
  await page.getByRole('option', { name: 'Customer' }).click();
  await search.fill('e2e broad');
  await expect(rowOf(page, name)).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(1); // the demo inventories' customers are others
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(rowOf(page, 'Sports')).toBeVisible(); // (not "Newsroom": ours names it as its parent)

  // Sort: by name, then descending (the header toggles), without case.
  const names = await shownNames(page);
  expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  await table(page).getByRole('button', { name: /^Name/ }).click(); // ascending → descending
  await expect(table(page).getByRole('button', { name: 'Name Sorted descending' })).toBeVisible();
  await expect.poll(async () => (await shownNames(page))[0]?.toLowerCase()).toBe([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()))[0]?.toLowerCase());
  const descending = await shownNames(page);
  expect(descending).toEqual([...descending].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
  // By units (the table keeps the direction it had when another column is chosen): ours has none,
  // the demo inventories have units, so ours is first or last.
  const unitsHeader = table(page).getByRole('button', { name: /^Units Sorted/ });
  await table(page).getByRole('button', { name: /^Units/ }).click();
  await expect(unitsHeader).toBeVisible();
  const ascending = (await table(page).getByRole('button', { name: 'Units Sorted ascending' }).count()) === 1;
  await expect.poll(async () => (await shownUnits(page))[ascending ? 0 : names.length - 1]).toBe(0);
  const units = await shownUnits(page);
  expect(units).toEqual([...units].sort((a, b) => (ascending ? a - b : b - a)));

  // Edit: a name another inventory has is refused on the field, and what was typed stays.
  await page.getByRole('combobox', { name: 'Search by' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  await search.fill(name);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await rowOf(page, name).click();
  await editor.getByLabel(/^Name/).fill('Newsroom');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText(NAME_TAKEN)).toBeVisible();
  await expect(editor.getByLabel(/^Name/)).toHaveValue('Newsroom');
  await expect(editor.getByLabel(/^Name/)).toBeInViewport(); // the drawer scrolls the refused field into view
  await screenshot(page, 'inventories-refused');
  await editor.getByLabel(/^Name/).fill(`${name}-2`);
  await editor.getByLabel('Region').fill('eu-west');
  await editor.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('dialog', { name: `Inventory ${name}-2` });
  await expect(renamed).toBeVisible();
  expect(await inventoryByName(page, `${name}-2`)).toMatchObject({ region: 'eu-west', customer: 'E2E Broadcasting' });

  // Delete is refused while it holds its auto group, and the dialog says why.
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}-2?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('The inventory still has 1 groups, 0 units and 0 users: move them to another inventory or delete them first');
  await screenshot(page, 'inventories-delete-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await renamed.getByRole('button', { name: 'Close' }).click();
});

test('an empty inventory is deleted after a confirmation', async ({ page }) => {
  const name = `E2E-Empty-${Date.now().toString(36)}`;
  await start(page, 'super_user');
  await page.goto('/psg/system_entities/inventories');
  await page.getByRole('button', { name: 'New inventory' }).click();
  const drawer = page.getByRole('dialog', { name: 'New inventory' });
  await drawer.getByLabel(/^Name/).fill(name);
  await drawer.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: `Inventory ${name}` });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(editor).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByText('No items to show')).toBeVisible();
  const left = await page.request.get(`${API}/v2/admin/inventories/count?searchValue=${encodeURIComponent(name)}`, { headers: HEADERS });
  expect(await left.json()).toEqual({ count: 0 });
});

test('the other tabs open inside the page: Groups and Users reuse their screens, Units lists the units', async ({ page }) => {
  await start(page, 'super_user');
  await page.goto('/psg/system_entities/inventories');
  await tabs(page).getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/psg\/system_entities\/groups$/);
  await expect(page.getByRole('table', { name: 'Groups' }).getByRole('row').filter({ hasText: 'News-National' })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'system-entities-groups');
  await tabs(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/psg\/system_entities\/users$/);
  // exact: the second broadcaster's bayside_admin is listed too (the super user sees every tenant)
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'luc_admin', exact: true }) })).toBeVisible();
  await screenshot(page, 'system-entities-users');
  await tabs(page).getByRole('link', { name: 'Units' }).click();
  await expect(page).toHaveURL(/\/psg\/system_entities\/units$/);
  await expect(page.getByRole('table', { name: 'Units' }).getByRole('row').nth(1)).toBeVisible();
  await expect(tabs(page)).toBeVisible();
  await expect(page).toHaveTitle('System Entities: Units');
  await screenshot(page, 'system-entities-units');
});

interface ShownInventory {
  readonly customer: string;
  readonly region: string;
  readonly parentName: string | null;
  readonly features: Record<string, boolean>;
  readonly [field: string]: unknown;
}

/** The inventory as the server has it now (the enhanced listing, searched by name). */
async function inventoryByName(page: Page, name: string): Promise<ShownInventory> {
  const answer = await page.request.get(`${API}/v2/admin/inventories/enhanced?searchValue=${encodeURIComponent(name)}`, { headers: HEADERS });
  const found = ((await answer.json()) as { items: (ShownInventory & { name: string })[] }).items.find((i) => i.name === name);
  if (found === undefined) throw new Error(`no inventory ${name}`);
  return found;
}
