import { test, expect, type Page, type Response } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { BUSY_UNIT_CAPPING_MESSAGE, CELLULAR_ABOVE_TOTAL_MESSAGE } from '../../src/domain/validation/capping.ts';
import { UNIT_NAME_IN_USE } from '../../src/domain/validation/names.ts';
import { ERRORS } from '../../src/domain/errors.ts';
import { movedSince, screenshot, serverUnit, signInFresh, type DemoUser, type ServerUnit } from './fixtures.ts';

// The unit page and its configuration dialog as an operator meets them: real Chromium, the real
// server and its simulator (units move on their own), the fleet worker. Each test signs in as its
// own demo user (sign-in rate limit), with the preferences of a new user (other spec files share the demo users).

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

type SnapshotUnit = { uid: string; name: string; type: string; status?: { state?: string; applications?: Record<string, unknown> }; links?: unknown[] };

/** Signs in as a new user and turns the unit alert toasts off, so they cover nothing the test clicks or shoots. */
async function start(page: Page, user: DemoUser): Promise<void> {
  await signInFresh(page, user);
  const off = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false]));
  expect((await page.request.put(`${API}/userPreferences/vue`, { headers: HEADERS, data: { unitAlertsSettings: off } })).ok()).toBe(true);
  await page.reload();
}

/** The units of the group the console is bound to (the header's group selector), as the snapshot gives them. */
async function currentGroupUnits(page: Page): Promise<SnapshotUnit[]> {
  const groupName = await page.getByRole('combobox', { name: 'Group' }).inputValue();
  const groups = (await (await page.request.get(`${API}/groups/fetch`, { headers: HEADERS })).json()) as { uid: string; name: string }[];
  const group = groups.find((g) => g.name === groupName) ?? groups[0];
  expect(group).toBeDefined();
  const snapshot = (await (await page.request.get(`${API}/devices/fetch`, { headers: HEADERS, params: { crnt_vcg_uid: group?.uid ?? '' } })).json()) as { units: { unit: SnapshotUnit }[] };
  return snapshot.units.map((u) => u.unit);
}

const isIdle = (unit: SnapshotUnit) => unit.status?.state === 'online' && Object.keys(unit.status.applications ?? {}).length === 0;

/** Opens the page of an idle online unit of the current group (the simulator may move a unit meanwhile: the next is tried). */
async function openIdleUnit(page: Page, skip: readonly string[] = []): Promise<SnapshotUnit> {
  const idle = (await currentGroupUnits(page)).filter((u) => isIdle(u) && !skip.includes(u.uid));
  for (const unit of idle.slice(0, 6)) {
    await page.goto(`/unit/${unit.uid}`);
    await expect(page.getByTestId('unit-name')).toHaveText(unit.name);
    const button = page.getByTestId('stream-button');
    if ((await button.getAttribute('data-state')) === 'start') return unit;
  }
  throw new Error('no idle unit in the current group');
}

async function openConfiguration(page: Page, tab: string): Promise<void> {
  if (!(await page.getByRole('dialog').isVisible())) await page.getByTestId('open-configuration').click();
  await page.getByRole('dialog').getByRole('tab', { name: tab }).click();
}

/**
 * Watches the answers to the unit's POST `path` calls (only those whose body has `action`, when
 * given): `accepted` and `refused` say whether the server took or refused one.
 */
function watchCalls(page: Page, uid: string, path: string, action?: string): { refused: boolean; accepted: boolean; stop(): void } {
  const url = `${API}/v2/units/${encodeURIComponent(uid)}/${path}`;
  const listener = (response: Response): void => {
    const request = response.request();
    if (request.method() !== 'POST' || !new URL(response.url()).pathname.endsWith(url)) return;
    if (action !== undefined && (request.postDataJSON() as { action?: string } | null)?.action !== action) return;
    if (response.ok()) seen.accepted = true;
    else seen.refused = true;
  };
  const seen = { refused: false, accepted: false, stop: () => void page.off('response', listener) };
  page.on('response', listener);
  return seen;
}

type StreamPhase = 'starting' | 'streaming' | 'stopping';

