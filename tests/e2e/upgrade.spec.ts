import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, serverUnit, signInFresh, type DemoUser } from './fixtures.ts';

// Software upgrade of one unit from its page (spec 000 §5, 001 §4), as an administrator meets it:
// real Chromium against the real server, whose simulator runs the upgrade with its progress.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
const SAME_VERSION = 'The device already runs the selected version.';

const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

/** Online, idle units of the admin with a version they may move to (asked of the server, as the dialog does). */
async function upgradableUnits(page: Page): Promise<{ uid: string; name: string; swVersion: string; target: string }[]> {
  const units = await page.request.get(`${API}/v2/admin/sw_versions/units?limit=200`, { headers: HEADERS });
  expect(units.ok()).toBe(true);
  const ids = ((await units.json()) as { items: { uid: string }[] }).items.map((u) => u.uid);
  const options = await page.request.post(`${API}/v2/upgrade/options`, { headers: HEADERS, data: { units: ids, servers: [] } });
  expect(options.ok()).toBe(true);
  const devices = ((await options.json()) as { devices: { id: string; name: string; swVersion: string; options: { version: string; allowed: boolean; notice?: string }[] }[] }).devices;
  return devices.flatMap((d) => {
    const target = d.options.find((o) => o.allowed && o.notice === undefined);
    return target === undefined ? [] : [{ uid: d.id, name: d.name, swVersion: d.swVersion, target: target.version }];
  });
}

test('an administrator upgrades a unit from its page and watches the progress', async ({ page }) => {
  test.setTimeout(240_000);
  await start(page, 'luc_admin');
  const candidates = await upgradableUnits(page);
  let refusalShown = false;
  for (const candidate of candidates.slice(0, 20)) {
    // The simulator moves units on its own: pass over one that is offline or at work now.
    const live = await serverUnit(page, candidate.uid);
    if (live.offline || live.applications.length > 0) continue;
    await page.goto(`/unit/${candidate.uid}`);
    await expect(page.getByTestId('unit-name')).toHaveText(candidate.name);
    await page.getByTestId('software-upgrade').click();
    const dialog = page.getByRole('dialog', { name: 'Software upgrade' });
    await expect(dialog.getByTestId('upgrade-versions')).toBeVisible();

    if (!refusalShown) {
      // The version it runs is listed and refused with the rule's text and the server code.
      await dialog.getByTestId(`version-${candidate.swVersion}`).click();
      await expect(dialog.getByTestId('upgrade-refusal')).toContainText(SAME_VERSION);
      await expect(dialog.getByTestId('upgrade-refusal')).toContainText('Error 6802: The target version is not allowed.');
      await expect(dialog.getByTestId('start-upgrade')).toBeDisabled();
      await screenshot(page, 'upgrade-dialog-refusal');
      refusalShown = true;
    }

    await dialog.getByTestId(`version-${candidate.target}`).click();
    await expect(dialog.getByTestId(`device-${candidate.uid}`)).toContainText('Allowed');
    await dialog.getByTestId('start-upgrade').click();
    const job = dialog.getByTestId(`job-${candidate.uid}`);
    await expect(job).toBeVisible();
    if ((await job.getAttribute('data-state')) === 'rejected') {
      // It went offline or busy between the check and the start: the refusal is shown; try another.
      await expect(job).toContainText('The unit is busy or offline.');
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      continue;
    }

    // The wave: the unit upgrades with its progress (the page shows it upgrading), then ends
    // succeeded or failed with its code.
    await expect(job).toHaveAttribute('data-state', 'upgrading');
    await expect(job.getByRole('progressbar')).toBeVisible();
    await expect(page.getByTestId('unit-status')).toHaveText(/Upgrading/i);
    await screenshot(page, 'upgrade-dialog-progress');
    await expect(job).toHaveAttribute('data-state', /succeeded|failed/, { timeout: 90_000 });
    if ((await job.getAttribute('data-state')) === 'failed') await expect(job).toContainText(/Error (10[1-7]|-1):/);
    await expect(dialog.getByTestId('wave-progress-text')).toHaveText('100 % done');
    await screenshot(page, 'upgrade-dialog-ended');
    return;
  }
  throw new Error('no idle upgradable unit could be upgraded in the demo fleet');
});

test('Software Versions: an administrator adds, finds and removes a version, and sees each unit’s target', async ({ page }) => {
  const version = `8.${(Date.now() % 90) + 6}`;
  await start(page, 'super_user');
  await page.goto('/sw_version');
  await expect(page.getByRole('heading', { name: 'Software Versions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Software Versions' });
  await expect(table.getByRole('row').nth(1)).toContainText('9.0.0');
  await page.getByRole('button', { name: 'New version' }).click();
  const drawer = page.getByRole('dialog', { name: 'New software version' });
  await drawer.getByLabel('Version number').fill('9.5');
  await expect(drawer.getByText('Must be a version from 3.5 to 9.0')).toBeVisible();
  await drawer.getByLabel('Version number').fill(version);
  await drawer.getByLabel('Description').fill('E2E pilot build');
  await drawer.getByLabel('Release notes URL').fill('https://notes.example/pilot');
  await screenshot(page, 'software-versions-new');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'E2E pilot build' })).toBeVisible();
  await screenshot(page, 'software-versions-list');
  await table.getByRole('row').filter({ hasText: 'E2E pilot build' }).click();
  const editor = page.getByRole('dialog', { name: `Software version ${version}` });
  await editor.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).last().click();
  await expect(table.getByRole('row').filter({ hasText: 'E2E pilot build' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Target version per unit' }).click();
  const units = page.getByRole('table', { name: 'Target version per unit' });
  await expect(units.getByRole('row').nth(1)).toBeVisible();
  await screenshot(page, 'software-versions-units');
});
