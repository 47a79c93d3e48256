import { test, expect, type Page } from '@playwright/test';
import { navigationMenu, screenshot, signInFresh } from './fixtures.ts';

// The multiview wall as an operator meets it: a Konva canvas of tiles for the units of the
// current group, layouts saved in preferences, filters, full screen, and a click into a unit.
// Each test starts as a new luc_multipoint (signInFresh: default filters and layout, no saved
// route), so saved preferences never couple with other tests or spec files.

const API = '/luc/luc-core-web/rest';
const APP_HEADERS = { 'Application-Id': 'luc-console' };

const wall = (page: Page) => page.getByTestId('multiview-wall');

/** Distinct colours in a sample of the tile layer's pixels (a blank canvas has one). */
async function canvasColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="multiview-wall"] canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) colours.add(((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0));
    return colours.size;
  });
}

/** Opens the status filter (force: once a value is chosen, its pill covers the input) and toggles one group. */
async function toggleStatus(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Unit status' }).click({ force: true });
  await page.getByRole('option', { name: label }).click();
  await page.keyboard.press('Escape');
}

async function chooseLayout(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Layout' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** The unit ids the wall draws, in order, from its accessible list of tile links. */
async function drawnUnitLinks(page: Page) {
  return wall(page).getByRole('list', { name: 'Units on the wall' }).getByRole('link');
}

/** Records the units whose preview image the server has answered (from now on). */
function trackPreviews(page: Page): Set<string> {
  const answered = new Set<string>();
  page.on('response', (response) => {
    const match = /\/v2\/units\/([^/?]+)\/preview\.svg/.exec(response.url());
    if (match?.[1] !== undefined && response.ok()) answered.add(decodeURIComponent(match[1]));
  });
  return answered;
}

/** Waits until every tile the wall draws has had its preview answered (a condition, not a sleep). */
async function expectPreviewsOfDrawnTiles(page: Page, answered: ReadonlySet<string>): Promise<void> {
  await expect
    .poll(
      async () => {
        const hrefs = await (await drawnUnitLinks(page)).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        const missing = hrefs.map((href) => decodeURIComponent(href.replace('/unit/', ''))).filter((id) => !answered.has(id));
        return hrefs.length > 0 ? missing : ['(no tiles drawn)'];
      },
      { message: 'every drawn tile has its preview', timeout: 15_000 },
    )
    .toEqual([]);
}

test('draws a wall of tiles, saves the layout, filters, and opens a unit from a tile', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  await page.goto('/multiview');
  await expect(page).toHaveTitle(/Multiview/);
  // Fit to screen by default; the wall draws exactly the tiles one screen holds.
  await expect(wall(page)).toHaveAttribute('data-layout', 'fit');
  await expect.poll(async () => Number(await wall(page).getAttribute('data-units'))).toBeGreaterThan(9);
  await expect.poll(() => canvasColours(page), { message: 'the tile canvas shows more than one colour' }).toBeGreaterThan(20);

  const saved = page.waitForResponse((r) => r.url().includes('userPreferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('3x3'));
  await chooseLayout(page, '3×3');
  await expect(wall(page)).toHaveAttribute('data-drawn-tiles', '9');
  await expect(await drawnUnitLinks(page)).toHaveCount(9);
  // Previews arrive from the server (bounded, refreshed): the canvas keeps drawing.
  await expect.poll(() => canvasColours(page)).toBeGreaterThan(20);
  await screenshot(page, 'multiview-dark');

  // Saved in preferences: the same layout after a reload.
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(wall(page)).toHaveAttribute('data-layout', '3x3');
  await expect(wall(page)).toHaveAttribute('data-drawn-tiles', '9');
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('3×3');

  // Search by name: the wall shows only that unit.
  const firstName = (await (await drawnUnitLinks(page)).first().textContent()) ?? '';
  expect(firstName).not.toBe('');
  await page.getByRole('textbox', { name: 'Search' }).fill(firstName);
  await expect(wall(page)).toHaveAttribute('data-units', '1');
  await expect(await drawnUnitLinks(page)).toHaveText([firstName]);
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  // Status filter: offline units only.
  const all = Number(await wall(page).getAttribute('data-units'));
  await toggleStatus(page, 'Offline');
  await expect.poll(async () => Number(await wall(page).getAttribute('data-units'))).toBeLessThan(all);
  await toggleStatus(page, 'Offline');
  await expect.poll(async () => Number(await wall(page).getAttribute('data-units'))).toBeGreaterThanOrEqual(all - 5);

  // A click on the first tile opens that unit.
  const href = (await (await drawnUnitLinks(page)).first().getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/unit\//);
  const box = await wall(page).boundingBox();
  if (box === null) throw new Error('no wall');
  const columns = Number(await wall(page).getAttribute('data-columns'));
  const rows = Number(await wall(page).getAttribute('data-rows'));
  await page.mouse.click(box.x + box.width / columns / 2, box.y + box.height / rows / 2);
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});

test('the preview endpoint answers an image for an own unit and 404 for a unit that is not the user’s', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  await page.goto('/multiview');
  const href = (await (await drawnUnitLinks(page)).first().getAttribute('href')) ?? '';
  const id = decodeURIComponent(href.replace('/unit/', ''));
  expect(id).not.toBe('');
  const own = await page.request.get(`${API}/v2/units/${encodeURIComponent(id)}/preview.svg?t=1`, { headers: APP_HEADERS });
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await own.text()).toContain('<svg');
  // Unknown and foreign ids get the same 404 (nothing leaks about other groups' units).
  const foreign = await page.request.get(`${API}/v2/units/NOT-A-UNIT-OF-MINE/preview.svg`, { headers: APP_HEADERS });
  expect(foreign.status()).toBe(404);
});

test('goes full screen for a wall display and back', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  const previews = trackPreviews(page);
  await page.goto('/multiview');
  await chooseLayout(page, '4×4');
  await expect(wall(page)).toHaveAttribute('data-drawn-tiles', '16');
  await page.getByRole('button', { name: 'Full screen' }).click();
  const exit = page.getByRole('button', { name: 'Exit full screen (Esc)' });
  await expect(exit).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveCount(0);
  await expect.poll(() => canvasColours(page)).toBeGreaterThan(20);
  await expectPreviewsOfDrawnTiles(page, previews);
  await screenshot(page, 'multiview-fullscreen');
  await exit.click();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toBeVisible();
});

