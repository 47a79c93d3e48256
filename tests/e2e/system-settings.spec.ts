import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { navigationMenu, screenshot as fullPage, signInFresh, type DemoUser } from './fixtures.ts';

// The super user's and the staff's system area as a new user meets it (issue 14 C1; spec 002 §2
// /system_settings, /system_entities, /whats_new): real Chromium against the real server and its
// demo data. What a walk creates is named for the run and removed at its end: the notes of the
// what's-new walk would otherwise greet every later user of the same server.

const API = '/luc/luc-core-web/rest';
const CONSOLE_APP = { 'Application-Id': 'luc-console' };
const IN_USE = 'Modem vendor data could not be deleted. It may be tied to a modem';
const HEX = 'Must be 4 hexadecimal digits (0-9, A-F)';

const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });
const run = () => Date.now().toString(36);

/** A screenshot once the page's transitions (a dialog fading in) have ended. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await fullPage(page, name);
}

test('staff register a client application, sign a call with its new id, deactivate it and see the call refused', async ({ page }) => {
  const name = `E2E bridge ${run()}`;
  await start(page, 'staff');
  await navigationMenu(page).getByRole('link', { name: 'Client Application' }).click();
  await expect(page).toHaveURL(/\/psg\/system_settings\/client_application$/);
  const table = page.getByRole('table', { name: 'Client Application' });
  await expect(table.getByRole('row').filter({ hasText: 'luc-console' })).toBeVisible();
  await screenshot(page, 'system-client-applications');

  await page.getByRole('button', { name: 'Register application' }).click();
  const drawer = page.getByRole('dialog', { name: 'Register a client application' });
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText('This field is required')).toBeVisible();
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: `Client application ${name}` });
  const appId = (await editor.getByTestId('application-id').textContent()) ?? '';
  expect(appId).toMatch(/^[0-9a-f-]{36}$/);
  await screenshot(page, 'system-client-application-registered');

  // A real call signed with the new id (the page's session, another application).
  const signed = await page.request.get(`${API}/groups/fetch`, { headers: { 'Application-Id': appId } });
  expect(signed.status()).toBe(200);

  // Deactivated, the same call is refused, naming the id.
  await editor.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Inactive');
  const refused = await page.request.get(`${API}/groups/fetch`, { headers: { 'Application-Id': appId } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(`Application-Id '${appId}' is not a registered active client application`);

  // The console's own application cannot be switched off.
  await table.getByRole('row').filter({ hasText: 'luc-console' }).getByRole('cell').first().click(); // the name, not the copy button
  await expect(page.getByRole('switch', { name: 'Active' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Deleted, it is gone from the list.
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').filter({ hasText: name }).getByRole('cell').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: /Delete/ }).getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('staff keep modem vendors (a vendor in use is not deleted) and write-only AI credentials', async ({ page }) => {
  const model = `E2E-${run()}`;
  await start(page, 'staff');
  await page.goto('/psg/system_settings');
  await expect(page).toHaveURL(/\/psg\/system_settings\/client_application$/);
  await page.getByRole('navigation', { name: 'System settings' }).getByRole('link', { name: 'Modems Vendor/Model' }).click();
  const table = page.getByRole('table', { name: 'Modems Vendor/Model' });
  await expect(table.getByRole('row').filter({ hasText: 'Sierra Wireless' })).toBeVisible();

  // A vendor a modem reports: the refusal shows in the confirmation, with the spec's words.
  await table.getByRole('row').filter({ hasText: 'Sierra Wireless' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete/ });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(IN_USE);
  await screenshot(page, 'system-modem-vendor-in-use');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('dialog', { name: 'Modem Sierra Wireless EM7565' }).getByRole('button', { name: 'Cancel' }).click();

  // A new one: bad hex is refused as typed; saved in capitals; deleted.
  await page.getByRole('button', { name: 'New vendor/model' }).click();
  const drawer = page.getByRole('dialog', { name: 'New modem vendor/model' });
  await drawer.getByLabel('VID').fill('12G1');
  await expect(drawer.getByText(HEX)).toBeVisible();
  await drawer.getByLabel('VID').fill('12d1');
  await drawer.getByLabel('Vendor').fill('Huawei');
  await drawer.getByLabel('PID').fill('15c1');
  await drawer.getByLabel('Model').fill(model);
  await drawer.getByRole('button', { name: 'Create' }).click();
  const created = page.getByRole('dialog', { name: `Modem Huawei ${model}` });
  await expect(created.getByLabel('VID')).toHaveValue('12D1');
  await created.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row').filter({ hasText: model })).toContainText('15C1');
  await screenshot(page, 'system-modem-vendors');
  await table.getByRole('row').filter({ hasText: model }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: /Delete/ }).getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('row').filter({ hasText: model })).toHaveCount(0);

  // AI settings: a password is saved, never shown again; the answer says only that one is set.
  await page.getByRole('navigation', { name: 'System settings' }).getByRole('link', { name: 'AI Settings' }).click();
  await page.getByLabel('Username').fill('ai-bot');
  await page.getByLabel('RTMP url').fill('http://wrong.example.com');
  await expect(page.getByText('Must be an rtmp:// or rtmps:// address')).toBeVisible();
  await page.getByLabel('RTMP url').fill('rtmp://ai.example.com/live');
  await page.getByLabel('RTMP user').fill('ingest');
  await page.getByLabel('Password', { exact: true }).fill('e2e-s3cret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('password-state')).toHaveText('Saved');
  await expect(page.getByTestId('rtmpPassword-state')).toHaveText('Not set');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  const answer = await page.request.get(`${API}/v2/admin/aiSettings`, { headers: CONSOLE_APP });
  expect(await answer.text()).not.toContain('e2e-s3cret');
  await screenshot(page, 'system-ai-settings');
});

test('a super user walks the System Entities tabs: units, servers, channels, VR channels, DataBridge gateways', async ({ page }) => {
  await start(page, 'super_user');
  await page.goto('/psg/system_entities/units');
  const tabs = page.getByRole('navigation', { name: 'System entities' });
  const tabsToWalk = [
    ['Units', 'Units'],
    ['MMH Servers', 'MMH Servers'],
    ['VR Servers', 'VR Servers'],
    ['Ingest Servers', 'Ingest Servers'],
    ['Transceiver Servers', 'Transceiver Servers'],
    ['Channels', 'Channels'],
    ['VR Channels', 'VR Channels'],
    ['DataBridge Gateways', 'DataBridge Gateways'],
  ] as const;
  for (const [link, label] of tabsToWalk) {
    await tabs.getByRole('link', { name: link, exact: true }).click();
    const table = page.getByRole('table', { name: label });
    await expect(table).toBeVisible();
    // Every tab lists something from the demo data (or says so): the first body row shows.
    await expect(table.getByRole('row').nth(1)).toBeVisible();
  }
  // The tab shows what the server lists for the type (earlier walks of the run change which units the
  // super user's list holds, so the expectation is read from the API, not assumed).
  const gateways = (await (await page.request.get(`${API}/v2/admin/units?searchKey=type&searchValue=${encodeURIComponent('DataBridge Gateway')}`, { headers: CONSOLE_APP })).json()) as { total: number; units: { name: string; type: string }[] };
  const firstGateway = page.getByRole('table', { name: 'DataBridge Gateways' }).getByRole('row').nth(1);
  // The data table draws its empty state beside the (blank) empty row, so the text is looked up in the page.
  if (gateways.total === 0) await expect(page.getByText('No items to show')).toBeVisible();
  else {
    expect(gateways.units.every((unit) => unit.type === 'DataBridge Gateway')).toBe(true);
    await expect(firstGateway).toContainText('DataBridge Gateway');
  }
  await screenshot(page, 'system-entities-db-gateways');

  await tabs.getByRole('link', { name: 'MMH Servers' }).click();
  await page.getByRole('table', { name: 'MMH Servers' }).getByRole('button', { name: /^Channels/ }).click();
  await screenshot(page, 'system-entities-mmh-servers');
  await tabs.getByRole('link', { name: 'Units', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('zz-no-such-unit');
  await expect(page.getByText('No items to show')).toBeVisible();
});

test('a super user writes a what’s-new note; a user is shown it once after signing in', async ({ page }) => {
  const text = `E2E note ${run()}: client applications can now be registered in System Settings.`;
  await start(page, 'super_user');
  await navigationMenu(page).getByRole('link', { name: "What's New" }).click();
  await expect(page).toHaveURL(/\/psg\/whats_new$/);
  await page.getByRole('button', { name: 'New note' }).click();
  const drawer = page.getByRole('dialog', { name: "New what's-new note" });
  const version = await drawer.getByLabel('Version').inputValue();
  expect(version).toMatch(/^\d+\.\d+/); // the running server's version
  await drawer.getByLabel('Version').fill('next');
  await expect(drawer.getByText('Must be a version such as 2.4 or 2.4.1')).toBeVisible();
  await drawer.getByLabel('Version').fill(version);
  await drawer.getByLabel('Text').fill(text);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: `What's new: Version ${version}` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: "What's New" }).getByRole('row').filter({ hasText: text.slice(0, 20) })).toBeVisible();
  await screenshot(page, 'whats-new-list');

  try {
    // A user signing in is shown the note, once.
    await page.context().clearCookies();
    await start(page, 'luc_regular');
    const dialog = page.getByRole('dialog', { name: `What's new in version ${version}` });
    await expect(dialog).toContainText(text);
    await screenshot(page, 'whats-new-dialog');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    const askedAgain = page.waitForResponse((response) => response.url().endsWith('/v2/whatsNew') && response.request().method() === 'GET');
    await page.reload();
    expect(((await (await askedAgain).json()) as { notes: unknown[] }).notes).toEqual([]);
    await expect(navigationMenu(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: `What's new in version ${version}` })).toHaveCount(0);
  } finally {
    // Remove the note, so that later users of this server are not greeted by it.
    await page.context().clearCookies();
    await start(page, 'super_user');
    const greeting = page.getByRole('dialog', { name: `What's new in version ${version}` });
    await greeting.getByRole('button', { name: 'Got it' }).click();
    await page.goto('/psg/whats_new');
    await page.getByRole('table', { name: "What's New" }).getByRole('row').filter({ hasText: text.slice(0, 20) }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: /Delete/ }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('table', { name: "What's New" }).getByRole('row').filter({ hasText: text.slice(0, 20) })).toHaveCount(0);
  }
});
