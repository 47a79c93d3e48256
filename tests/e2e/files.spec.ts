import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh } from './fixtures.ts';

// Files as a producer meets it (issue 13): the demo's recordings of the current group (13 files:
// 8 video parts, 5 metadata), the kind and date filters, rename with a bad name refused in the
// spec's words then accepted, a broadcast started and stopped, the metadata view, and a transfer
// from the simulator (units forward what they stored) with its progress bar.

const QUIET = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) } as never;
const chip = (page: Page, name: string) => page.locator('label.mantine-Chip-label', { hasText: name });
const row = (page: Page, name: string) => page.getByTestId('file-row').filter({ has: page.getByText(name, { exact: true }) });
/**
 * The flood recording's prefix: the demo's, or the one a failed attempt of this walk gave it (the
 * server keeps a rename, so a retry finds the files renamed and renames them again, to a name of its own).
 */
const FLOOD = String.raw`(?:_Flood-Riverside|Flood_Riverside-\{final\d*\})`;

test('filters, renames, broadcasts and watches a transfer on the Files screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signInFresh(page, 'luc_regular', QUIET);
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
  await expect(page.getByTestId('file-row').first()).toBeVisible();
  const stored = page.getByTestId('file-row').filter({ hasNot: page.getByTestId('file-transfer') });

  // Kind filter (saved in filesFilters): metadata only → the five xml/json files.
  await chip(page, 'Metadata').click();
  await expect(stored.filter({ hasText: new RegExp(String.raw`(?:_(?:Interview-Mayor|Press-Conference|Stadium-Arrivals|Street-Vox-Pop)|${FLOOD})\.(?:xml|json)`) })).toHaveCount(5);
  await expect(page.getByTestId('file-row').filter({ hasText: /\.(mp4|mkv|mov|3gp)/ })).toHaveCount(0);
  const metadataRow = stored.filter({ hasText: new RegExp(String.raw`${FLOOD}\.json`) });
  await metadataRow.getByRole('button', { name: 'Metadata' }).click();
  await expect(page.getByTestId('file-metadata')).toContainText('"recording"');
  await screenshot(page, 'files-metadata');
  await page.keyboard.press('Escape');
  await chip(page, 'Metadata').click();
  // Date filter: the last 24 hours keep the mayor's interview (and what arrives meanwhile).
  await page.getByText('24 hours', { exact: true }).click();
  await expect(stored.filter({ hasText: 'Press-Conference' })).toHaveCount(0);
  await expect(stored.filter({ hasText: 'Interview-Mayor' })).toHaveCount(3);
  await page.getByText('Any date', { exact: true }).click();
  await expect(stored.filter({ hasText: 'Press-Conference' })).toHaveCount(4);

  // Rename: a space is refused with the spec's words; a good prefix renames the recording's files.
  const flood = stored.filter({ hasText: new RegExp(String.raw`${FLOOD}\.mkv`) });
  const renamed = `Flood_Riverside-{final${test.info().retry === 0 ? '' : test.info().retry}}`;
  await flood.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New name').fill('Flood riverside');
  await expect(dialog.getByText('Use only letters, digits and @~_-+={},!()')).toBeVisible();
  await screenshot(page, 'files-rename-refused');
  await dialog.getByLabel('New name').fill(renamed);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, `${renamed}.mkv`)).toHaveCount(1);
  await expect(row(page, `${renamed}.json`)).toHaveCount(1);

  // Broadcast the renamed video on its channel (the probe picks the media server), then stop it.
  await row(page, `${renamed}.mkv`).getByRole('button', { name: 'Broadcast' }).click();
  await expect(row(page, `${renamed}.mkv`).getByText('Broadcasting')).toBeVisible();
  await screenshot(page, 'files-broadcasting');
  await row(page, `${renamed}.mkv`).getByRole('button', { name: 'Stop' }).click();
  await expect(row(page, `${renamed}.mkv`).getByText('Stored')).toBeVisible();

  // A recording forwarded by a unit arrives: its progress bar climbs (the simulator's churn forwards often).
  // One transfer is watched by its file name: it climbs, or it finishes (its row turns Stored: a
  // transfer first read at 99 % has nowhere else to go); one that fails leaves the list (files
  // service), and then the next transfer is watched instead.
  await expect(page.getByTestId('file-transfer').first()).toBeVisible({ timeout: 60_000 });
  const percentOf = (text: string | null) => Number(text?.match(/Transferring (\d+) %/)?.[1] ?? 'NaN');
  const rowNamed = (name: string) => page.getByTestId('file-row').and(page.getByLabel(name, { exact: true })).first();
  let watched: { name: string; progress: number } | null = null;
  await expect(async () => {
    if (watched === null || (await rowNamed(watched.name).count()) === 0) {
      const transferring = page.getByTestId('file-row').filter({ has: page.getByTestId('file-transfer') }).first();
      const name = (await transferring.getAttribute('aria-label')) ?? '';
      watched = { name, progress: percentOf(await transferring.getByTestId('file-transfer').textContent()) };
    }
    const current = rowNamed(watched.name);
    const transfer = current.getByTestId('file-transfer');
    if ((await transfer.count()) === 0) {
      await expect(current).toContainText('Stored', { timeout: 1_000 });
      return;
    }
    expect(percentOf(await transfer.textContent())).toBeGreaterThan(watched.progress);
  }).toPass({ timeout: 30_000 });
  // The screenshot shows a transfer on screen; any of them may finish between two reads (its bar leaves the DOM).
  await expect(async () => {
    const transfer = page.getByTestId('file-transfer').first();
    if ((await transfer.count()) > 0) await transfer.scrollIntoViewIfNeeded({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await screenshot(page, 'files-transfer');
});
