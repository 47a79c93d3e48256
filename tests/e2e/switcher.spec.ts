import { test, expect, type Locator, type Page, type Response } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { MULTI_CAMERA_TYPES } from '../../src/domain/units/productTypes.ts';
import { SAME_HQ_AND_PROXY_MESSAGE } from '../../src/domain/validation/multiCamera.ts';
import { SWITCHER_APPLICATIONS } from '../../src/features/unit/switcher/switcherStream.ts';
import { screenshot, serverUnit, signInFresh, unitDetail } from './fixtures.ts';
import type { ServerUnit } from './fixtures.ts';

// The switcher modal (spec 000 §2 "switcher"; §7 "Multi camera and switcher": PUT
// v2/units/{id}/switchermode, /highqualitychannel, /proxychannel, /sdiinput; POST and DELETE
// v2/units/{id}/stream/switchermode; "A guard of 5000 ms applies to switcher input updates.") as a
// regular user meets it: real Chromium, the real server, its simulator, the fleet worker.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

// Every click and fill here waits at most 15 s (30 s in the whole suite: playwright.config.ts): a
// unit the simulator takes offline midway disables the modal's controls, and an unbounded click on
// one waited out the whole test (CI on 8e6f3f8: the settings try stuck on the disabled HQ channel
// until the 240 s were up) instead of failing the try, whose excuse (the unit went offline) then
// moves the walk on to the next unit.
test.use({ actionTimeout: 15_000 });

type SnapshotUnit = { uid: string; name: string; type: string; status?: { state?: string; applications?: Record<string, unknown> } };
type Channel = { id: string; name: string };
type Snapshot = { units: { unit: SnapshotUnit }[]; channels: Channel[] };
type StoredSwitcher = { mode: string | null; highQualityChannelId: string | null; proxyChannelId: string | null; sdiInput: number | null };

/** The unit's stored multi-camera settings, as far as the switcher uses them (GET v2/units/enhanced/{id}). */
async function savedSwitcher(page: Page, uid: string): Promise<StoredSwitcher> {
  const multiCamera = ((await unitDetail(page, uid)) as { settings?: { multiCamera?: Partial<StoredSwitcher> } }).settings?.multiCamera ?? {};
  return { mode: multiCamera.mode ?? null, highQualityChannelId: multiCamera.highQualityChannelId ?? null, proxyChannelId: multiCamera.proxyChannelId ?? null, sdiInput: multiCamera.sdiInput ?? null };
}

/** Signs in as a new regular user with the unit alert toasts off (they would cover the modal). */
async function start(page: Page): Promise<void> {
  await signInFresh(page, 'luc_regular');
  const off = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false]));
  expect((await page.request.put(`${API}/userPreferences/vue`, { headers: HEADERS, data: { unitAlertsSettings: off } })).ok()).toBe(true);
  await page.reload();
}

/** The snapshot of the group the console is bound to (the header's group selector). */
async function currentGroup(page: Page): Promise<Snapshot> {
  const groupName = await page.getByRole('combobox', { name: 'Group' }).inputValue();
  const groups = (await (await page.request.get(`${API}/groups/fetch`, { headers: HEADERS })).json()) as { uid: string; name: string }[];
  const group = groups.find((g) => g.name === groupName) ?? groups[0];
  expect(group).toBeDefined();
  return (await (await page.request.get(`${API}/devices/fetch`, { headers: HEADERS, params: { crnt_vcg_uid: group?.uid ?? '' } })).json()) as Snapshot;
}

/** Online multi-camera units (800, 800e, 810; spec 000 §3) that run nothing. */
const idleMultiCamera = (snapshot: Snapshot): SnapshotUnit[] =>
  snapshot.units
    .map((u) => u.unit)
    .filter((u) => (MULTI_CAMERA_TYPES as readonly string[]).includes(u.type) && u.status?.state === 'online' && Object.keys(u.status.applications ?? {}).length === 0);

