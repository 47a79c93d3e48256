import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh } from './fixtures.ts';

// The unit map: OpenLayers with the offline basemap, units as points on a canvas layer, clusters at low
// zoom with a pop-up of their members, and the view saved in preferences. Each test starts as a
// new user (signInFresh): the saved map state and route never couple with other tests or spec files.

const map = (page: Page) => page.getByTestId('unit-map');
/** Unit alert toasts off: the simulator's churn keeps a stack of them bottom-right, over the map a test clicks. */
const QUIET = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as unknown as UnitAlertSettings;

/** Distinct colours in a sample of the basemap canvas (a blank canvas has one). */
async function basemapColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const colours = new Set<number>();
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="unit-map"] canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 101) colours.add(((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0));
    }
    return colours.size;
  });
}

test('shows the units on the world map, saves the zoom, and lists a cluster’s members', async ({ page }) => {
  await signInFresh(page, 'luc_unit_control', { unitAlertsSettings: QUIET });
  await page.goto('/map');
  await expect(page).toHaveTitle(/Map/);
  // spec 002 §3: zoom 3 by default
  await expect(map(page)).toHaveAttribute('data-zoom', '3');
  await expect.poll(() => basemapColours(page), { message: 'the basemap is drawn' }).toBeGreaterThan(2);
  await expect.poll(async () => Number(await map(page).getAttribute('data-clusters'))).toBeGreaterThan(0);
  await screenshot(page, 'map-dark');

  // A cluster's pop-up lists its members by name, each a link to the unit.
  const popup = page.getByTestId('map-popup');
  const size = await openLargestClusterPopup(page);
  await expect(popup).toContainText(`${size} units here`);
  const links = popup.getByRole('link');
  await expect(links).toHaveCount(Math.min(size, 200));
  await expect(links.first()).toHaveAttribute('href', /^\/unit\//);
  expect(((await links.first().textContent()) ?? '').trim()).not.toBe('');
  await screenshot(page, 'map-cluster-popup');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);

  // Zoom in with the map's own control; the view is saved and restored after a reload.
  // (the pop-up may have panned the map, which saves too: wait for the save of zoom 4 itself)
  const saved = page.waitForResponse((r) => r.url().includes('userPreferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"zoom":4'));
  await page.getByTitle('Zoom in').click();
  await expect(map(page)).toHaveAttribute('data-zoom', '4');
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(map(page)).toHaveAttribute('data-zoom', '4');
});

/** Zooms by whole levels with the map's own buttons, one level at a time (each waits for the view to settle). */
async function zoomBy(page: Page, levels: number): Promise<void> {
  for (let i = 0; i < Math.abs(levels); i += 1) {
    const zoom = Number(await map(page).getAttribute('data-zoom'));
    await page.getByTitle(levels > 0 ? 'Zoom in' : 'Zoom out').click();
    // About one level (zooming out stops at the least zoom that still fills the map with the world).
    await expect.poll(async () => Math.sign(levels) * (Number(await map(page).getAttribute('data-zoom')) - zoom)).toBeGreaterThan(0.5);
    await settled(page);
  }
}

/**
 * Waits until the view has stopped: the zoom the map reports is the same in two reads 300 ms apart.
 * The button's zoom is animated (250 ms), and the map reports clusters mid-animation too, so a
 * cluster's pixel read before the view stops is not where the cluster ends up.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const first = await map(page).getAttribute('data-zoom');
      await page.waitForTimeout(300);
      return first === (await map(page).getAttribute('data-zoom'));
    })
    .toBe(true);
}

/**
 * Clicks the largest cluster in view until its pop-up opens; returns the cluster's size.
 * The fleet moves while the walk runs (the simulator's units drive about), so a cluster can move
 * between reading its pixel and the click: read and click again until the pop-up opens.
 */
