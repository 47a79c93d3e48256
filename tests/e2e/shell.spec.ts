import { test, expect } from '@playwright/test';
import { ACCESS_REFUSED_MESSAGE } from '../../src/domain/roles/guard.ts';
import { navigationMenu, openWithChunkRefusedFirst, resetPreferences, screenshot, signIn, signInFresh, signOutFromMenu } from './fixtures.ts';

// The shell as a new user meets it: real Chromium, the real server and its demo users (one per
// user type, see src/server/demo.ts). Each test uses its own user where it can (the sign-in rate
// limit is 10 a minute per user), and signs in first as a new user (signInFresh resets the saved
// preferences), so no test depends on what other tests or spec files saved for the same user.

const API = '/luc/luc-core-web/rest';

test('signs in as luc_regular and lands on the unit list inside the shell, with the menu filtered by role', async ({ page }) => {
  // The only console errors allowed are Chromium's own lines for the expected 401 before sign-in.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401 (Unauthorized)')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await resetPreferences('luc_regular');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle('Sign in');
  await screenshot(page, 'sign-in');

  await signIn(page, 'luc_regular');
  await expect(page).toHaveURL(/\/list$/);
  const menu = navigationMenu(page);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Main' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Unit List' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Multiview' })).toBeVisible();
  // luc_regular is neither super user nor staff nor partner: no Support section at all.
  await expect(menu.getByRole('group', { name: 'Support' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByTestId('global-notification')).toContainText('Expires within 24 h');
  await screenshot(page, 'unit-list-shell');
  expect(consoleErrors).toEqual([]);
});

test('shows the sign-in form with its own scripts, then loads what a sign-in needs while the user types', async ({ page }) => {
  // src/app/signInPrefetch.ts: the guard, the shell, the landing screen and the worker's script are
  // asked for once the page is idle, not before the form shows and not only on submit.
  const requested: { path: string; at: number }[] = [];
  page.on('request', (request) => requested.push({ path: new URL(request.url()).pathname, at: Date.now() }));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const asked = (pattern: RegExp) => requested.filter((entry) => pattern.test(entry.path));
  const SHELL = /\/assets\/Shell-[\w-]+\.js$/;
  const GUARD = /\/assets\/guard-[\w-]+\.js$/;
  const LIST = /\/assets\/UnitListScreen-[\w-]+\.js$/;
  const WORKER = /\/assets\/fleet\.worker-[\w-]+\.js$/;
  for (const pattern of [SHELL, GUARD, LIST, WORKER]) await expect.poll(() => asked(pattern).length, { message: `${pattern} asked for without a submit` }).toBeGreaterThan(0);
  const prefetchAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName('luc:sign-in-prefetch', 'mark')[0]?.startTime ?? Number.NaN));
  expect(Number.isFinite(prefetchAt)).toBe(true);
  // Not part of the form's own load: each was asked for after the page marked the prefetch's start.
  for (const pattern of [SHELL, GUARD, LIST, WORKER]) expect(Math.min(...asked(pattern).map((entry) => entry.at))).toBeGreaterThanOrEqual(Math.floor(prefetchAt));
});

test('opens a page whose guard chunk fails to load twice: the guard is loaded again (router.tsx lazyGuardLoader)', async ({ page, context }) => {
  await signInFresh(page, 'bayside_regular');
  await expect(page).toHaveURL(/\/list$/);
  // A fresh page (its module map empty) whose first two requests of the guard's chunk fail, as on a flaky network.
  const fresh = await context.newPage();
  let refused = 0;
  await fresh.route(/\/assets\/guard-[\w-]+\.js$/, async (route) => {
    if (refused < 2) {
      refused += 1;
      await route.abort('failed');
    } else await route.continue();
  });
  await fresh.goto('/list');
  await expect(fresh.getByRole('heading', { name: 'Unit List' })).toBeVisible();
  expect(refused).toBe(2);
  await fresh.close();
});

test('shows the server’s message when the password is wrong', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('luc_admin');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password');
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'sign-in-wrong-password');
});

test('asks for both fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await screenshot(page, 'sign-in-required');
  // Each message goes once its field is edited; the other stays.
  await page.getByLabel('Username').fill('luc_admin');
  await expect(page.getByText('This field is required')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(/This field is required/);
});

