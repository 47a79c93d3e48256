import { test, expect, type Page } from '@playwright/test';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { screenshot, signInFresh, type DemoUser } from './fixtures.ts';

// The story selection and sharing options modals of the unit page (spec 000 §2 "Other modals: …
// sharing options; … story selection"), as a new user meets them: real Chromium, the real server
// with its demo stories and subscribers, the fleet worker. Each test signs in as its own demo user.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 shared messages; spec 001 §9 "Story fields max 1024, slugline required".
const REQUIRED = 'This field is required';
const MAX_1024 = 'Must have at most 1024 characters';

const rows = (page: Page) => page.locator('[role="row"][data-unit-id]');

/** Signs in as a new user with the unit alert toasts off (they would cover the header), lands on the list. */
async function start(page: Page, user: DemoUser): Promise<void> {
  await signInFresh(page, user);
  const off = Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, false]));
  expect((await page.request.put(`${API}/userPreferences/vue`, { headers: HEADERS, data: { unitAlertsSettings: off } })).ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/list$/);
}

/** Opens the unit page of the list's row `index` by clicking it; answers the unit id. */
async function openUnit(page: Page, index: number): Promise<string> {
  const row = rows(page).nth(index);
  await expect(row).toBeVisible();
  const uid = (await row.getAttribute('data-unit-id')) ?? '';
  await row.locator('[data-column="type"]').click();
  await expect(page).toHaveURL(new RegExp(`/unit/${encodeURIComponent(uid)}$`));
  await expect(page.getByTestId('unit-name')).toBeVisible();
  return uid;
}

test('selects a story for a unit, adds one inline with the spec’s messages, and keeps it after a reload', async ({ page }) => {
  await start(page, 'luc_admin');
  const uid = await openUnit(page, 0);
  // A fresh selection whatever ran before on this server.
  expect((await page.request.put(`${API}/v2/units/${encodeURIComponent(uid)}/story`, { headers: HEADERS, data: { storyId: null } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('unit-story')).toHaveCount(0);

  await page.getByTestId('open-story-selection').click();
  const dialog = page.getByRole('dialog', { name: 'Story selection' });
  await expect(dialog.getByTestId('story-current')).toHaveText('No story is selected for this unit.');
  await expect(dialog.getByRole('radio', { name: 'FLOODS-RIVERSIDE' })).toBeVisible();
  await dialog.getByLabel('Search stories').fill('marath');
  await expect(dialog.getByTestId('story-row')).toHaveCount(1);
  await dialog.getByRole('radio', { name: 'CITY-MARATHON' }).click();
  await expect(dialog.getByRole('radio', { name: 'CITY-MARATHON' })).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'story-selection-modal');
  await dialog.getByRole('button', { name: 'Select story' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('unit-story')).toHaveText('Story: CITY-MARATHON');
  await page.reload();
  await expect(page.getByTestId('unit-story')).toHaveText('Story: CITY-MARATHON');

  // Add a story inline: the slugline is required and every field holds at most 1024 characters.
  await page.getByTestId('open-story-selection').click();
  await expect(dialog.getByTestId('story-current')).toHaveText('Selected story: CITY-MARATHON');
  await dialog.getByRole('button', { name: 'Add a story' }).click();
  const form = dialog.getByRole('form', { name: 'New story' });
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(form.getByText(REQUIRED)).toBeVisible();
  await form.getByLabel('Slugline').fill('x'.repeat(1025));
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(form.getByText(MAX_1024)).toBeVisible();
  await expect(form.getByText(REQUIRED)).toHaveCount(0);
  await form.getByLabel('Reporter').fill('r'.repeat(1025));
  await form.getByLabel('Slugline').fill('x'.repeat(1024));
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(form.getByText(MAX_1024)).toHaveCount(1); // the reporter's; the slugline of 1024 passes
  await screenshot(page, 'story-selection-new-story');
  const slugline = `E2E-HARBOUR-FIRE-${Date.now()}`;
  await form.getByLabel('Slugline').fill(slugline);
  await form.getByLabel('Reporter').fill('E2E Reporter');
  await form.getByRole('button', { name: 'Add story' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.getByRole('radio', { name: slugline })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Select story' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('unit-story')).toHaveText(`Story: ${slugline}`);
  await page.reload();
  await expect(page.getByTestId('unit-story')).toHaveText(`Story: ${slugline}`);
});

test('a freelancer picks a story but is not offered to add one (spec 001 §6; our list of user types)', async ({ page }) => {
  await start(page, 'luc_freelancer');
  await openUnit(page, 2);
  await page.getByTestId('open-story-selection').click();
  const dialog = page.getByRole('dialog', { name: 'Story selection' });
  await expect(dialog.getByRole('radio', { name: 'ELECTION-NIGHT' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add a story' })).toHaveCount(0);
});

test('shares a unit’s stream with a subscriber and keeps it after a reload', async ({ page }) => {
  await start(page, 'luc_media_group_admin');
  const uid = await openUnit(page, 1);
  expect((await page.request.put(`${API}/v2/units/${encodeURIComponent(uid)}/sharing`, { headers: HEADERS, data: { subscriberIds: [] } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('sharing-count')).toHaveCount(0);

  await page.getByTestId('open-sharing-options').click();
  const dialog = page.getByRole('dialog', { name: 'Sharing options' });
  await expect(dialog.getByTestId('subscriber-option')).toHaveCount(3);
  const north = dialog.getByRole('checkbox', { name: 'Affiliate-North' });
  await expect(north).toHaveAttribute('aria-checked', 'false');
  await north.click();
  await dialog.getByRole('checkbox', { name: 'Partner-Network' }).click();
  await expect(north).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'sharing-options-modal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Stream shared with 2 subscribers')).toBeVisible();
  await expect(page.getByTestId('sharing-count')).toHaveText('2');

  await page.reload();
  await expect(page.getByTestId('sharing-count')).toHaveText('2');
  await page.getByTestId('open-sharing-options').click();
  await expect(dialog.getByRole('checkbox', { name: 'Affiliate-North' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('checkbox', { name: 'Affiliate-South' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByRole('checkbox', { name: 'Partner-Network' })).toHaveAttribute('aria-checked', 'true');
});