/** Starts a stream on the open (idle) unit, checks the send-logs refusal while it streams, and stops it. */
async function streamCycle(page: Page, progress: { phase: StreamPhase }): Promise<void> {
  const button = page.getByTestId('stream-button');
  await expect(button).toHaveText('Start stream');
  // Bounded clicks: a unit the simulator takes offline disables the buttons (the caller then tries another unit).
  await button.click({ timeout: 10_000 });
  await expect(button).toHaveAttribute('data-state', 'connecting');
  await expect(button).toHaveText('Connecting…');
  await expect(button).toHaveAttribute('data-state', 'stop', { timeout: 20_000 });
  progress.phase = 'streaming';
  await expect(page.getByTestId('unit-status')).toHaveText('Streaming');

  // spec 000 §8: the unit the logs come from is busy → "Selected channel is busy", the server's words.
  await page.getByRole('button', { name: 'Send logs' }).click({ timeout: 10_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Send logs' }).click({ timeout: 10_000 });
  await expect(page.getByTestId('send-logs-refusal')).toHaveText(ERRORS.sendLogs.channelBusy);
  await expect(page.getByTestId('send-logs-refusal')).toHaveText('Selected channel is busy');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click({ timeout: 10_000 });
  await expect(page.getByRole('dialog')).toBeHidden(); // the closing modal must not swallow the next click

  await button.click({ timeout: 10_000 });
  // Stopping a live stream asks first (issue 17 item 4); Cancel leaves it streaming.
  const confirmStop = page.getByRole('dialog', { name: 'Stop the stream?' });
  await confirmStop.getByRole('button', { name: 'Cancel' }).click({ timeout: 10_000 });
  await expect(confirmStop).toBeHidden();
  await expect(button).toHaveAttribute('data-state', 'stop');
  await button.click({ timeout: 10_000 });
  // 'stopping' once the stop is confirmed: a stream that ended by itself before it is still the simulator's doing.
  progress.phase = 'stopping';
  await confirmStop.getByTestId('confirm-stop-stream').click({ timeout: 10_000 });
  await expect(button).toHaveAttribute('data-state', 'disconnecting');
  await expect(button).toHaveAttribute('data-state', 'start', { timeout: 20_000 });
  await expect(page.getByTestId('unit-status')).not.toHaveText('Streaming');
}

/**
 * Why a stream cycle on `uid` may have failed with the console right: the simulator moved the unit
 * (offline, or offline and back since `before`; busy before the test pressed start, or before the
 * start reached the server, which refused it; the stream ended although the test had not
 * confirmed a stop; a stream again after the test's stop). Null: the server has the unit as the
 * test left it, so the console is wrong.
 */
async function streamMovedBySimulator(page: Page, uid: string, before: ServerUnit, phase: StreamPhase, start: { refused: boolean; accepted: boolean }, stop: { accepted: boolean }): Promise<string | null> {
  const now = await serverUnit(page, uid);
  const moved = movedSince(before, now);
  if (moved !== null) return moved;
  if (start.refused) return 'was busy when the stream was started (the server refused it)';
  if (phase === 'starting' && !start.accepted && now.applications.length > 0) return `started ${now.applications.join(', ')} by itself before the test pressed start`;
  if (phase !== 'stopping' && now.videoState !== 'streaming' && now.videoState !== 'connecting') return `stopped streaming by itself (video ${now.videoState ?? 'none'})`;
  if (phase === 'stopping' && stop.accepted && now.videoState === 'streaming') return 'streams again by itself after the stop';
  // e.g. store and forward started beside the stream: the header then says so (spec 000 §4's order of statuses).
  const others = now.applications.filter((name) => name !== 'video');
  if (others.length > 0) return `started ${others.join(', ')} by itself`;
  return null;
}

test('starts a stream and sees connecting then streaming, stops it; a busy unit refuses to send logs', async ({ page }) => {
  test.setTimeout(180_000); // up to 4 units when the simulator moves them midway
  await start(page, 'luc_admin');
  const tried: string[] = [];
  // The simulator moves units on its own (offline, streams started and stopped at random): when the
  // server shows it moved the unit midway (streamMovedBySimulator), the cycle is repeated on the
  // next idle unit. Any other failure fails.
  for (;;) {
    const unit = await openIdleUnit(page, tried);
    expect(unit.uid).not.toBe('');
    tried.push(unit.uid);
    const progress: { phase: StreamPhase } = { phase: 'starting' };
    const starts = watchCalls(page, unit.uid, 'stream', 'start');
    const stops = watchCalls(page, unit.uid, 'stream', 'stop');
    const before = await serverUnit(page, unit.uid);
    try {
      await streamCycle(page, progress);
      break;
    } catch (error) {
      const moved = await streamMovedBySimulator(page, unit.uid, before, progress.phase, starts, stops);
      if (moved === null || tried.length >= 4) throw error;
      test.info().annotations.push({ type: 'unit moved by the simulator', description: `${unit.name} ${moved} (${progress.phase})` });
    } finally {
      starts.stop();
      stops.stop();
    }
  }
});

/**
 * The configuration dialog's checks on one idle unit. 'unitTurnedBusy' when the simulator made the
 * unit busy before the capping check (capping is then refused for that reason, spec 000 §5): the
 * caller repeats on another idle unit.
 */
async function checkConfigurationDialog(page: Page, other: SnapshotUnit): Promise<'checked' | 'unitTurnedBusy'> {
  // Metadata: a comment of 101 characters is refused before sending.
  await openConfiguration(page, 'Metadata');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Comment').fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must have at most 100 characters')).toBeVisible();

  // A name another unit has: the server refuses, the message sits on the field, the typed name stays.
  await dialog.getByLabel('Comment').fill('Checked by the end-to-end test');
  const name = dialog.getByLabel('Unit name');
  await name.fill(other.name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(UNIT_NAME_IN_USE)).toBeVisible();
  await expect(name).toHaveValue(other.name);
  await expect(dialog.getByLabel('Comment')).toHaveValue('Checked by the end-to-end test');

  // Network: a cellular capping above the total capping. (Bounded clicks: a unit the simulator takes
  // offline disables these fields; the caller then tries another unit.)
  await openConfiguration(page, 'Network');
  await dialog.getByRole('combobox', { name: 'Max Total Capping' }).click({ timeout: 10_000 });
  await page.getByRole('option', { name: '3.6 Mbps' }).click({ timeout: 10_000 });
  await dialog.getByRole('combobox', { name: 'Max Cellular Capping' }).click({ timeout: 10_000 });
  await page.getByRole('option', { name: '8.0 Mbps' }).click({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Save capping' }).click({ timeout: 10_000 });
  const busyRefusal = dialog.getByText(BUSY_UNIT_CAPPING_MESSAGE);
  await expect(dialog.getByText(CELLULAR_ABOVE_TOTAL_MESSAGE).or(busyRefusal).first()).toBeVisible();
  if (await busyRefusal.isVisible()) {
    // Only a unit that really is busy now may answer so.
    await expect(page.getByTestId('stream-button')).not.toHaveAttribute('data-state', 'start');
    return 'unitTurnedBusy';
  }
  await expect(dialog.getByText(CELLULAR_ABOVE_TOTAL_MESSAGE)).toBeVisible();
  await expect(dialog.getByText('Max Cellular Capping cannot be higher than Max Total Capping')).toBeVisible();
  // Switching tabs and back keeps what was typed.
  await openConfiguration(page, 'Metadata');
  await expect(name).toHaveValue(other.name);
  return 'checked';
}

test('the configuration dialog checks values with the spec’s messages and keeps what was typed when the server refuses', async ({ page }) => {
  test.setTimeout(180_000); // up to 4 units when the simulator moves them midway
  await start(page, 'luc_regular');
  const units = await currentGroupUnits(page);
  const tried: string[] = [];
  let outcome: 'checked' | 'unitTurnedBusy' | 'unitWentOffline' = 'unitTurnedBusy';
  // The simulator moves units on its own: a unit it makes busy or takes offline midway is replaced by the next idle one.
  while (outcome !== 'checked' && tried.length < 4) {
    const unit = await openIdleUnit(page, tried);
    tried.push(unit.uid);
    const other = units.find((u) => u.uid !== unit.uid);
    expect(other).toBeDefined();
    if (other === undefined) return;
    try {
      outcome = await checkConfigurationDialog(page, other);
    } catch (error) {
      // Only a unit the server has offline now excuses the failure (its fields are disabled then).
      if (!(await serverUnit(page, unit.uid)).offline || tried.length >= 4) throw error;
      outcome = 'unitWentOffline';
    }
  }
  expect(outcome, `units tried: ${tried.join(', ')}`).toBe('checked');
});

test('a read-only user sees the unit with every action disabled', async ({ page }) => {
  await start(page, 'luc_read');
  const units = await currentGroupUnits(page);
  const unit = units.find(isIdle) ?? units[0];
  await page.goto(`/unit/${unit?.uid ?? ''}`);
  await expect(page.getByTestId('unit-name')).toHaveText(unit?.name ?? '');
  await expect(page.getByText('Read-only access')).toBeVisible();
  await expect(page.getByTestId('stream-button')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send logs' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reboot' })).toBeDisabled();
  await expect(page.getByTestId('speed-test')).toBeDisabled();
  await openConfiguration(page, 'Metadata');
  await expect(page.getByRole('dialog').getByLabel('Unit name')).toBeDisabled();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('screenshots of the unit page tabs and the configuration dialog tabs', async ({ page }) => {
  await start(page, 'luc_media_group_admin');
  await openIdleUnit(page);
  await expect(page.getByTestId('bandwidth-chart').locator('canvas')).toBeVisible();
  for (const [tab, file] of [
    ['Camera control', 'unit-page-camera-control'],
    ['Multi camera', 'unit-page-multi-camera'],
    ['Intercom', 'unit-page-intercom'],
    ['Databridge', 'unit-page-databridge'],
    ['Video return', 'unit-page-video-return'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, file);
  }
  for (const [tab, file] of [
    ['Connections', 'unit-config-connections'],
    ['Video/Audio', 'unit-config-video-audio'],
    ['Network', 'unit-config-network'],
    ['Advanced', 'unit-config-advanced'],
    ['IP pipe', 'unit-config-ip-pipe'],
    ['Alerts settings', 'unit-config-alerts'],
    ['Metadata', 'unit-config-metadata'],
  ] as const) {
    await openConfiguration(page, tab);
    await expect(page.getByRole('dialog').getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, file);
  }
});

type DatabridgePhase = 'starting' | 'running' | 'stopping';

/** Starts and stops the databridge of the open (idle) unit from its tab. */
async function databridgeCycle(page: Page, progress: { phase: DatabridgePhase }): Promise<void> {
  await page.getByRole('tab', { name: 'Databridge' }).click();
  const state = page.getByTestId('databridge-state');
  const startButton = page.getByRole('button', { name: 'Start databridge' });
  const stopButton = page.getByRole('button', { name: 'Stop databridge' });
  await expect(state).toHaveText('Not connected');
  await expect(stopButton).toBeDisabled();
  // Bounded clicks: a unit the simulator takes offline disables the buttons (the caller then tries another unit).
  await startButton.click({ timeout: 10_000 });
  await expect(state).toHaveText('Connected', { timeout: 20_000 }); // connecting, then connected
  progress.phase = 'running';
  await expect(startButton).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'DataBridge Gateway' })).toBeDisabled();
  // 'stopping' once the stop is sent: a click refused because the databridge went by itself is still 'running'.
  await stopButton.click({ timeout: 10_000 });
  progress.phase = 'stopping';
  await expect(state).toHaveText('Not connected');
  await expect(startButton).toBeEnabled();
}