/** The fleet worker's live socket (its URL may carry the frames query: binary for the console's worker, docs/protocol.md). */
const isLiveSocket = (url: string): boolean => new URL(url).pathname === '/luc/luc-core-web/ws';

test('returns to the sign-in page by itself when another tab signs out (the server closes the websocket with 4401)', async ({ page, context }) => {
  const socket = page.waitForEvent('websocket', (ws) => isLiveSocket(ws.url()));
  await signInFresh(page, 'luc_curator');
  await expect(page).toHaveURL(/\/list$/);
  const live = await socket;
  expect(new URL(live.url()).searchParams.get('frames')).toBe('bin2'); // the worker asks for binary frames version 2 (docs/protocol.md "Binary frames")
  expect(new URL(live.url()).searchParams.get('usage')).toBe('shapes'); // with usage shapes (docs/protocol.md, docs/performance.md §3m)
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-phase', 'live');
  let reopened = false;
  page.on('websocket', (ws) => {
    if (isLiveSocket(ws.url())) reopened = true;
  });
  const closed = live.waitForEvent('close');

  const other = await context.newPage();
  await other.goto('/list');
  await signOutFromMenu(other);
  await other.close();

  // No click, no API call in this tab: the websocket's end brings it to sign-in.
  await closed;
  await expect(page).toHaveURL(/\/login\?next=%2Flist$/);
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
  expect(reopened).toBe(false); // the ended session was not retried
  await screenshot(page, 'session-ended-elsewhere');
  // Signing in again continues where the user was.
  await signIn(page, 'luc_curator');
  await expect(page).toHaveURL(/\/list$/);
});

test('returns to the sign-in page when the session cookie is gone', async ({ page, context }) => {
  await signInFresh(page, 'luc_freelancer');
  await expect(navigationMenu(page)).toBeVisible();
  await page.waitForLoadState('networkidle'); // the shell's first calls are answered
  await context.clearCookies();
  await page.getByRole('button', { name: 'Applications' }).click(); // GET v2/client/application/urls → 401
  await expect(page).toHaveURL(/\/login/);
});

test('a sign-out the server does not answer still signs this tab out, says so, and the tab stays out until the next sign-in', async ({ page }) => {
  await signInFresh(page, 'luc_freelancer');
  await expect(navigationMenu(page)).toBeVisible();
  await page.route(`**${API}/auth/logout`, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Signing out did not reach the server; this tab is signed out until you sign in here again.')).toBeVisible();
  // The session cookie lives on (only the server ends it), but neither the sign-in page nor the
  // guard uses it in this tab: the sign-in form stays, and so does a console page asked for.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'sign-out-unanswered');
  expect((await page.request.get(`${API}/users/fetch_current_user_details`, { headers: { 'Application-Id': 'luc-console' } })).status()).toBe(200);
  await page.unroute(`**${API}/auth/logout`);
  await page.goto('/list');
  await expect(page).toHaveURL(/\/login\?next=%2Flist$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Signing in here again brings the tab back as usual.
  await signIn(page, 'luc_freelancer');
  await expect(page).toHaveURL(/\/list$/);
  await expect(navigationMenu(page)).toBeVisible();
});

test('redirects a read-only user from /users to the unit list, or to the unauthorized page with ignoreRouteDefault', async ({ page }) => {
  await signInFresh(page, 'luc_read');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/list$/);
  await expect(navigationMenu(page).getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto('/users?ignoreRouteDefault');
  await expect(page).toHaveURL(/\/unauthorized_user$/);
  await expect(page.getByTestId('access-refused')).toHaveText(ACCESS_REFUSED_MESSAGE);
  await expect(page).toHaveTitle('Access refused');
  await screenshot(page, 'unauthorized');
});

test('gives a video return viewer the limited-access page pointing to the portal', async ({ page }) => {
  await signInFresh(page, 'luc_vr_viewer');
  await expect(page).toHaveURL(/\/limited_access$/);
  const portal = page.getByRole('link', { name: 'Open the Video Return Portal' });
  await expect(portal).toHaveAttribute('href', /\/vr_portal$/);
  // Any console page leads back here.
  await page.goto('/list');
  await expect(page).toHaveURL(/\/limited_access$/);
  await screenshot(page, 'limited-access');
});

test('sends an unknown path to the unit list', async ({ page }) => {
  await signInFresh(page, 'luc_multipoint');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/list$/);
  await expect(page).toHaveTitle('Unit List');
});

test('restores the last saved route at the next sign-in, and the unit list does not overwrite it', async ({ page }) => {
  await signInFresh(page, 'luc_unit_control'); // no saved route yet
  await expect(page).toHaveURL(/\/list$/);
  // The save of this route itself (not any other save of the preferences the console may make meanwhile).
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`${API}/userPreferences/vue`) && response.request().method() === 'PUT' && (response.request().postData() ?? '').includes('"currentRoute":"/map"'),
  );
  await navigationMenu(page).getByRole('link', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\/map$/);
  expect((await saved).status()).toBe(200);
  await navigationMenu(page).getByRole('link', { name: 'Unit List' }).click(); // the list does not save its route
  await expect(page).toHaveURL(/\/list$/);
  await signOutFromMenu(page);

  await signIn(page, 'luc_unit_control'); // not signInFresh: the saved route is what is tested
  await expect(page).toHaveURL(/\/map$/);
  await expect(page).toHaveTitle('Map');
});

