import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, serverUnit, signInFresh, signOutFromMenu, type DemoUser } from './fixtures.ts';

// Device support access, remote actions and access approvals as new users meet them (spec 000 §6
// "Support access to a device is granted for 8 hours, then blocked automatically. Remote actions
// may need customer approval."; 001 §4 access approval: active, expired, used): real Chromium
// against the real server and its simulated fleet. The simulator may take a unit offline at any
// time, so a remote action that ran is either done or failed with the unit's own message; both
// are honest answers and the walks accept either.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

/** Signs in as a new user whose unit status toasts are off (they would sit over the dialogs). */
const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

/** The index-th online, idle unit of the demo fleet in name order (each walk takes its own), so its logs can be sent. */
async function unitAt(page: Page, index: number): Promise<{ id: string; name: string }> {
  const answer = await page.request.get(`${API}/v2/support/devices?kind=unit&limit=100&sortBy=name&sortDir=desc`, { headers: HEADERS });
  expect(answer.ok()).toBe(true);
  const listed = (await answer.json()) as { items: { id: string; name: string }[] };
  const idle: { id: string; name: string }[] = [];
  for (const unit of listed.items) {
    const live = await serverUnit(page, unit.id);
    if (!live.offline && live.applications.length === 0) idle.push(unit);
    if (idle.length > index) return idle[index]!;
  }
  throw new Error('the demo fleet has too few idle units');
}

/** Picks the unit in the New remote action dialog and asks for an action. */
async function askFor(page: Page, unitName: string, action: string, note: string) {
  await page.getByRole('button', { name: 'New remote action' }).click();
  const dialog = page.getByRole('dialog', { name: 'New remote action' });
  await dialog.getByRole('combobox', { name: 'Device' }).fill(unitName);
  await page.getByRole('option', { name: new RegExp(`^${unitName} \\(`) }).click();
  await dialog.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: action }).click();
  await dialog.getByLabel('Note for the customer').fill(note);
  await dialog.getByRole('button', { name: 'Run or ask for approval' }).click();
  return dialog;
}

test('support asks for an action, the customer approves it on the unit page, staff find the approval used', async ({ page }) => {
  // 1. The super user asks for logs of a unit nobody granted access to: it waits for the customer.
  await start(page, 'super_user');
  const unit = await unitAt(page, 0);
  await page.goto('/psg/remote_actions');
  await expect(page.getByRole('heading', { name: 'Remote Actions' })).toBeVisible();
  const dialog = await askFor(page, unit.name, 'Send logs', 'Encoder restarts every hour');
  const answer = dialog.getByTestId('remote-action-answer');
  await expect(answer.getByText('Waiting for approval')).toBeVisible();
  await expect(answer.getByText(/waits for the customer's approval/)).toBeVisible();
  await screenshot(page, 'support-remote-action-waiting');
  await answer.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row').filter({ hasText: unit.name }).first();
  await expect(row.getByText('Waiting for approval')).toBeVisible();
  await screenshot(page, 'support-remote-actions-list');
  await signOutFromMenu(page);

  // 2. The customer's admin sees the request on the unit page, approves it, then grants access for 8 hours.
  await start(page, 'luc_admin');
  await page.goto(`/unit/${encodeURIComponent(unit.id)}`);
  const panel = page.getByTestId('support-access-panel');
  await expect(panel.getByRole('heading', { name: 'Support access' })).toBeVisible();
  await expect(panel.getByText('Not granted')).toBeVisible();
  const request = panel.getByTestId('support-approval');
  await expect(request.getByText(/Send logs asked by super_user/)).toBeVisible();
  await expect(request.getByText('“Encoder restarts every hour”')).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'support-unit-panel-request');
  await request.getByRole('button', { name: `Approve Send logs on ${unit.name}` }).click();
  await expect(panel.getByText('No request is waiting.')).toBeVisible();
  await expect(panel.getByText(/Send logs by super_user/)).toBeVisible();
  await expect(panel.getByText(/^(Done|Failed)$/).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Grant support access for 8 hours' }).click();
  await expect(panel.getByTestId('support-access-state').getByText('Active')).toBeVisible();
  await expect(panel.getByText(/^8 h 0 min left \(granted by luc_admin/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Grant 8 hours from now' })).toBeEnabled();
  await screenshot(page, 'support-unit-panel-granted');
  await signOutFromMenu(page);

  // 3. Staff find the approval among the used ones.
  await start(page, 'staff');
  await page.goto('/psg/access_approvals');
  await expect(page.getByRole('heading', { name: 'Access Approval' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'State' }).getByText('Used').click();
  const used = page.getByRole('row').filter({ hasText: unit.name }).first();
  await expect(used.getByText('Used')).toBeVisible();
  await expect(used.getByText(/Approved by luc_admin/)).toBeVisible();
  await screenshot(page, 'support-access-approvals-used');
});

test('a contractor grants support access on the Contractor page; the partner’s action then runs at once on /support', async ({ page }) => {
  await start(page, 'luc_contractor');
  const unit = await unitAt(page, 1);
  await page.goto('/contractor');
  await expect(page.getByRole('heading', { name: 'Contractor' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Requests from support' })).toBeVisible();
  const devices = page.getByRole('table', { name: 'Devices and support access' });
  await page.getByRole('searchbox', { name: 'Search' }).last().fill(unit.name);
  const row = devices.getByRole('row').filter({ hasText: unit.name }).first();
  await expect(row).toBeVisible();
  await screenshot(page, 'support-contractor');
  await row.click();
  const drawer = page.getByRole('dialog', { name: unit.name });
  await drawer.getByRole('button', { name: /^Grant/ }).click();
  await expect(drawer.getByTestId('support-access-state').getByText('Active')).toBeVisible();
  await screenshot(page, 'support-contractor-granted');
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await expect(row.getByText('Active')).toBeVisible();
  await signOutFromMenu(page);

  await start(page, 'luc_partner');
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Remote Actions' })).toBeVisible();
  const dialog = await askFor(page, unit.name, 'Send logs', 'Checking the modems');
  const answer = dialog.getByTestId('remote-action-answer');
  await expect(answer.getByText(/^(Done|Failed)$/)).toBeVisible();
  await expect(answer.getByText('Waiting for approval')).toBeHidden();
  await screenshot(page, 'support-partner-ran');
});
