import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { navigationMenu, screenshot, signInFresh } from './fixtures.ts';

// The Replay page (issue 6 item 3) as a super user meets it: real Chromium, the real server and the
// fleet worker. A committed scenario log is opened with the file picker and played through the
// same pipeline as live: the counters reach the fixture's own summary, and the other screens show
// the replayed units until "Return to live".

const FIXTURE = 'fixtures/reconnect-storm.ndjson';
const SUMMARY = JSON.parse(readFileSync('fixtures/reconnect-storm.summary.json', 'utf8')) as {
  units: number;
  counters: { busy: number; idle: number; offline: number; activeAlerts: number };
};
const FIXTURE_LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
/** The replayed unit the list (sorted by name) shows first. */
const FIRST_UNIT_NAME = FIXTURE_LINES.slice(1)
  .map((line) => JSON.parse(line) as { kind: string; data: { name?: string } })
  .flatMap((event) => (event.kind === 'unit.added' && event.data.name !== undefined ? [event.data.name] : []))
  .sort((a, b) => a.localeCompare(b))[0] ?? '';
const QUIET = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as unknown as UnitAlertSettings;

const banner = (page: Page) => page.getByTestId('replay-banner');
const count = (page: Page, name: string) => page.getByTestId(`replay-count-${name}`);

/** Signs in as super_user with the unit alert toasts off (a replay at max raises hundreds), and opens /replay (a debugging tool: not in the menu). */
async function openReplayPage(page: Page): Promise<void> {
  await signInFresh(page, 'super_user', { unitAlertsSettings: QUIET });
  await page.goto('/replay');
  await expect(page).toHaveURL(/\/replay$/);
  await expect(page.getByRole('heading', { name: 'Replay', level: 2 })).toBeVisible();
}