test('has the landing screen loading by the time the sign-in request is answered: the page that sent the user there, else the route last saved in this browser', async ({ context }) => {
  // src/app/landingPreload.ts. The sign-in answer is held until the landing screen's chunk has been
  // asked for (at most 3 s, less than the sign-in's own wait): a console that asked for it only after the answer would be held the
  // whole 3 s, and `heldFor` says which happened. A new page each time: a page that has loaded the
  // screen once finds it in its module map and asks the server for nothing.
  const user = 'bayside_read';
  await resetPreferences(user);
  const signInHoldingTheAnswer = async (path: string): Promise<{ landed: string; heldFor: 'chunk' | 'timeout' }> => {
    const page = await context.newPage();
    let chunkAsked: () => void = () => undefined;
    const chunkSeen = new Promise<'chunk'>((resolve) => (chunkAsked = () => resolve('chunk')));
    page.on('request', (request) => {
      if (/\/assets\/MapScreen-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunkAsked();
    });
    let heldFor: 'chunk' | 'timeout' | null = null;
    await page.route(`**${API}/auth/login`, async (route) => {
      heldFor = await Promise.race([chunkSeen, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3_000))]);
      await route.continue();
    });
    await page.goto(path);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/map$/);
    const landed = new URL(page.url()).pathname;
    // The route's save is fire and forget: the next sign-in restores only what the server holds.
    await expect
      .poll(async () => ((await (await page.request.get(`${API}/userPreferences/vue`, { headers: { 'Application-Id': 'luc-console' } })).json()) as { currentRoute?: unknown }).currentRoute)
      .toBe('/map');
    await signOutFromMenu(page);
    await page.close();
    if (heldFor === null) throw new Error('the sign-in request never reached the route');
    return { landed, heldFor };
  };
  // No saved route, but the map sent the user to sign in (?next=/map).
  expect(await signInHoldingTheAnswer('/login?next=%2Fmap')).toEqual({ landed: '/map', heldFor: 'chunk' });
  // That visit saved /map (spec 000 §2): the next sign-in without ?next restores it, and its chunk is asked for early too.
  expect(await signInHoldingTheAnswer('/login')).toEqual({ landed: '/map', heldFor: 'chunk' });
});

