import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS, type UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { laneBaseUrl, E2E_PASSWORD } from '../../playwright.config.ts';
import { navigationMenu, screenshot, signInFresh, type DemoUser } from './fixtures.ts';

// My Graphics (spec 002 §1, §4, §7; 001 §2 "Graphics streaming settings with a region choice") as a
// new operator meets it, against the simulated cloud graphics service of the real server: the
// region, an app with its control app, a job followed to Done, "Feature disabled" for an inventory
// without the service, and "Graphics communication error." while the cloud does not answer.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

const start = (page: Page, user: DemoUser) => signInFresh(page, user, { unitAlertsSettings: Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false])) as UnitAlertSettings });

test('an operator makes a graphics app, runs a job to Done, and meets Feature disabled and a communication error', async ({ page, browser }) => {
  const name = `Lower third ${Date.now().toString(36)}`;
  await start(page, 'luc_regular');
  await navigationMenu(page).getByRole('link', { name: 'My Graphics' }).click();
  await expect(page).toHaveURL(/\/my_graphics$/);
  await expect(page.getByRole('heading', { name: 'My Graphics' })).toBeVisible();
  // The current group's inventory (Events) has no graphics service: the permission says not enabled.
  await expect(page.getByRole('combobox', { name: 'Inventory' })).toHaveValue('Events');
  await expect(page.getByTestId('graphics-disabled')).toContainText('Feature disabled');
  await expect(page.getByRole('button', { name: 'New graphics app' })).toHaveCount(0);
  await screenshot(page, 'graphics-disabled');
  await page.getByRole('combobox', { name: 'Inventory' }).click();
  await page.getByRole('option', { name: 'Newsroom' }).click();
  await expect(page.getByRole('region', { name: 'Graphics streaming settings' })).toBeVisible();

  // The region choice is the user's preference graphicsRegion.
  await page.getByRole('combobox', { name: 'Graphics region' }).click();
  await page.getByRole('option', { name: 'Europe West' }).click();
  await expect(page.getByText('Graphics region: Europe West')).toBeVisible();

  // A new app from a template: the name is checked as the user types; its control app comes with it.
  await page.getByRole('button', { name: 'New graphics app' }).click();
  const dialog = page.getByRole('dialog', { name: 'New graphics app' });
  await expect(dialog.getByText('It will run in Europe West')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: /^Lower third/ }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const app = page.getByTestId('graphics-app').filter({ hasText: name });
  await expect(app).toContainText('Europe West');
  await expect(app).toContainText(`${name} control`);

  // A job: queued, then running, then done (the list follows it).
  await app.getByRole('button', { name: 'Start' }).click();
  const job = page.getByTestId('graphics-job').filter({ hasText: name }).first();
  await expect(job).toContainText(/Queued|Running/);
  await screenshot(page, 'graphics-running');
  await expect(job).toContainText('Done', { timeout: 30_000 }) // the simulated job runs 2 s queued + 8 s;
  await screenshot(page, 'graphics-done');

  // Delete the app: it goes with its control app.
  await app.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('graphics-app').filter({ hasText: name })).toHaveCount(0);

  // The cloud stops answering (the simulation's switch, a super user's): the page says so.
  const support = await browser.newContext({ baseURL: laneBaseUrl(test.info()) });
  const login = await support.request.post(`${API}/auth/login`, { headers: HEADERS, data: { username: 'super_user', password: E2E_PASSWORD } });
  expect(login.ok()).toBe(true);
  expect((await support.request.put(`${API}/graphics/simulation`, { headers: HEADERS, data: { reachable: false } })).ok()).toBe(true);
  try {
    // Back on Events, the permission is asked again and the cloud does not answer: not enabled, and why.
    await page.getByRole('combobox', { name: 'Inventory' }).click();
    await page.getByRole('option', { name: 'Events' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Graphics communication error.' }).first()).toBeVisible();
    await expect(page.getByTestId('graphics-disabled')).toContainText('Feature disabled');
    await screenshot(page, 'graphics-communication-error');
  } finally {
    await support.request.put(`${API}/graphics/simulation`, { headers: HEADERS, data: { reachable: true } });
    await support.close();
  }
  // The cloud answers again: "Ask again" clears the error (Events still has no service).
  await page.getByRole('button', { name: 'Ask again' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Graphics communication error.' })).toHaveCount(0);
  await expect(page.getByTestId('graphics-disabled')).toContainText('Feature disabled');
});