test('starts and stops the databridge from its tab', async ({ page }) => {
  test.setTimeout(180_000); // up to 4 units when the simulator moves them midway
  await start(page, 'luc_admin');
  const tried: string[] = [];
  // The simulator moves units on its own: when the server shows it moved the unit midway (offline,
  // or offline and back since the attempt began; busy before the start, so the server refused it;
  // the databridge gone though the test had not stopped it), the cycle is repeated on the next idle
  // unit. Any other failure fails.
  for (;;) {
    const unit = await openIdleUnit(page, tried);
    tried.push(unit.uid);
    const progress: { phase: DatabridgePhase } = { phase: 'starting' };
    const starts = watchCalls(page, unit.uid, 'stream/databridge');
    const before = await serverUnit(page, unit.uid);
    try {
      await databridgeCycle(page, progress);
      break;
    } catch (error) {
      const now = await serverUnit(page, unit.uid);
      const moved = movedSince(before, now) ?? (starts.refused
          ? 'was busy when the databridge was started (the server refused it)'
          : progress.phase === 'starting' && !starts.accepted && now.applications.length > 0
            ? `started ${now.applications.join(', ')} by itself before the test pressed start`
          : progress.phase !== 'stopping' && starts.accepted && !now.applications.includes('databridge')
            ? 'lost its databridge by itself'
            : null);
      if (moved === null || tried.length >= 4) throw error;
      test.info().annotations.push({ type: 'unit moved by the simulator', description: `${unit.name} ${moved} (${progress.phase})` });
    } finally {
      starts.stop();
    }
  }
});

test('file upload lists a unit’s files and starts an upload that shows as pending', async ({ page }) => {
  await start(page, 'luc_partner');
  const unit = (await currentGroupUnits(page))[0];
  await page.goto('/file_upload');
  await expect(page.getByTestId('file-upload')).toBeVisible();
  await page.getByRole('combobox', { name: 'Unit', exact: true }).fill(unit?.name ?? '');
  await page.getByRole('option', { name: unit?.name ?? '' }).click();
  const table = page.getByTestId('files-table');
  await expect(table).toBeVisible();
  await table.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(table.getByText('Pending')).toBeVisible();
  await screenshot(page, 'file-upload');
});
