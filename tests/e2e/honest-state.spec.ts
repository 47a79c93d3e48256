import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, withFleetWorkerPrelude } from './fixtures.ts';

// Honest state during an outage (issue 17 items 4 and 7), as a new operator meets it: the live
// connection goes down (the test closes the fleet worker's websocket and makes reconnects fail); the console says the data is as of the moment it went down, greys the
// page, and disables the unit's actions with the reason; when the connection comes back it says
// the data was reloaded.

const quiet = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings };

/**
 * The console's live websocket lives in its fleet worker (see withFleetWorkerPrelude): the prelude
 * keeps the worker's sockets (`down` closes them and makes new ones fail, as a server that went
 * away; `up` lets them through again). Nothing else of the console changes.
 */
const PRELUDE = `
const NativeWebSocket = globalThis.WebSocket;
const sockets = new Set();
let down = false;
globalThis.WebSocket = class extends NativeWebSocket {
  constructor(url, protocols) {
    super(down ? 'ws://127.0.0.1:9/outage' : url, protocols);
    sockets.add(this);
  }
};
globalThis.__e2eLive = {
  down() { down = true; for (const ws of sockets) ws.close(); sockets.clear(); },
  up() { down = false; },
};
`;

async function controlLiveSocket(page: Page): Promise<{ down(): Promise<void>; up(): Promise<void> }> {
  await withFleetWorkerPrelude(page, PRELUDE);
  const inWorker = async (action: 'down' | 'up') => {
    for (const worker of page.workers()) await worker.evaluate((name) => (globalThis as unknown as { __e2eLive?: Record<string, () => void> }).__e2eLive?.[name]?.(), action);
  };
  return { down: () => inWorker('down'), up: () => inWorker('up') };
}

test('an outage marks the data stale, disables unit actions with the reason, and says the data was reloaded after', async ({ page }) => {
  const live = await controlLiveSocket(page);
  page.on('worker', (w) => w.on('console', (m) => console.log('worker:', m.text())));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await signInFresh(page, 'luc_regular', quiet);
  await page.goto('/list');
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });
  const firstUnit = page.getByRole('link', { name: /-\d{5}$/ }).first();
  const unitPath = await firstUnit.getAttribute('href');
  await page.goto(unitPath ?? '/list');
  await expect(page.getByTestId('unit-page')).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });

  await live.down();
  const stale = page.getByTestId('stale-banner');
  await expect(stale).toBeVisible({ timeout: 20_000 });
  await expect(stale).toContainText(/the data shown is as of \d/);
  await expect(page.locator('[data-stale="true"]')).toBeVisible();
  await expect(page.getByTestId('open-configuration')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reboot' })).toBeDisabled();
  await expect(page.getByTestId('actions-blocked')).toContainText('Connection lost since');
  await screenshot(page, 'honest-outage');

  await live.up();
  const notice = page.getByTestId('reloaded-notice');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('the data was reloaded from the server at');
  await expect(stale).toBeHidden();
  await expect(page.getByTestId('actions-blocked')).toBeHidden();
  await expect(page.getByTestId('open-configuration')).toBeEnabled();
  await screenshot(page, 'honest-reloaded');
  await notice.getByRole('button', { name: 'Close the notice' }).click();
  await expect(notice).toBeHidden();
});

test('an outage on an administration screen disables its writes with the reason, and gives them back after', async ({ page }) => {
  const live = await controlLiveSocket(page);
  await signInFresh(page, 'super_user', quiet);
  await page.goto('/groups');
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Groups' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New group' })).toBeEnabled();
  // A group open in its drawer, and the delete confirmation asked, before the connection goes.
  const row = table.getByRole('row').nth(1);
  const name = ((await row.getByRole('cell').first().textContent()) ?? '').trim();
  await row.click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeEnabled();
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeEnabled();

  await live.down();
  await expect(page.getByTestId('stale-banner')).toBeAttached({ timeout: 20_000 });
  // The confirmation's Delete is disabled and says why (no network error after a click).
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(confirm.getByTestId('writes-blocked')).toContainText(/Connection lost since .*changes cannot be saved until it is back/);
  await screenshot(page, 'honest-admin-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // The drawer: Save and Delete disabled with the reason; closing still works (it writes nothing).
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(drawer.getByTestId('writes-blocked')).toContainText('changes cannot be saved');
  await screenshot(page, 'honest-admin-drawer');
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();
  // The page: stale banner, greyed table, New group disabled with the reason beside it.
  await expect(page.getByTestId('stale-banner')).toBeVisible();
  await expect(page.getByTestId('stale-banner')).toContainText(/the data shown is as of \d/);
  await expect(page.locator('[data-stale="true"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New group' })).toBeDisabled();
  await expect(page.getByTestId('writes-blocked')).toContainText('changes cannot be saved');
  await screenshot(page, 'honest-admin-page');

  await live.up();
  await expect(page.getByTestId('reloaded-notice')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'New group' })).toBeEnabled();
  await expect(page.getByTestId('writes-blocked')).toHaveCount(0);
  await row.click();
  await expect(page.getByRole('dialog', { name }).getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('a refused video return start shows the server’s message where the user acted', async ({ page }) => {
  await signInFresh(page, 'luc_regular', quiet);
  await page.goto('/list');
  const links = page.getByRole('link', { name: /-\d{5}$/ });
  await expect(links.first()).toBeVisible({ timeout: 20_000 });
  const paths = (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).filter((href): href is string => href !== null).slice(0, 12);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByTestId('unit-page')).toBeVisible();
    await page.getByRole('tab', { name: 'Video return' }).click();
    const startButton = page.getByRole('button', { name: 'Start video return' });
    if (!(await startButton.isEnabled())) continue; // offline or busy: the next unit
    const channel = page.getByRole('textbox', { name: 'Video return channel' }).or(page.getByRole('combobox', { name: /channel/i }).last());
    if ((await channel.inputValue().catch(() => '')) !== '') continue; // a unit with a channel set would start
    await startButton.click();
    const refusal = page.getByTestId('video-return-refusal');
    await expect(refusal).toBeVisible();
    expect(((await refusal.textContent()) ?? '').length).toBeGreaterThan(5);
    await screenshot(page, 'honest-refusal-in-place');
    return;
  }
  throw new Error('no online idle unit without a video return channel among the first 12');
});
