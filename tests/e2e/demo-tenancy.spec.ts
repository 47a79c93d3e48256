import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import type { UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, signOutFromMenu, type DemoUser } from './fixtures.ts';

// The demo shows tenancy (issue 16 item 7): the demo's second broadcaster, Bayside
// (src/server/demoSecondBroadcaster.ts), and the first broadcaster's demo users each see only their
// own units and groups, in the console and over REST.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

const rows = (page: Page) => page.locator('[role="row"][data-unit-id]');
const quiet = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings };

/** The uids the unit list shows and the REST listing answers, for the signed-in user. */
async function unitsSeen(page: Page): Promise<{ listed: string[]; rest: string[]; groups: string[] }> {
  await expect(page).toHaveURL(/\/list$/);
  await expect(rows(page).first()).toBeVisible();
  const listed = await rows(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-unit-id') ?? ''));
  const answer = await page.request.get(`${API}/v2/admin/units?limit=500`, { headers: HEADERS });
  expect(answer.ok()).toBe(true);
  const rest = ((await answer.json()) as { units: { uid: string }[] }).units.map((u) => u.uid);
  const me = await page.request.get(`${API}/users/fetch_current_user_details`, { headers: HEADERS });
  const groups = ((await me.json()) as { groups: { name: string }[] }).groups.map((g) => g.name);
  return { listed, rest, groups };
}

async function as(page: Page, user: DemoUser): Promise<{ listed: string[]; rest: string[]; groups: string[] }> {
  await signInFresh(page, user, quiet);
  return unitsSeen(page);
}

test('two broadcasters’ regular users see none of each other’s units or groups', async ({ page }, testInfo) => {
  const bayside = await as(page, 'bayside_regular');
  expect(bayside.listed.length).toBeGreaterThan(0);
  expect(bayside.listed.every((uid) => uid.startsWith('B'))).toBe(true);
  expect(bayside.rest.every((uid) => uid.startsWith('B'))).toBe(true);
  expect(bayside.groups).toEqual(['Bayside-News', 'Bayside-Sport']);
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(/Bayside/);
  await page.screenshot({ path: testInfo.outputPath('bayside-regular-units.png') });
  await screenshot(page, 'demo-tenancy-bayside');
  // A unit of the other broadcaster is not found for this user.
  const other = await page.request.get(`${API}/v2/units/U000001?crnt_vcg_uid=G-BAYSIDE-NEWS`, { headers: HEADERS });
  expect(other.status()).toBe(404);
  await signOutFromMenu(page);

  const demo = await as(page, 'luc_regular');
  expect(demo.listed.length).toBeGreaterThan(0);
  expect(demo.listed.some((uid) => uid.startsWith('B'))).toBe(false);
  expect(demo.rest.some((uid) => uid.startsWith('B'))).toBe(false);
  expect(demo.groups.some((name) => name.startsWith('Bayside'))).toBe(false);
  const theirs = await page.request.get(`${API}/v2/units/${bayside.rest[0]}?crnt_vcg_uid=G-NEWS-NATIONAL`, { headers: HEADERS });
  expect(theirs.status()).toBe(404);
  await page.screenshot({ path: testInfo.outputPath('demo-regular-units.png') });
});

test('the second broadcaster’s admin administers only its own groups', async ({ page }, testInfo) => {
  await signInFresh(page, 'bayside_admin', quiet);
  await page.goto('/groups');
  const table = page.getByRole('table', { name: 'Groups' });
  await expect(table.getByRole('cell', { name: 'Bayside-News', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Bayside-Sport', exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3); // header + its two groups
  await expect(table).not.toContainText('News-National');
  await page.screenshot({ path: testInfo.outputPath('bayside-admin-groups.png') });
});
