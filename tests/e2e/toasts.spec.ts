import { test, expect } from '@playwright/test';
import { screenshot, signInFresh } from './fixtures.ts';

// Toasts as a new operator on a churning fleet meets them (issue 17 items 1, 6, 7): status-change
// toasts (the default alert settings) come at most 5 at a time, each close button has a name; a
// dialog opened while units churn is never covered, and its Save stays clickable; the skip link
// is the first stop of the keyboard and lands in the page's content.

const toasts = (page: import('@playwright/test').Page) => page.locator('.mantine-Notification-root');

test('at most 5 toasts, named close buttons, and a dialog whose Save stays clickable while units churn', async ({ page }) => {
  await signInFresh(page, 'luc_regular'); // default alert settings: status changes are toasts
  await page.goto('/list');
  // The simulated fleet churns: toasts come (each with a named close button), never more than 5.
  await expect(toasts(page).first()).toBeVisible({ timeout: 30_000 });
  for (let sample = 0; sample < 5; sample += 1) {
    expect(await toasts(page).count()).toBeLessThanOrEqual(5);
    await page.waitForTimeout(500); // samples over a few seconds of churn
  }
  await expect(toasts(page).first().getByRole('button', { name: 'Close notification' })).toBeAttached();
  await screenshot(page, 'toasts-on-list');

  // A dialog: while it is open no toast is shown over it (new ones are left out, the incident
  // centre keeps them), and its Save can be clicked at every moment.
  await page.goto('/incidents');
  await page.getByRole('button', { name: 'My thresholds' }).click();
  const drawer = page.getByRole('dialog', { name: 'My thresholds' });
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 }); // those shown before have timed out (3 s)
  for (let sample = 0; sample < 8; sample += 1) {
    await drawer.getByRole('button', { name: 'Save' }).click({ trial: true, timeout: 2_000 }); // actionable: visible, enabled, not covered
    expect(await toasts(page).count()).toBe(0);
    await page.waitForTimeout(500);
  }
  await screenshot(page, 'toasts-dialog-clear');
});

test('the skip link is the first keyboard stop and moves the focus to the content', async ({ page }) => {
  await signInFresh(page, 'luc_regular');
  await page.goto('/incidents');
  await expect(page.getByRole('heading', { name: 'Incident Centre' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await screenshot(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