async function openSwitcher(page: Page, unit: SnapshotUnit): Promise<Locator> {
  await page.goto(`/unit/${unit.uid}`);
  await expect(page.getByTestId('unit-name')).toHaveText(unit.name);
  await page.getByRole('tab', { name: 'Multi camera' }).click();
  await page.getByRole('button', { name: 'Switcher…' }).click();
  const dialog = page.getByRole('dialog', { name: `Switcher — ${unit.name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The switcher modal's settings on one unit: HQ = proxy refused with the spec's rule, different
 * channels saved and shown after a reload, and the SDI input guard.
 */
async function switcherSettings(page: Page, unit: SnapshotUnit, pair: readonly [Channel, Channel]): Promise<void> {
  // What the unit has stored now (a retry or an earlier walk may have set its channels already):
  // the walk saves the pair the other way round then, so that the save always changes something.
  const stored = await savedSwitcher(page, unit.uid);
  const [hq, proxy] = stored.highQualityChannelId === pair[0].id && stored.proxyChannelId === pair[1].id ? [pair[1].name, pair[0].name] : [pair[0].name, pair[1].name];
  let dialog = await openSwitcher(page, unit);

  // A second click on the chosen channel keeps it (the kit's theme; Mantine's default would empty
  // the required field).
  await choose(page, dialog, 'HQ channel', hq);
  await choose(page, dialog, 'HQ channel', hq);
  await expect(dialog.getByRole('combobox', { name: 'HQ channel' })).toHaveValue(hq);

  // spec 000 §5: "in switcher mode the HQ and proxy channels must differ" — our words for it.
  await dialog.getByText('Switcher and proxy', { exact: true }).click();
  await choose(page, dialog, 'Proxy channel', hq);
  await dialog.getByRole('button', { name: 'Save mode and channels' }).click();
  await expect(dialog.getByText(SAME_HQ_AND_PROXY_MESSAGE)).toBeVisible();
  await expect(dialog.getByText('The HQ and proxy channels must be different')).toBeVisible();
  // Nothing was stored: the unit's switcher settings are as they were.
  expect(await savedSwitcher(page, unit.uid)).toEqual(stored);

  // Different channels: saved, and a reload shows them.
  await choose(page, dialog, 'Proxy channel', proxy);
  await expect(dialog.getByText(SAME_HQ_AND_PROXY_MESSAGE)).toBeHidden();
  await dialog.getByRole('button', { name: 'Save mode and channels' }).click();
  await expect(page.getByText('Switcher settings saved')).toBeVisible();
  await page.reload();
  dialog = await openSwitcher(page, unit);
  await expect(dialog.getByRole('combobox', { name: 'HQ channel' })).toHaveValue(hq);
  await expect(dialog.getByRole('combobox', { name: 'Proxy channel' })).toHaveValue(proxy);
  await expect(dialog.getByRole('radio', { name: 'Switcher and proxy' })).toBeChecked();

  // A second SDI input change within 5 s of the first is held, then sent (spec 000 §7 guard).
  // (Two inputs other than the stored one: a click on the checked radio would change nothing.)
  const firstInput = stored.sdiInput === 2 ? 1 : 2;
  const secondInput = stored.sdiInput === 3 ? 4 : 3;
  await dialog.getByText(`SDI ${firstInput}`, { exact: true }).click();
  await expect(dialog.getByTestId('switcher-input-status')).toHaveText(`SDI ${firstInput} selected.`);
  await dialog.getByText(`SDI ${secondInput}`, { exact: true }).click();
  await expect(dialog.getByTestId('switcher-input-status')).toHaveText(`SDI ${secondInput} is held and goes out when the 5 s since the last change are up.`);
  await expect(dialog.getByTestId('switcher-input-status')).toHaveText(`SDI ${secondInput} selected.`, { timeout: 15_000 });
  await expect.poll(async () => (await savedSwitcher(page, unit.uid)).sdiInput).toBe(secondInput);
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's (the header's X is named Close too)
}

/**
 * Start and stop of the switcher stream from the modal, on a unit whose switcher channels are set.
 * 'notIdle' when the unit was no longer free to start when the modal opened (the caller takes the
 * next one).
 */
async function switcherStream(page: Page, unit: SnapshotUnit, progress: { streaming: boolean }): Promise<'done' | 'notIdle'> {
  const dialog = await openSwitcher(page, unit);
  // The unit must still be free to start: online and running nothing (no store either: the header
  // would then say "Store and forward", spec 000 §4's order of statuses). Else the next unit.
  const state = dialog.getByTestId('switcher-stream-state');
  if ((await state.getAttribute('data-state')) !== 'start' || (await page.getByTestId('unit-status').textContent()) !== 'Online') {
    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's (the header's X is named Close too)
    return 'notIdle';
  }
  await screenshot(page, 'switcher-modal');

  // Start: connecting, then the unit streams (spec 000 §4: a switcher mode active is streaming).
  // (Bounded clicks: a unit the simulator takes offline disables the button; the caller then tries another unit.)
  const button = dialog.getByTestId('switcher-stream-button');
  await expect(button).toHaveText('Start switcher');
  await button.click({ timeout: 10_000 });
  await expect(state).toHaveAttribute('data-state', /connecting|stop/);
  await expect(state).toHaveAttribute('data-state', 'stop', { timeout: 20_000 });
  progress.streaming = true;
  await expect(state).toHaveText('Streaming');
  await expect(button).toHaveText('Stop switcher');
  await expect(page.getByTestId('unit-status')).toHaveText('Streaming');
  await screenshot(page, 'switcher-modal-streaming');

  // Stop: the switcher stream ends. The simulator may start another application on the unit right
  // after (it then shows busy, spec 000 §4), so the check is that no switcher application runs.
  await button.click({ timeout: 10_000 });
  await expect(state).toHaveAttribute('data-state', /^(start|busy)$/, { timeout: 20_000 });
  await expect(button).toHaveText('Start switcher');
  await expect
    .poll(async () => (await serverUnit(page, unit.uid)).applications.filter((name) => (SWITCHER_APPLICATIONS as readonly string[]).includes(name)))
    .toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's (the header's X is named Close too)
  return 'done';
}

/** Sets a unit's switcher mode and channels over REST (the modal's own saving is tested on another unit). */
async function setSwitcherChannels(page: Page, uid: string, hq: string, proxy: string): Promise<void> {
  // A unit whose switcher is set already (the settings walk's, or an earlier try's) keeps its
  // channels: any valid pair starts the stream, and PUTting one channel of another pair could
  // make HQ = proxy for a moment, which the server refuses.
  const stored = await savedSwitcher(page, uid);
  if ((stored.mode === 'switcher' || stored.mode === 'switcherAndProxy') && stored.highQualityChannelId !== null && stored.proxyChannelId !== null) return;
  // Channels first, then the mode (a switcher mode needs both channels; switcherSavePlan's order
  // for a unit in Multi-HQ).
  for (const [path, data] of [
    ['highqualitychannel', { channelId: hq }],
    ['proxychannel', { channelId: proxy }],
    ['switchermode', { mode: 'switcherAndProxy' }],
  ] as const) {
    const answer = await page.request.put(`${API}/v2/units/${encodeURIComponent(uid)}/${path}`, { headers: HEADERS, data });
    expect(answer.ok(), `PUT v2/units/${uid}/${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  }
}

/** Tries `attempt` on up to `tries` units; a failure is excused only by `excuse` (the server's word), else it fails the test. */
async function onMovingUnits(phase: string, tries: number, next: (tried: readonly string[]) => Promise<SnapshotUnit | undefined>, attempt: (unit: SnapshotUnit) => Promise<'done' | 'notIdle'>, excuse: (unit: SnapshotUnit) => Promise<string | null>): Promise<void> {
  const tried: string[] = [];
  while (tried.length < tries) {
    // Steps, so that a test that runs out of time says which unit and try it was on (the report names the open step).
    const unit = await test.step(`${phase}: find a unit idle now (tried ${tried.length})`, () => next(tried));
    if (unit === undefined) break;
    tried.push(unit.uid);
    try {
      if ((await test.step(`${phase}: try ${tried.length}: ${unit.name} (${unit.uid})`, () => attempt(unit))) === 'done') return;
    } catch (error) {
      const moved = await excuse(unit);
      if (moved === null) throw error;
      test.info().annotations.push({ type: 'unit moved by the simulator', description: `${phase}: ${unit.name} ${moved}` });
    }
  }
  throw new Error(`${phase}: no multi-camera unit stayed idle long enough (tried ${tried.length})`);
}

test('sets the switcher channels (HQ ≠ proxy), starts the switcher stream and stops it', async ({ page }) => {
  test.setTimeout(240_000); // up to 8 units when the simulator moves them midway, and waits for an idle one
  await start(page);
  const snapshot = await currentGroup(page);
  const [first, second] = [...snapshot.channels].sort((a, b) => a.name.localeCompare(b.name));
  expect(first && second, 'the group has two channels').toBeTruthy();
  // The simulator moves units on its own: each step takes a unit that is idle now (the server's
  // snapshot), and a unit it takes offline midway, or made busy so the server refused the start, is
  // swapped for the next. Only the server's word excuses a failure.
  // The group has few multi-camera units; at times none of them is idle: wait (≤ 60 s) for one.
  const idleNow = async (tried: readonly string[]): Promise<SnapshotUnit | undefined> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const unit = idleMultiCamera(await currentGroup(page)).find((u) => !tried.includes(u.uid));
      if (unit !== undefined || Date.now() > deadline) return unit;
      await page.waitForTimeout(1_000);
    }
  };
  // When each attempt's unit last came online, read as the attempt starts: a unit that drops and
  // comes back within the attempt is online again when the excuse is asked, but its stream is gone.
  const onlineAtStart = new Map<string, number | null>();
  const noteOnline = async (unit: SnapshotUnit) => void onlineAtStart.set(unit.uid, (await serverUnit(page, unit.uid)).onlineSince);
  const droppedOrOffline = (unit: SnapshotUnit, now: ServerUnit): string | null => {
    if (now.offline) return 'went offline';
    const before = onlineAtStart.get(unit.uid);
    return before !== undefined && before !== now.onlineSince ? 'went offline and came back' : null;
  };
  const offline = async (unit: SnapshotUnit) => droppedOrOffline(unit, await serverUnit(page, unit.uid));

  // The settings through the modal, on one unit.
  await onMovingUnits('settings', 5, idleNow, async (unit) => (await noteOnline(unit), await switcherSettings(page, unit, [first!, second!]), 'done'), offline);

  // The stream, on a unit idle right now (its channels set over REST just before, so the time in
  // which the simulator can take it is seconds, not the settings' half minute).
  let refused = false;
  const progress = { streaming: false };
  const watch = (response: Response): void => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/stream/switchermode') && !response.ok()) refused = true;
  };
  page.on('response', watch);
  try {
    await onMovingUnits(
      'stream',
      8,
      idleNow,
      async (unit) => {
        refused = false;
        progress.streaming = false;
        await noteOnline(unit);
        await setSwitcherChannels(page, unit.uid, first!.id, second!.id);
        return switcherStream(page, unit, progress);
      },
      async (unit) => {
        const now = await serverUnit(page, unit.uid);
        const dropped = droppedOrOffline(unit, now);
        if (dropped !== null) return dropped;
        if (refused && !progress.streaming) return 'was busy when the switcher was started (the server refused it)';
        // e.g. store and forward started beside the switcher: the header then says "Store and forward" (spec 000 §4's order).
        const others = now.applications.filter((name) => !(SWITCHER_APPLICATIONS as readonly string[]).includes(name));
        return others.length > 0 ? `started ${others.join(', ')} by itself` : null;
      },
    );
  } finally {
    page.off('response', watch);
  }
});
