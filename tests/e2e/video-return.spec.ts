import { test, expect, type Locator, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh } from './fixtures.ts';

// Video return as its users meet it (issue 13): the Video Return screen (configure an SRT input,
// a refused port with the exact message, the channel connecting then input connected), the
// portal sending that channel to a unit, and the portal as a video-return viewer. The demo's
// channels: four per inventory (SRT listener, SDI, a disabled "Spare", a "Remote" without server).

const API = '/luc/luc-core-web/rest';
/** Unit alert toasts off, so they cover nothing the test clicks or shoots. */
const QUIET = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) } as never;
const HEADERS = { 'Application-Id': 'luc-console' };

/** The channel card of a name. */
const card = (page: Page, name: string) => page.getByTestId('vr-channel').filter({ has: page.getByText(name, { exact: true }) });

/** A filter chip (Mantine hides the checkbox behind its label). */
const chip = (page: Page, name: string) => page.locator('label.mantine-Chip-label', { hasText: name });

/** The group the console is bound to, and the inventory name its channels start with. */
async function currentGroup(page: Page): Promise<{ uid: string; inventoryName: string }> {
  const name = await page.getByRole('combobox', { name: 'Group' }).first().inputValue();
  const groups = (await (await page.request.get(`${API}/groups/fetch`, { headers: HEADERS })).json()) as { uid: string; name: string; inventoryName: string }[];
  const group = groups.find((g) => g.name === name) ?? groups[0];
  if (group === undefined) throw new Error('no group');
  return group;
}

/**
 * The spare channel as the demo seeds it: input disabled, no unit receiving it. A walk that failed
 * half-way (CI retries once) leaves it configured and maybe received; the retry starts from here.
 */
async function resetSpare(page: Page, groupId: string, inventoryName: string): Promise<void> {
  const inGroup = `crnt_vcg_uid=${groupId}`;
  const channels = (await (await page.request.get(`${API}/v0/groups/${groupId}/video-return-channels?${inGroup}`, { headers: HEADERS })).json()) as { uniqueId: string; name: string }[];
  const spare = channels.find((c) => c.name === `${inventoryName}-Spare`);
  if (spare === undefined) throw new Error(`no channel ${inventoryName}-Spare`);
  const units = (await (await page.request.get(`${API}/v2/vrChannels/receivers?${inGroup}`, { headers: HEADERS })).json()) as { uid: string; receiving: { channelId: string | null } | null }[];
  for (const unit of units.filter((u) => u.receiving?.channelId === spare.uniqueId)) {
    expect((await page.request.delete(`${API}/v2/units/${unit.uid}/vrChannels/stream?${inGroup}`, { headers: HEADERS })).ok()).toBe(true);
  }
  const reset = await page.request.post(`${API}/v0/video-return-channels/${spare.uniqueId}/update?${inGroup}`, { headers: HEADERS, data: { inputType: 'disabled' } });
  expect(reset.ok()).toBe(true);
}

/**
 * Sends the channel of a portal card to the first unit on offer and waits until it receives.
 * False when the unit left first: the simulator's churn takes a unit offline now and then, and an
 * offline unit receives nothing; the caller tries the next unit.
 */
async function sendToFirstUnit(page: Page, portalCard: Locator, channelName: string): Promise<boolean> {
  await portalCard.getByRole('combobox', { name: `Unit to receive ${channelName}` }).click();
  await page.locator('[role="option"]:not([data-combobox-disabled]):visible').first().click();
  await portalCard.getByRole('button', { name: 'Start video return' }).click();
  const receiver = portalCard.getByTestId('vr-portal-receiver');
  await expect(receiver).toHaveCount(1, { timeout: 10_000 });
  // Connecting lasts 1-2.5 s and the portal reads again every 2 s: the unit's row says collecting
  // and the channel lists it connected, or its row goes (the unit went offline).
  const outcome = async (): Promise<'receiving' | 'left' | 'waiting'> => {
    if ((await receiver.count()) === 0) return 'left';
    const row = (await receiver.textContent()) ?? '';
    const listed = (await portalCard.getByTestId('vr-receivers').textContent()) ?? '';
    return row.includes('collecting') && listed.includes('· connected') ? 'receiving' : 'waiting';
  };
  await expect.poll(outcome, { timeout: 15_000 }).not.toBe('waiting');
  return (await outcome()) === 'receiving';
}

