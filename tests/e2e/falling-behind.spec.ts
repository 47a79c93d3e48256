import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, withFleetWorkerPrelude } from './fixtures.ts';

// A tab slower than the stream (issue 15 item 4; docs/protocol.md "Falling behind"): the server
// conflates the socket's backlog and frames it with {"op":"behind"} … {"op":"caught-up","seq":N}.
// The header then says "behind — showing latest state" (a status badge, announced politely) on
// every screen until the tab has caught up, and the tab neither resyncs nor reloads its list.
//
// Making the real server fall behind needs a tab slower than 60,000 events/s (the UI bench); here
// the two control frames are handed to the fleet worker's real socket as if the server had sent
// them: the worker's code and the UI are the console's own.

const quiet = { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings };

/** Runs in the fleet worker before its code: keeps its sockets so a frame can be handed to them. */
const PRELUDE = `
const NativeWebSocket = globalThis.WebSocket;
const sockets = new Set();
globalThis.WebSocket = class extends NativeWebSocket {
  constructor(url, protocols) {
    super(url, protocols);
    sockets.add(this);
  }
};
globalThis.__e2eServerSays = (text) => {
  for (const ws of sockets) if (ws.readyState === 1) ws.dispatchEvent(new MessageEvent('message', { data: text }));
};
`;

async function serverSays(page: Page): Promise<(frame: object) => Promise<void>> {
  await withFleetWorkerPrelude(page, PRELUDE);
  return async (frame) => {
    for (const worker of page.workers()) {
      await worker.evaluate((text) => (globalThis as unknown as { __e2eServerSays?: (t: string) => void }).__e2eServerSays?.(text), JSON.stringify(frame));
    }
  };
}

test('a tab that falls behind says so on every screen, keeps its data, and says live again once caught up', async ({ page }) => {
  const say = await serverSays(page);
  await signInFresh(page, 'luc_regular', quiet);
  await page.goto('/list');
  const indicator = page.getByTestId('connection-indicator');
  await expect(indicator).toHaveAttribute('data-phase', 'live', { timeout: 20_000 });
  const rows = page.locator('[role="row"][data-unit-id]');
  await expect(rows.first()).toBeVisible();
  const summary = await page.getByTestId('unit-list-summary').textContent();

  await say({ op: 'behind' });
  await expect(indicator).toHaveAttribute('data-phase', 'behind');
  await expect(indicator).toHaveText('behind — showing latest state');
  await expect(indicator).toHaveAttribute('role', 'status');
  await expect(page.getByRole('status').filter({ hasText: 'behind — showing latest state' })).toBeVisible();
  // The list stays as it was: no resync, no loading state.
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('unit-list-summary')).toHaveText(summary ?? '');
  await screenshot(page, 'behind-list');

  // The marker follows the tab to another screen (same worker, same state).
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('unit-map')).toBeVisible({ timeout: 30_000 });
  await expect(indicator).toHaveAttribute('data-phase', 'behind');
  await screenshot(page, 'behind-map');

  await say({ op: 'caught-up', seq: 0 });
  await expect(indicator).toHaveAttribute('data-phase', 'live');
  await expect(indicator).toHaveText('live');
});
