import { test, expect, type Page } from '@playwright/test';
import { isSerialNumber } from '../../src/domain/validation/serialNumber.ts';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, signOutFromMenu, type DemoUser } from './fixtures.ts';

// Batch Upgrade (spec 001 §5, 002 §9) as a support engineer meets it: a CSV of serial numbers with
// a header, a duplicate and two serials that match no device; the unknown ones are shown and
// ignored, the wave runs on the real server's simulator with its progress bar and per-device results.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
const UNKNOWN = ['ZZZZZ9998', 'ZZZZZ9999'];

const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

test('a support engineer upgrades units from a CSV with unknown serials and watches the wave', async ({ page }) => {
  test.setTimeout(240_000);
  // Serial numbers of real units (read as a super user), then the batch as the support staff.
  await start(page, 'super_user');
  const answer = await page.request.get(`${API}/v2/admin/sw_versions/units?limit=100&sortBy=serial`, { headers: HEADERS });
  expect(answer.ok()).toBe(true);
  // Units other walks registered (ad-hoc, cameras) may carry serials outside the spec's format: take 12 that have it.
  const serials = ((await answer.json()) as { items: { serial: string }[] }).items.map((u) => u.serial).filter(isSerialNumber).slice(0, 12);
  expect(serials).toHaveLength(12);
  await signOutFromMenu(page);
  await start(page, 'staff');

  await page.goto('/psg/batch_upgrade');
  await expect(page.getByRole('heading', { name: 'Batch Upgrade' })).toBeVisible();
  const csv = ['Serial Number,Comment', ...serials.map((s, i) => `${s},truck ${i + 1}`), `${UNKNOWN[0]},lost`, `${serials[0]},again`, `"${UNKNOWN[1]}","spare, old"`].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'wave.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

  const summary = page.getByTestId('batch-summary');
  await expect(summary).toContainText(`${serials.length} devices`);
  await expect(summary).toContainText('2 unknown serial numbers');
  await expect(summary).toContainText('1 duplicate');
  await expect(page.getByTestId('batch-unknown')).toContainText(`${UNKNOWN[0]}, ${UNKNOWN[1]}`);
  await screenshot(page, 'batch-upgrade-checked');

  await page.getByTestId('batch-version').click();
  await page.getByRole('option', { name: '9.0.0' }).click();
  await page.getByTestId('batch-start').click();

  const wave = page.getByTestId('upgrade-wave');
  await expect(wave).toBeVisible();
  await expect(page.getByTestId('wave-jobs').getByRole('row')).toHaveCount(serials.length + 1);
  await expect(page.getByTestId('wave-progress')).toBeVisible();
  await screenshot(page, 'batch-upgrade-running');
  await expect(wave).toContainText('Upgrade to 9.0.0 ended', { timeout: 150_000 });
  await expect(page.getByTestId('wave-progress-text')).toHaveText('100 % done');
  // Each device ended: succeeded, or failed / rejected with its reason shown.
  const rows = page.getByTestId('wave-jobs').locator('tbody tr');
  for (let i = 0; i < serials.length; i += 1) {
    const state = await rows.nth(i).getAttribute('data-state');
    expect(['succeeded', 'failed', 'rejected']).toContain(state);
    if (state !== 'succeeded') await expect(rows.nth(i).locator('td').last()).not.toBeEmpty();
  }
  await screenshot(page, 'batch-upgrade-ended');
});
