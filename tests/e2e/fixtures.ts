import { expect, type Page } from '@playwright/test';
import type { UserType } from '../../src/domain/roles/userTypes.ts';
import { E2E_PASSWORD } from '../../playwright.config.ts';

/** Demo users are named after their user type (src/server/demo.ts). */
export type DemoUser = UserType;

export const SCREENSHOT_DIR = 'test-results/screens';

/** Signs in through the sign-in page as a person would, and waits until the console has left it. */
export async function signIn(page: Page, user: DemoUser, password: string = E2E_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(user);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out through the user menu. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The navigation menu of the shell. */
export const navigationMenu = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });

/** A full-page screenshot at the configured 1440×900 viewport, kept under test-results/ (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}
