import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { UserType } from '../../src/domain/roles/userTypes.ts';
import { defaultPreferences, type UserPreferences } from '../../src/domain/preferences.ts';
import { E2E_PASSWORD, laneBaseUrl } from '../../playwright.config.ts';

/**
 * Demo users are named after their user type (src/server/demo.ts); the second broadcaster's are
 * `b_` + type (src/server/demoSecondBroadcaster.ts).
 */
export type DemoUser = UserType | 'bayside_regular' | 'bayside_admin' | 'bayside_read';

export const SCREENSHOT_DIR = 'test-results/screens';

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };

/**
 * One signed-in API session per demo user, kept for the worker's life and used only to reset that
 * user's preferences. A session of its own (not the page's): the browser stays signed out, the
 * test signs in through the sign-in page as before, and a reset costs no sign-in after the first
 * (the server allows 10 sign-ins a minute per user; luc_multipoint signs in 4 times within seconds
 * in multiview.spec.ts alone). Signing out in a page ends only that page's session.
 */
const resetSessions = new Map<DemoUser, APIRequestContext>();

async function resetSession(user: DemoUser, fresh = false): Promise<APIRequestContext> {
  const kept = resetSessions.get(user);
  if (kept !== undefined && !fresh) return kept;
  await kept?.dispose();
  const context = await request.newContext({ baseURL: laneBaseUrl(test.info()), extraHTTPHeaders: HEADERS });
  const login = await context.post(`${API}/auth/login`, { data: { username: user, password: E2E_PASSWORD } });
  expect(login.status(), `sign-in of ${user} to reset the preferences: ${await login.text()}`).toBe(200);
  resetSessions.set(user, context);
  return context;
}

/**
 * Puts a demo user's saved preferences back to what a new user has (the domain's defaults: no
 * saved route, no group, default map, layouts, filters and alert settings), plus `changes`,
 * through the real API (PUT userPreferences/vue). Every spec file shares the demo users, so a
 * test that assumes a fresh user calls this before signing in, and no longer depends on which
 * tests or files ran before it, or in which order.
 */
export async function resetPreferences(user: DemoUser, changes: Partial<UserPreferences> = {}): Promise<void> {
  const body = { ...defaultPreferences(), ...changes };
  let saved = await (await resetSession(user)).put(`${API}/userPreferences/vue`, { data: body });
  // The kept session ended (e.g. the server restarted between runs of one worker): sign in again.
  if (saved.status() === 401) saved = await (await resetSession(user, true)).put(`${API}/userPreferences/vue`, { data: body });
  expect(saved.status(), `reset of ${user}'s preferences: ${await saved.text()}`).toBe(200);
  expect(((await saved.json()) as { currentRoute?: unknown }).currentRoute ?? null).toBe(changes.currentRoute ?? null);
}

/** Signs in as `user` with the preferences of a new user (resetPreferences, then signIn). */
export async function signInFresh(page: Page, user: DemoUser, changes: Partial<UserPreferences> = {}): Promise<void> {
  await resetPreferences(user, changes);
  await signIn(page, user);
}

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

/** A unit as the server has it now (GET v2/units/enhanced/{id}). */
export interface ServerUnit {
  readonly offline: boolean;
  /** Names of the applications the unit runs. */
  readonly applications: readonly string[];
  /** The video application's state: idle, connecting, streaming, disconnecting, speedtest. */
  readonly videoState: string | null;
  /** When the unit last came online (epoch ms), null while offline: a change means it went offline and came back in between. */
  readonly onlineSince: number | null;
}

/** GET v2/units/enhanced/{id}: the unit as the server has it now, as sent (the caller reads what it needs). */
export async function unitDetail(page: Page, uid: string): Promise<unknown> {
  const answer = await page.request.get(`${API}/v2/units/enhanced/${encodeURIComponent(uid)}`, { headers: HEADERS });
  expect(answer.ok(), `GET v2/units/enhanced/${uid}: ${answer.status()}`).toBe(true);
  return answer.json();
}