async function openLargestClusterPopup(page: Page): Promise<number> {
  let size = 0;
  await expect(async () => {
    const [x = 0, y = 0, largest = 0] = ((await map(page).getAttribute('data-largest-cluster')) ?? '').split(',').map(Number);
    expect(largest).toBeGreaterThan(1);
    size = largest;
    await map(page).click({ position: { x, y } });
    await expect(page.getByTestId('map-popup')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return size;
}

/** The pop-up's anchor: the middle of its bottom edge (it sits above the point it belongs to; the middle of its top edge when it hangs below, popupPlacement.ts). */
async function popupAnchor(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('map-popup').boundingBox();
  if (box === null) throw new Error('no pop-up');
  return { x: box.x + box.width / 2, y: (await popupBelow(page)) ? box.y : box.y + box.height };
}

/** True when the pop-up hangs below its point (no room above it). */
async function popupBelow(page: Page): Promise<boolean> {
  return (await page.locator('[data-placement="below"]').filter({ has: page.getByTestId('map-popup') }).count()) > 0;
}

test('fit to fleet shows every unit, and a cluster’s pop-up follows its cluster or closes saying it split', async ({ page }) => {
  test.setTimeout(120_000); // 16 zoom steps, each waiting for the view to settle
  await signInFresh(page, 'luc_unit_control', { unitAlertsSettings: QUIET });
  await page.goto('/map');
  await expect(map(page)).toHaveAttribute('data-zoom', '3');
  await expect.poll(async () => Number(await map(page).getAttribute('data-clusters'))).toBeGreaterThan(0);

  // Zoomed in far from the fleet, then Fit to fleet: back to a view with the units in it.
  await zoomBy(page, 6);
  await expect(map(page)).toHaveAttribute('data-zoom', '9');
  await expect(page.getByTestId('fit-to-fleet')).toBeVisible();
  await page.getByRole('button', { name: 'Fit to fleet' }).click();
  await expect.poll(async () => Number(await map(page).getAttribute('data-zoom'))).toBeLessThan(5);
  await expect.poll(async () => Number(await map(page).getAttribute('data-clusters'))).toBeGreaterThan(0);
  await screenshot(page, 'map-fit-to-fleet');

  // A cluster's pop-up, anchored to it (one level closer in, so that zooming out below merges).
  await zoomBy(page, 1);
  const popup = page.getByTestId('map-popup');
  const size = await openLargestClusterPopup(page);
  await page.waitForTimeout(400);
  const before = await popupAnchor(page);

  // The map is dragged: the pop-up moves with its cluster, by the same distance.
  const box = await map(page).boundingBox();
  const shown = await popup.boundingBox();
  if (box === null || shown === null) throw new Error('no map');
  // Grab the map on the side away from the pop-up (and above the legend); drag so that the pop-up
  // moves towards the middle, away from the edges it would slide along (popupPlacement.ts), and
  // up when it hangs below its cluster (it stays below), down when above (it stays above).
  const from = { x: shown.x + shown.width / 2 < box.x + box.width / 2 ? box.x + box.width - 120 : box.x + 120, y: box.y + box.height / 2 };
  const dx = from.x > box.x + box.width / 2 ? 60 : -60;
  const dy = (await popupBelow(page)) ? -40 : 40;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 30 }); // small steps: the map starts dragging after the first
  await page.waitForTimeout(250); // still before letting go: no kinetic glide after the drag
  await page.mouse.up();
  await expect(popup).toBeVisible();
  await page.waitForTimeout(300);
  const after = await popupAnchor(page);
  expect(Math.abs(after.x - (before.x + dx))).toBeLessThan(4);
  expect(Math.abs(after.y - (before.y + dy))).toBeLessThan(4);
  await screenshot(page, 'map-popup-follows');

  // Zoomed out, clusters merge: the pop-up stays, with at least as many units.
  await zoomBy(page, -1);
  await expect(popup).toBeVisible();
  await expect.poll(async () => Number(((await popup.getByText(/units? here/).textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThanOrEqual(size);

  // Zoomed in past the cluster zooms: the cluster splits, the pop-up closes and says why.
  await zoomBy(page, 7);
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('map-notice')).toContainText('The cluster split');
  await screenshot(page, 'map-cluster-split');
  // Leave the map (its pending view save is cancelled, one in flight lands) before the next test resets the preferences.
  await page.goto('/list');
  await page.waitForLoadState('networkidle');
});

/** A box in page pixels. */
type Box = { x: number; y: number; width: number; height: number };
const within = (b: Box, x: number, y: number, pad = 0) => x >= b.x - pad && x <= b.x + b.width + pad && y >= b.y - pad && y <= b.y + b.height + pad;

/**
 * Drags the map by (dx, dy) page pixels, grabbing it at a point of bare map: off the pop-up, the
 * map's buttons and legend, with the grab's end inside the map too. Two half drags when one is too long.
 */
async function dragMapBy(page: Page, dx: number, dy: number): Promise<void> {
  const frame = await map(page).boundingBox();
  if (frame === null) throw new Error('no map');
  const steps = Math.abs(dx) > frame.width / 2 || Math.abs(dy) > frame.height / 2 ? 2 : 1;
  for (let step = 0; step < steps; step += 1) {
    const [sx, sy] = [dx / steps, dy / steps];
    const blocked: Box[] = [];
    for (const element of [page.getByTestId('map-popup'), page.getByTestId('fit-to-fleet'), page.getByLabel('Status', { exact: true }), page.getByTitle('Zoom in'), page.getByTitle('Zoom out')]) {
      for (const one of await element.all()) {
        const b = await one.boundingBox();
        if (b !== null) blocked.push(b);
      }
    }
    const free = (x: number, y: number) => within(frame, x, y, -24) && blocked.every((b) => !within(b, x, y, 12));
    let grab: { x: number; y: number } | null = null;
    for (let gy = 0.1; gy < 0.95 && grab === null; gy += 0.05) {
      for (let gx = 0.05; gx < 0.97 && grab === null; gx += 0.04) {
        const x = frame.x + gx * frame.width;
        const y = frame.y + gy * frame.height;
        if (free(x, y) && within(frame, x + sx, y + sy, -24)) grab = { x, y };
      }
    }
    if (grab === null) throw new Error(`no bare map to drag by ${sx}, ${sy}`);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + sx, grab.y + sy, { steps: 25 }); // small steps: the map starts dragging after the first
    await page.waitForTimeout(250); // still before letting go: no kinetic glide after the drag
    await page.mouse.up();
  }
}

/**
 * Where the pop-up is against the map: 'inside' when the whole pop-up is inside the map and its
 * close button is the element under its own centre (not covered by the map's buttons or legend).
 */
async function popupInside(page: Page): Promise<string> {
  const popup = page.getByTestId('map-popup');
  const shown = await popup.boundingBox();
  const close = popup.getByRole('button', { name: 'Close' });
  const frame = await map(page).boundingBox();
  if (shown === null || frame === null) return 'not shown';
  if (!within(frame, shown.x, shown.y, 0.5) || !within(frame, shown.x + shown.width, shown.y + shown.height, 0.5)) return `the pop-up ${JSON.stringify(shown)} leaves the map ${JSON.stringify(frame)}`;
  const onTop = await close.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && button.contains(hit) ? 'yes' : (hit?.textContent ?? 'nothing').trim().slice(0, 40);
  });
  return onTop === 'yes' ? 'inside' : `its close button is covered by "${onTop}"`;
}

test('a cluster’s pop-up stays inside the map with its close button on top, when its cluster nears the top-right corner', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFresh(page, 'luc_unit_control', { unitAlertsSettings: QUIET });
  await page.goto('/map');
  await expect(map(page)).toHaveAttribute('data-zoom', '3');
  await expect.poll(async () => Number(await map(page).getAttribute('data-clusters'))).toBeGreaterThan(0);
  const popup = page.getByTestId('map-popup');
  const frame = await map(page).boundingBox();
  if (frame === null) throw new Error('no map');
  // First the largest cluster dragged to the map's middle, a little low, and its pop-up opened
  // there: room all round, so the pop-up sits centred above it and gives the cluster's pixel.
  const middle = { x: frame.width / 2, y: frame.height / 2 + 100 };
  await expect(async () => {
    let [x = 0, y = 0, largest = 0] = ((await map(page).getAttribute('data-largest-cluster')) ?? '').split(',').map(Number);
    expect(largest).toBeGreaterThan(1);
    if (Math.abs(x - middle.x) + Math.abs(y - middle.y) > 20) {
      await dragMapBy(page, middle.x - x, middle.y - y);
      await settled(page);
      [x = 0, y = 0] = ((await map(page).getAttribute('data-largest-cluster')) ?? '').split(',').map(Number);
      expect(Math.abs(x - middle.x) + Math.abs(y - middle.y)).toBeLessThan(20);
    }
    await map(page).click({ position: { x, y } });
    await expect(popup).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await page.waitForTimeout(400);
  await expect.poll(() => popupInside(page), { timeout: 3_000 }).toBe('inside');
  // The cluster's pixel from the pop-up (its anchor: the middle of its bottom edge, 16 px above the
  // cluster); the map dragged so the cluster sits 28 px from the right edge and 60 px from the
  // top, just below "Fit to fleet": a 300 px pop-up above it has no room.
  const anchor = await popupAnchor(page);
  const cluster = { x: anchor.x, y: anchor.y + 16 };
  await dragMapBy(page, frame.x + frame.width - 28 - cluster.x, frame.y + 60 - cluster.y);
  await page.waitForTimeout(300);
  await expect(popup).toBeVisible();
  await expect.poll(() => popupInside(page), { timeout: 3_000 }).toBe('inside');
  await screenshot(page, 'map-popup-corner');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
});

test('draws the map in the light theme', async ({ page }) => {
  await signInFresh(page, 'luc_unit_control');
  await page.evaluate(() => localStorage.setItem('luc-color-scheme', 'light'));
  await page.goto('/map');
  // The fleet's first snapshot may take a while after a busy test (the stream says "connecting" meanwhile).
  await expect.poll(async () => Number(await map(page).getAttribute('data-clusters')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => basemapColours(page)).toBeGreaterThan(2);
  await screenshot(page, 'map-light');
});