test('configures an SRT input on the Video Return screen, then sends the channel to a unit from the portal', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'luc_admin', QUIET);
  await page.goto('/video_return');
  await expect(page.getByRole('heading', { name: 'Video Return' })).toBeVisible();
  const group = await currentGroup(page);
  const inv = group.inventoryName;
  await resetSpare(page, group.uid, inv);
  await expect(page.getByTestId('vr-channel')).toHaveCount(4);
  await expect(card(page, `${inv}-Remote`).getByTestId('vr-state')).toHaveText('Offline');
  await expect(card(page, `${inv}-Spare`).getByTestId('vr-state')).toHaveText('Idle');

  // The filter (saved in vrFilters): offline only, then every state again.
  await chip(page, 'Offline').click();
  await expect(page.getByTestId('vr-channel')).toHaveCount(1);
  await expect(page.getByTestId('vr-count')).toHaveText('1 of 4 channels');
  await chip(page, 'Offline').click();
  await expect(page.getByTestId('vr-channel')).toHaveCount(4);
  await screenshot(page, 'video-return-screen');

  // Configure the spare channel as an SRT listener: a port out of range is refused with the shared words.
  await page.getByRole('button', { name: `Configure ${inv}-Spare` }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText('SRT', { exact: true }).click();
  await drawer.getByText('SRT listener', { exact: true }).click();
  await drawer.getByLabel('Destination port').fill('70000');
  await expect(drawer.getByText('Must be 65535 or less')).toBeVisible();
  await drawer.getByLabel('Destination port').fill('9100');
  await drawer.getByLabel('Passphrase').fill('short');
  await expect(drawer.getByText('Must have at least 10 characters')).toBeVisible();
  await drawer.getByLabel('Passphrase').fill('return-key-2026');
  await screenshot(page, 'video-return-configure');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const spare = card(page, `${inv}-Spare`);
  await expect(spare.getByText('SRT listener')).toBeVisible();
  await expect(spare.getByText(/srt:\/\/203\.0\.113\.\d+:9100/)).toBeVisible();
  await expect(spare.getByTestId('vr-state')).toHaveText('Input connected', { timeout: 10_000 });

  // The portal (the drawer's second application): send the channel to a unit of the group.
  await page.goto('/vr_portal');
  await expect(page.getByRole('heading', { name: 'Video Return Portal' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: await namesOf(page, group.uid), exact: true }).click();
  const portalSpare = card(page, `${inv}-Spare`);
  let received = false;
  for (let attempt = 0; attempt < 3 && !received; attempt += 1) received = await sendToFirstUnit(page, portalSpare, `${inv}-Spare`);
  expect(received, 'a unit of the group receives the channel (three units tried)').toBe(true);
  await expect(portalSpare.getByTestId('vr-state')).toHaveText('Collecting', { timeout: 10_000 });
  await screenshot(page, 'video-return-portal-receiving');
  await portalSpare.getByRole('button', { name: 'Stop' }).click();
  await expect(portalSpare.getByTestId('vr-portal-receiver')).toHaveCount(0, { timeout: 10_000 });
});

/** A group's name from its id. */
async function namesOf(page: Page, uid: string): Promise<string> {
  const groups = (await (await page.request.get(`${API}/groups/fetch`, { headers: HEADERS })).json()) as { uid: string; name: string }[];
  return groups.find((g) => g.uid === uid)?.name ?? '';
}

test('a video return viewer goes from the limited-access page to the portal and sees each channel, its input and its units', async ({ page }) => {
  await signInFresh(page, 'luc_vr_viewer', QUIET);
  await expect(page).toHaveURL(/\/limited_access$/);
  await page.getByRole('link', { name: 'Open the Video Return Portal' }).click();
  await expect(page).toHaveURL(/\/vr_portal$/);
  await expect(page.getByRole('heading', { name: 'Video Return Portal' })).toBeVisible();
  await expect(page.getByTestId('vr-channel')).toHaveCount(4);
  await expect(page.getByTestId('vr-channel').first().getByText('Receiving:')).toBeVisible();
  // No console for a viewer: no link back to it.
  await expect(page.getByRole('link', { name: 'Central console' })).toHaveCount(0);
  await chip(page, 'Input connected').click();
  await expect(page.getByTestId('vr-channel').first().getByTestId('vr-state')).toHaveText(/Input connected|Collecting/);
  await screenshot(page, 'video-return-portal-viewer');
  await chip(page, 'Input connected').click();
});