test('replays a fixture through the whole console, with the banner, until Return to live', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openReplayPage(page);
  await expect(banner(page)).toHaveCount(0);
  // The server's logs are listed too (the fixtures at least).
  await expect(page.getByTestId('replay-server-logs')).toContainText('reconnect-storm.ndjson');

  await page.getByTestId('replay-file-input').setInputFiles(FIXTURE);
  await expect(banner(page)).toContainText('Replay: reconnect-storm.ndjson — not live');
  await expect(page.getByTestId('replay-name')).toHaveText('reconnect-storm.ndjson');
  await expect(page.getByTestId('replay-index')).toHaveText('0 of 1,439');

  // Play at max: the replayed fleet ends in the fixture's summary.
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: 'max', exact: true }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('replay-phase')).toHaveText('Ended');
  await expect(page.getByTestId('replay-index')).toHaveText('1,439 of 1,439');
  await expect(count(page, 'units')).toHaveText(String(SUMMARY.units));
  await expect(count(page, 'offline')).toHaveText(String(SUMMARY.counters.offline));
  await expect(count(page, 'busy')).toHaveText(String(SUMMARY.counters.busy));
  await expect(count(page, 'idle')).toHaveText(String(SUMMARY.counters.idle));
  await expect(count(page, 'alerts')).toHaveText(String(SUMMARY.counters.activeAlerts));
  await expect(page.getByTestId('replay-seq')).toHaveText('1439');
  await screenshot(page, 'replay-page');

  // Seek to the start: a press at the timeline's left edge; the counters change.
  const timeline = page.getByTestId('replay-timeline');
  await timeline.click({ position: { x: 0, y: 30 } });
  await expect(page.getByTestId('replay-phase')).toHaveText('Paused');
  await expect(page.getByTestId('replay-time')).toHaveText('2025-11-21 04:40:00.000 UTC');
  await expect(count(page, 'busy')).not.toHaveText(String(SUMMARY.counters.busy));
  const startIndex = Number(((await page.getByTestId('replay-index').textContent()) ?? '').split(' of ')[0]?.replace(/,/g, ''));
  expect(startIndex).toBeLessThan(1439);

  // Step with the arrow keys (the timeline press left the focus on the page, not in a field).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('replay-index')).toHaveText(`${(startIndex + 1).toLocaleString('en')} of 1,439`);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('replay-index')).toHaveText(`${(startIndex + 2).toLocaleString('en')} of 1,439`);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('replay-index')).toHaveText(`${(startIndex + 1).toLocaleString('en')} of 1,439`);
  // Space plays and pauses (at 1×: at max the 1,439 events are over before the next press).
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: '1×', exact: true }).click();
  await page.getByTestId('replay-timeline').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('replay-phase')).toHaveText('Playing');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('replay-phase')).toHaveText('Paused');

  // The unit list shows the replayed fleet (names from the log), the banner still across the top.
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: 'max', exact: true }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('replay-phase')).toHaveText('Ended');
  await navigationMenu(page).getByRole('link', { name: 'Unit List' }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByTestId('unit-list-summary')).toContainText(`${SUMMARY.units} units`);
  await expect(page.getByTestId('counter-busy')).toHaveText(String(SUMMARY.counters.busy));
  await expect(page.getByTestId('counter-offline')).toHaveText(String(SUMMARY.counters.offline));
  await expect(page.getByText(FIRST_UNIT_NAME, { exact: true }).first()).toBeVisible();
  await screenshot(page, 'replay-unit-list');

  // Return to live: the banner goes, the group's live units come back.
  await banner(page).getByRole('button', { name: 'Return to live' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText(FIRST_UNIT_NAME, { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('connection-indicator')).toHaveText('live');
  expect(errors).toEqual([]);
});

test('a damaged log (no header) shows the parser error naming line 1; a server log opens from the list', async ({ page }) => {
  await openReplayPage(page);
  await page.getByTestId('replay-file-input').setInputFiles({
    name: 'damaged.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${FIXTURE_LINES.slice(1, 20).join('\n')}\n`),
  });
  const error = page.getByTestId('replay-error');
  await expect(error).toContainText('This log cannot be opened');
  await expect(error).toContainText('damaged.ndjson: line 1: missing log header');
  await expect(banner(page)).toHaveCount(0);
  await screenshot(page, 'replay-damaged');
  // A log the server holds opens from its list.
  await page.getByRole('button', { name: 'Open region-coverage-loss.ndjson' }).click();
  await expect(banner(page)).toContainText('Replay: region-coverage-loss.ndjson — not live');
  await expect(page.getByTestId('replay-error')).toHaveCount(0);
  await banner(page).getByRole('button', { name: 'Return to live' }).click();
  await expect(banner(page)).toHaveCount(0);
});

test('during a replay the unit page shows only replayed state, its actions are disabled, and a page load says the replay ended', async ({ page }) => {
  await openReplayPage(page);
  await page.getByTestId('replay-file-input').setInputFiles(FIXTURE);
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: 'max', exact: true }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('replay-phase')).toHaveText('Ended');
  // The header says replay with the log's time, never "live".
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-phase', 'replay');
  await expect(page.getByTestId('connection-indicator')).toContainText('replay ·');

  // A replayed unit's page (opened from the list, inside the console: a page load would end the replay).
  await navigationMenu(page).getByRole('link', { name: 'Unit List' }).click();
  await page.getByText(FIRST_UNIT_NAME, { exact: true }).first().click();
  await expect(page).toHaveURL(/\/unit\//);
  await expect(page.getByTestId('unit-name')).toHaveText(FIRST_UNIT_NAME);
  await expect(page.getByTestId('open-configuration')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reboot' })).toBeDisabled();
  await expect(page.getByTestId('stream-button')).toBeDisabled();
  await expect(page.getByTestId('actions-blocked')).toContainText('A replay is running');
  await screenshot(page, 'replay-unit-page');

  // A full page load ends the replay: the console says so, and is live again.
  await page.reload();
  await expect(page.getByTestId('replay-ended-notice')).toContainText('The replay of reconnect-storm.ndjson ended when the page was loaded again');
  await expect(banner(page)).toHaveCount(0);
  await screenshot(page, 'replay-ended-by-load');
});

test('looping at max speed, the tab stays interactive: Pause, Play, the menu and Return to live answer', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInFresh(page, 'super_user'); // the default alert settings: a replay raises status toasts as live does
  await page.goto('/replay');
  await page.getByTestId('replay-file-input').setInputFiles(FIXTURE);
  await expect(page.getByTestId('replay-index')).toHaveText('0 of 1,439');
  await page.getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: 'max', exact: true }).click();
  // The switch shows the worker's answer (the replay's state), so it turns on a moment after the click.
  await page.getByRole('switch', { name: 'Loop' }).click({ force: true }); // the visible track is the label
  await expect(page.getByRole('switch', { name: 'Loop' })).toBeChecked();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByTestId('replay-phase')).toHaveText('Playing');
  // It loops: at max the 1,439 events take a few ms, yet after a few rounds it is still playing, never ended.
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId('replay-phase')).toHaveText('Playing');
  await screenshot(page, 'replay-looping-max');
  // The controls answer while it loops.
  for (let round = 0; round < 3; round += 1) {
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByTestId('replay-phase')).toHaveText('Paused');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByTestId('replay-phase')).toHaveText('Playing');
  }
  // The rest of the console too: the menu leads to the replayed unit list, and back.
  await navigationMenu(page).getByRole('link', { name: 'Unit List' }).click();
  await expect(page.getByTestId('unit-list-summary')).toContainText(`${SUMMARY.units} units`);
  await page.getByPlaceholder('Search by name').fill(FIRST_UNIT_NAME);
  await expect(page.getByText(FIRST_UNIT_NAME, { exact: true }).first()).toBeVisible();
  await banner(page).getByRole('button', { name: 'Return to live' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByTestId('connection-indicator')).toHaveText('live');
  expect(errors).toEqual([]);
});