test('keeps the page title equal to the translation of the path', async ({ page }) => {
  await signInFresh(page, 'luc_admin');
  await expect(page).toHaveTitle('Unit List');
  const menu = navigationMenu(page);
  for (const [link, title, path] of [
    ['Map', 'Map', '/map'],
    ['Users', 'Users', '/users'],
    ['Usage Reports', 'Usage Reports', '/reports'],
    ['Groups', 'Groups', '/groups'],
    ['Software Versions', 'Software Versions', '/sw_version'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
  await screenshot(page, 'admin-menu-screens');
});

test('lists the three applications in the drawer with the server’s addresses', async ({ page }) => {
  await signInFresh(page, 'luc_partner');
  await page.getByRole('button', { name: 'Applications' }).click();
  const drawer = page.getByRole('dialog', { name: 'Applications' });
  await expect(drawer).toBeVisible();
  const urls = (await (await page.request.get(`${API}/v2/client/application/urls`, { headers: { 'Application-Id': 'luc-console' } })).json()) as Record<string, string>;
  for (const [name, key] of [
    ['Central Console', 'centralConsole'],
    ['Video Return Portal', 'videoReturnPortal'],
    ['Matrix Application', 'matrixApplication'],
  ] as const) {
    await expect(drawer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', urls[key] ?? 'missing');
  }
  await expect(drawer.getByRole('link')).toHaveCount(3);
  await screenshot(page, 'applications-drawer');
});

test('the applications drawer loads with its first opening: unreachable, a toast says so and it stays shut; the next opening shows it', async ({ page }) => {
  await signInFresh(page, 'luc_partner');
  const drawer = page.getByRole('dialog', { name: 'Applications' });
  await openWithChunkRefusedFirst(page, /\/assets\/ApplicationsDrawer-[\w-]+\.js$/, page.getByRole('button', { name: 'Applications' }), 'Dialog not loaded', drawer);
  await expect(drawer.getByRole('link')).toHaveCount(3);
});

test('the user menu loads with its first click: unreachable, a toast says so and the button stays; the next click opens it, and the keyboard opens it too', async ({ page }) => {
  await signInFresh(page, 'luc_partner');
  const button = page.getByRole('button', { name: 'User menu' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  const menu = page.getByRole('menu');
  await openWithChunkRefusedFirst(page, /\/assets\/UserMenuDropdown-[\w-]+\.js$/, button, 'Menu not loaded', menu);
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Preferences', 'Activity', 'Sign out']);
  await screenshot(page, 'user-menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Loaded now: the keyboard opens it from the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A new page, keyboard only: the focus starts the load, Enter opens the menu once in (the focus
  // goes into it, as with a loaded menu), the arrow key reaches the items, and Escape gives the
  // focus back to the button (a new element once the menu wraps it).
  await page.reload();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('shows the full menu, Support section included, to a super user', async ({ page }) => {
  await signInFresh(page, 'super_user');
  const menu = navigationMenu(page);
  await expect(menu.getByRole('group', { name: 'Support' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'System Entities' })).toBeVisible();
  await screenshot(page, 'super-user-shell');
});

test('sends a user whose preferences fail to load to /error', async ({ page }) => {
  await page.route(`**${API}/userPreferences/vue`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { error: 'Internal Server Error', message: 'Internal Error' } }) : route.continue(),
  );
  await signInFresh(page, 'luc_contractor');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'Your preferences could not be loaded' })).toBeVisible();
  await screenshot(page, 'error-preferences');
  await page.unroute(`**${API}/userPreferences/vue`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/list$/);
});

test('shows the password notice at 14 days or fewer until the user postpones it', async ({ page }) => {
  const fiveDays = 5 * 86_400;
  await page.route(`**${API}/v2/client/configuration`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, secondsToPwdExpiration: fiveDays } });
  });
  await signInFresh(page, 'luc_regular');
  await expect(page).toHaveURL(/\/password_notice$/);
  await expect(page.getByText('Your password expires in 5 days.')).toBeVisible();
  await screenshot(page, 'password-notice');
  await page.getByRole('button', { name: 'Remind me later' }).click();
  await expect(page).toHaveURL(/\/list$/);
  await navigationMenu(page).getByRole('link', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/files$/);
});

test('starts dark, switches to light and keeps the choice after a reload', async ({ page }) => {
  await signInFresh(page, 'luc_media_group_admin');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await screenshot(page, 'unit-list-light');
});

test('opens the customer portal and Easy Live pages to anyone, saying they are served elsewhere', async ({ page }) => {
  await page.goto('/customer_portal');
  await expect(page.getByRole('heading', { name: 'Customer Portal' })).toBeVisible();
  await expect(page).toHaveTitle('Customer Portal');
  await screenshot(page, 'customer-portal');
  await page.goto('/easy_live');
  await expect(page.getByRole('heading', { name: 'Easy Live' })).toBeVisible();
  await screenshot(page, 'easy-live');
});