/** The transition toasts on screen (Mantine notifications, bottom-right). */
const toasts = (page: Page) => page.locator('.mantine-Notifications-root .mantine-Notification-root');

/** The muted count in the wall's toolbar (0 while the badge is hidden). */
async function mutedCount(page: Page): Promise<number> {
  const badge = page.getByTestId('muted-transitions');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
}

test('mutes transition toasts on the wall, counts them in the toolbar, and clears the count on a click', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  await expect(page).toHaveURL(/\/list$/);
  // The simulator's churn (50 events/s) raises transition toasts on the unit list.
  await expect(toasts(page).first()).toBeVisible({ timeout: 20_000 });

  await navigationMenu(page).getByRole('link', { name: 'Multiview' }).click();
  await expect(wall(page)).toBeVisible();
  // The toasts shown before leave after their 3 s; no new one covers the wall, they are counted.
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(() => mutedCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByTestId('muted-transitions')).toHaveText(/^\d+ transitions muted$/);
  await screenshot(page, 'multiview-transitions-muted');

  // A click clears the count: it starts again from zero.
  await page.getByTestId('muted-transitions').click();
  await expect.poll(() => mutedCount(page)).toBeLessThan(30);

  // Full screen stays muted too.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.getByRole('button', { name: 'Exit full screen (Esc)' })).toBeVisible();
  await expect.poll(() => mutedCount(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await screenshot(page, 'multiview-fullscreen-transitions-muted');
  await page.getByRole('button', { name: 'Exit full screen (Esc)' }).click();

  // Back on the unit list the toasts return.
  await navigationMenu(page).getByRole('link', { name: 'Unit List' }).click();
  await expect(toasts(page).first()).toBeVisible({ timeout: 20_000 });
});

test('draws the wall in the light theme', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  await page.evaluate(() => localStorage.setItem('luc-color-scheme', 'light'));
  const previews = trackPreviews(page);
  await page.goto('/multiview');
  await expect.poll(() => canvasColours(page)).toBeGreaterThan(20);
  await expectPreviewsOfDrawnTiles(page, previews);
  await screenshot(page, 'multiview-light');
});
