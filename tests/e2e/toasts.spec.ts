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
    // Actionable: visible, enabled, stable, not covered. "Stable" takes two animation frames with the
    // same box, which a CI machine at load 20 did not give within 2 s (CI run of 2026-11-27); a toast
    // over the dialog is caught by the count below, so the wait only needs to outlast a slow frame.
    await drawer.getByRole('button', { name: 'Save' }).click({ trial: true, timeout: 10_000 });
    expect(await toasts(page).count()).toBe(0);
    await page.waitForTimeout(500);
  }
  await screenshot(page, 'toasts-dialog-clear');
});

/** Every visible control outside the toasts whose box a toast's box intersects (px boxes, viewport coordinates). */
async function controlsUnderToasts(page: import('@playwright/test').Page): Promise<{ toasts: number; fullyShown: number; controls: number; covered: string[] }> {
  return page.evaluate(() => {
    const CONTROLS = 'button, input, select, textarea, a[href], [role="button"], [role="link"], [role="row"], [role="columnheader"], [role="combobox"], [role="checkbox"], [role="switch"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => el.closest('.mantine-Notification-root') === null);
    const covered: string[] = [];
    let visible = 0;
    /** The part of an element's box that shows: clipped by every scrolling or clipping ancestor and the viewport. */
    const shown = (el: HTMLElement): { left: number; top: number; right: number; bottom: number } => {
      const box = el.getBoundingClientRect();
      let { left, top, right, bottom } = box;
      for (let up = el.parentElement; up !== null; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left: Math.max(left, 0), top: Math.max(top, 0), right: Math.min(right, innerWidth), bottom: Math.min(bottom, innerHeight) };
    };
    // What shows of each toast (a leaving toast is cut at the lane's top by the stack's own clip).
    const toastBoxes = [...document.querySelectorAll<HTMLElement>('.mantine-Notification-root')].map(shown).filter((r) => r.right > r.left && r.bottom > r.top);
    for (const el of controls) {
      const r = shown(el);
      if (r.right <= r.left || r.bottom <= r.top || getComputedStyle(el).visibility === 'hidden') continue;
      visible += 1;
      for (const t of toastBoxes) {
        if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top) covered.push(`${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}]`);
      }
    }
    // Toasts entering or leaving fade (opacity below 1) while the queue already shows the next: the
    // limit of 5 (spec 001 §9) is about the toasts fully shown.
    const opaque = (el: HTMLElement | null): boolean => el === null || el.classList.contains('mantine-Notifications-root') || (Number(getComputedStyle(el).opacity) >= 0.99 && opaque(el.parentElement));
    const fullyShown = [...document.querySelectorAll<HTMLElement>('.mantine-Notification-root')].filter((el) => opaque(el)).length;
    return { toasts: toastBoxes.length, fullyShown, controls: visible, covered };
  });
}

test('toasts stay in their lane: at 1440×900 none covers a control of the unit list while units churn', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFresh(page, 'luc_regular'); // default alert settings: status changes are toasts
  await page.goto('/list');
  await expect(page.getByTestId('toast-lane')).toBeVisible();
  await expect(page.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });
  await expect(toasts(page).first()).toBeVisible({ timeout: 30_000 });
  let sawToasts = 0;
  let most = 0;
  for (let sample = 0; sample < 16; sample += 1) {
    const seen = await controlsUnderToasts(page);
    expect(seen.covered, `sample ${sample}: controls under a toast`).toEqual([]);
    expect(seen.controls).toBeGreaterThan(20); // the list's rows, headers, search, counters, filters
    if (seen.toasts > 0) sawToasts += 1;
    most = Math.max(most, seen.fullyShown);
    if (sample === 4) await page.screenshot({ path: testInfo.outputPath('toast-lane-list.png') });
    await page.waitForTimeout(400); // samples over ~6 s of churn
  }
  expect(sawToasts).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(5);
  await screenshot(page, 'toast-lane');
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
