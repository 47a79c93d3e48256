import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh } from './fixtures.ts';

// Devices and IFB Servers as an administrator and a super user meet them (issue 12; spec 001 §2
// /devices, §3 Server, §5 rules, §8 refusals): real Chromium against the real server and its
// running simulator. Server rows follow server.status live (a restart turns MMH-1 offline without
// a reload, then back).

const MMH = 'MMH-1';
const MMH_NAME = 'MMH-Newsroom-01';
// spec 002 §5 messages and spec 001 §8's IFB reason, as the form and the server show them.
const MAX_24 = 'Must be 24 or less';
const PTP_MAX = 'Must be 127 or less';
const NO_SIP = 'IFB mode cannot be changed: no SIP server is configured';
const SERIAL = 'Serial number must be 9 characters in the form XNXXXNNNN or XXXXXNNNN (X an uppercase letter, N a digit)';

const table = (page: Page) => page.getByRole('table', { name: 'Devices' });
const drawer = (page: Page) => page.getByRole('dialog');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator filters the devices of an inventory, watches a server restart live, edits its four tabs and adds a camera', async ({ page }) => {
  test.setTimeout(180_000);
  // No transition toasts over the table (the fleet's churn would cover the row actions).
  const quiet = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings;
  await signInFresh(page, 'luc_admin', { manageDeviceFilters: {}, manageDeviceInventory: null, manageDeviceGroup: null, unitAlertsSettings: quiet });
  await page.goto('/devices');
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await choose(page, 'Inventory', 'Newsroom');
  await expect(table(page).getByRole('row').filter({ hasText: MMH_NAME })).toBeVisible();
  await expect(page.getByTestId('counter-server')).toContainText('4');
  await expect(page.getByTestId(`status-${MMH}`)).toHaveText(/Idle|Busy/);
  await screenshot(page, 'devices-list');

  // Filter: servers only; kept in manageDeviceFilters (and the inventory in manageDeviceInventory) across a reload.
  await page.getByRole('group', { name: 'Kind' }).getByText('Server', { exact: true }).click();
  await expect(table(page).getByRole('row').filter({ hasText: 'Camera' })).toHaveCount(0);
  await expect(table(page).getByRole('row').filter({ hasText: 'Unit' })).toHaveCount(0);
  await expect(table(page).getByRole('row')).toHaveCount(5); // header + 4 servers
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Kind' }).getByRole('checkbox', { name: 'Server' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Inventory' })).toHaveValue('Newsroom');
  await expect(page.getByTestId(`usage-${MMH}`)).toContainText('CPU');
  await screenshot(page, 'devices-servers');

  // Edit server: General. A refused value shows the spec's words as typed; the IFB mode change is refused by the server with its reason.
  await table(page).getByRole('row').filter({ hasText: MMH_NAME }).click();
  await expect(drawer(page).getByRole('tab', { name: 'General' })).toBeVisible();
  const max = drawer(page).getByRole('textbox', { name: 'Max channels' });
  await max.fill('30');
  await expect(drawer(page).getByText(MAX_24)).toBeVisible();
  await screenshot(page, 'devices-server-general-refused');
  await max.fill('20');
  await choose(page, 'IFB mode', 'V2');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByText(NO_SIP)).toBeVisible();
  await screenshot(page, 'devices-server-ifb-refused');
  await choose(page, 'IFB mode', 'V1');
  await drawer(page).getByRole('textbox', { name: 'Alias' }).fill('Main-MMH');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByRole('status')).toHaveText('Saved');

  // Server Info (8.5): hardware, usage, services.
  await drawer(page).getByRole('tab', { name: 'Server Info' }).click();
  await expect(drawer(page).getByTestId('server-info')).toContainText('Model');
  await expect(drawer(page).getByText('graphics', { exact: true })).toBeVisible();
  await screenshot(page, 'devices-server-info');

  // SMPTE 2110: a PTP domain outside the server's bounds, then a good one.
  await drawer(page).getByRole('tab', { name: 'SMPTE 2110' }).click();
  await drawer(page).getByRole('switch', { name: 'SMPTE 2110 interface on' }).click();
  await drawer(page).getByRole('textbox', { name: 'PTP domain' }).fill('200');
  await expect(drawer(page).getByText(PTP_MAX)).toBeVisible();
  await drawer(page).getByRole('textbox', { name: 'PTP domain' }).fill('12');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByRole('status')).toHaveText('Saved');
  await screenshot(page, 'devices-server-smpte');

  // IP Pipe: created on the first save.
  await drawer(page).getByRole('tab', { name: 'IP Pipe' }).click();
  await expect(drawer(page).getByText('This server has no IP pipe yet: saving creates it.')).toBeVisible();
  await drawer(page).getByRole('switch', { name: 'IP pipe on' }).click();
  await drawer(page).getByRole('textbox', { name: 'Destination host' }).fill('10.20.30.40');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page).getByRole('status')).toHaveText('Saved');
  // The pipe now exists: the tab reloads it, and the notice is still there after that reload.
  await expect(drawer(page).getByText('This server has no IP pipe yet: saving creates it.')).toBeHidden();
  await expect(drawer(page).getByRole('status')).toHaveText('Saved');
  await screenshot(page, 'devices-server-ippipe');

  // Restart (6.4): the row goes offline without a reload, then comes back.
  await drawer(page).getByRole('button', { name: 'Restart server' }).click();
  await expect(drawer(page).getByTestId('server-state')).toHaveText('Offline', { timeout: 15_000 });
  await drawer(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId(`status-${MMH}`)).toHaveText('Offline');
  await screenshot(page, 'devices-server-restarting');
  await expect(page.getByTestId(`status-${MMH}`)).toHaveText(/Idle|Busy/, { timeout: 30_000 });

  // Add camera: a bad serial number is refused as typed; a good one adds the camera.
  await page.getByRole('group', { name: 'Kind' }).getByText('Server', { exact: true }).click();
  await page.getByRole('button', { name: 'Add camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add camera' });
  await choose(page, 'Brand', 'Northlight (NL-)');
  await choose(page, 'Model', 'NL-C2');
  const name = `E2E-Cam-${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill('a1bcd2345');
  await expect(dialog.getByText(SERIAL)).toBeVisible();
  await screenshot(page, 'devices-add-camera-refused');
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill('A1BCD2345');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Name or serial').fill(name);
  await expect(table(page).getByRole('row').filter({ hasText: name })).toContainText('Camera');
  await expect(table(page).getByRole('row').filter({ hasText: name })).toContainText('NL-C2');
  await screenshot(page, 'devices-camera-added');
});

test('a super user edits an IFB server and is refused a port out of range', async ({ page }) => {
  await signInFresh(page, 'super_user');
  await page.goto('/psg/ifb_servers');
  await expect(page.getByRole('heading', { name: 'IFB Servers' })).toBeVisible();
  const row = page.getByRole('table', { name: 'IFB Servers' }).getByRole('row').filter({ hasText: 'IFB-Newsroom-01' });
  await expect(row).toBeVisible();
  await screenshot(page, 'ifb-servers-list');
  await row.click();
  const port = drawer(page).getByRole('textbox', { name: 'SIP port' });
  await port.fill('70000');
  await expect(drawer(page).getByText('Must be 65535 or less')).toBeVisible();
  await screenshot(page, 'ifb-servers-refused');
  await port.fill('5070');
  await drawer(page).getByRole('button', { name: 'Save' }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(row).toContainText(':5070');
});