/**
 * The server's view of a unit. The simulator moves units on its own (offline, streams, store and
 * forward, all at random); a test that finds the console disagreeing with what it expects asks the
 * server whether the unit itself moved before it blames the console.
 */
export async function serverUnit(page: Page, uid: string): Promise<ServerUnit> {
  const detail = (await unitDetail(page, uid)) as { isOffline?: boolean; applications?: Record<string, unknown>; video?: { state?: string }; onlineSince?: number | null };
  return { offline: detail.isOffline === true, applications: Object.keys(detail.applications ?? {}), videoState: detail.video?.state ?? null, onlineSince: detail.onlineSince ?? null };
}

/**
 * Whether the simulator moved a unit since `before` (the server's view as an attempt started):
 * offline now, or online again since (onlineSince changed: it dropped and came back, and whatever
 * it ran is gone). Null when it stayed online throughout. Only this excuses a failed step.
 */
export function movedSince(before: ServerUnit, now: ServerUnit): string | null {
  if (now.offline) return 'went offline';
  return before.onlineSince !== now.onlineSince ? 'went offline and came back' : null;
}

/** The navigation menu of the shell. */
export const navigationMenu = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });

/**
 * Types `text` into a listing's search and waits until `table` shows only rows holding it (the
 * header is the one row without it). A listing refetches 250 ms after the last key and re-renders,
 * so a click on a row before that answer can land where a row is about to move or go.
 */
export async function searchListing(page: Page, table: Locator, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(table.getByRole('row').filter({ hasNotText: text })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: text }).first()).toBeVisible();
}

/** A full-page screenshot at the configured 1440×900 viewport, kept under test-results/ (not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/**
 * Runs `prelude` (module source) in the console's fleet worker before the worker's own code.
 * The fleet worker owns the live websocket, where Playwright's websocket routing and offline
 * emulation do not reach; a prelude can wrap the worker's WebSocket class instead. The page's
 * Worker constructor is wrapped so the fleet worker starts from a module with two static
 * imports, evaluated in order: the prelude installs its globals before the worker's code reads
 * them, and the worker's own code sets its message handler at once (no message of the page is
 * lost, as it would be behind a dynamic import). Every other worker starts unchanged.
 */
export async function withFleetWorkerPrelude(page: Page, prelude: string): Promise<void> {
  await page.addInitScript((source) => {
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        const absolute = new URL(String(url), location.href).href;
        if (!absolute.includes('fleet.worker') || options?.type !== 'module') {
          super(url, options);
          return;
        }
        const preludeUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const entry = `import ${JSON.stringify(preludeUrl)};\nimport ${JSON.stringify(absolute)};`;
        super(URL.createObjectURL(new Blob([entry], { type: 'text/javascript' })), options);
      }
    };
  }, prelude);
}

/**
 * A dialog or menu whose code loads when first wanted (src/components/lazyDialog.tsx,
 * lazyMenu.tsx), walked with its chunk refused: `open` is clicked, the load is retried (0.5, 1.5
 * and 3 s, screenLoading.ts) and given up with the toast `title` ("Dialog not loaded", "Menu not
 * loaded"), `opened` not there and no spinner left (`shot`: a screenshot of it); then the chunk is
 * allowed again and `open` clicked once more, for the caller's checks of `opened`.
 */
export async function openWithChunkRefusedFirst(page: Page, chunk: RegExp, open: Locator, title: string, opened: Locator, shot?: string): Promise<void> {
  await page.route(chunk, (route) => route.abort('connectionrefused'));
  await open.click();
  await expect(page.getByText(title)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Check the connection and open it again.')).toBeVisible();
  await expect(opened).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  await expect(open).toBeVisible();
  if (shot !== undefined) await screenshot(page, shot);
  await page.unroute(chunk);
  await open.click();
}
