import { test, expect, request, type Page } from '@playwright/test';
import BetterSqlite from 'better-sqlite3';
import { E2E_PASSWORD, laneBaseUrl, laneDbFile } from '../../playwright.config.ts';
import { EMAIL_CHANGE_TEXTS } from '../../src/domain/account.ts';
import { screenshot, signIn, type DemoUser } from './fixtures.ts';

// Account, Preferences and About as a person meets them (spec 002 §2, §3, §5, §8): real Chromium
// against the real server. Each test signs in as a user it creates for itself (through the users
// calls, as the super user), so no demo user's password or preferences change.

const API = '/luc/luc-core-web/rest';
const HEADERS = { 'Application-Id': 'luc-console' };
// spec 002 §5 and the §8 Users catalogue (src/domain/validation/users.ts), word for word.
const OLD_PASSWORD = 'Old password does not match';
const NUMERIC_ONLY = 'Must only contain numeric characters';
const PASSWORD = 'First-Passw0rd';
const NEW_PASSWORD = 'Second-Passw0rd';

/** Creates a user of the Newsroom inventory through POST v2/admin/users, as the super user; returns the username. */
async function createOwnUser(prefix: string): Promise<string> {
  const username = `e2e.${prefix}.${Date.now().toString(36)}`;
  const api = await request.newContext({ baseURL: laneBaseUrl(test.info()), extraHTTPHeaders: HEADERS });
  expect((await api.post(`${API}/auth/login`, { data: { username: 'super_user', password: E2E_PASSWORD } })).status()).toBe(200);
  const created = await api.post(`${API}/v2/admin/users`, {
    data: { username, firstName: 'Ada', lastName: 'Account', email: `${username}@example.com`, userType: 'luc_regular', inventoryIds: ['INV-NEWS'], password: PASSWORD, passwordConfirmation: PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
  return username;
}

const signInAs = (page: Page, username: string, password = PASSWORD) => signIn(page, username as DemoUser, password);

test('a user keeps their details and contact, and changes their password after a wrong old one is refused', async ({ page }) => {
  const username = await createOwnUser('account');
  await signInAs(page, username);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
  await screenshot(page, 'account');

  // Details: a new label is kept.
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('User label').fill('Night desk');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved')).toBeVisible();

  // Contact: a phone with a plus sign is refused as typed; digits are kept after a reload.
  const contact = page.getByRole('form', { name: 'Contact' });
  await contact.getByLabel('Phone').fill('+447700900123');
  await expect(contact.getByText(NUMERIC_ONLY)).toBeVisible();
  await contact.getByLabel('Phone').fill('447700900123');
  await contact.getByLabel('Company').fill('Demo Broadcasting');
  await contact.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('Your contact details are saved')).toBeVisible();

  // Password: the server refuses a wrong old password on its field; the right one changes it.
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('Not-the-0ne');
  await password.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText(OLD_PASSWORD)).toBeVisible();
  await screenshot(page, 'account-password-refused');
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');

  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('User label')).toHaveValue('Night desk');
  await expect(page.getByRole('form', { name: 'Contact' }).getByLabel('Phone')).toHaveValue('447700900123');

  // The new password signs in; the old one does not.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong username or password')).toBeVisible();
  await signInAs(page, username, NEW_PASSWORD);
});

/** The confirmation code in the last message the server's mail outbox (mail_outbox) sent to `address`. */
function mailedCode(address: string): string {
  const db = new BetterSqlite(laneDbFile(test.info()), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT body FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY created_at DESC LIMIT 1').get(address) as { body: string } | undefined;
    const code = row?.body.split('\n').map((line) => line.trim()).find((line) => /^[A-Za-z0-9_-]{40,}$/.test(line));
    if (code === undefined) throw new Error(`no confirmation code mailed to ${address}`);
    return code;
  } finally {
    db.close();
  }
}

test('a new e-mail changes once the mailed code is pasted on the account page; a wrong code is refused', async ({ page }) => {
  const username = await createOwnUser('email');
  const newAddress = `${username}.new@example.com`;
  await signInAs(page, username);
  await page.goto('/account');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('E-mail').fill(newAddress);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(`We sent a confirmation to ${newAddress}`)).toBeVisible();

  const confirm = page.getByRole('form', { name: 'Confirm a new e-mail' });
  await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(confirm.getByText('Paste the code from the message we sent')).toBeVisible();
  await confirm.getByLabel('Confirmation code').fill('not-the-code');
  await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(confirm.getByText(EMAIL_CHANGE_TEXTS.invalidToken)).toBeVisible();

  await confirm.getByLabel('Confirmation code').fill(mailedCode(newAddress));
  await confirm.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByText(`Your e-mail is now ${newAddress}`)).toBeVisible();
  await screenshot(page, 'account-email-confirmed');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('E-mail')).toHaveValue(newAddress);
});

test('the unit alert toggles and the region preferences persist after a reload', async ({ page }) => {
  const username = await createOwnUser('prefs');
  await signInAs(page, username);
  await page.goto('/preferences');
  await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
  const alerts = page.getByRole('group', { name: 'Unit alerts' });
  // spec 002 §3: all eight on for a new user.
  await expect(alerts.getByRole('switch')).toHaveCount(8);
  for (const toggle of await alerts.getByRole('switch').all()) await expect(toggle).toBeChecked();
  await alerts.getByRole('switch', { name: 'A unit goes offline' }).click();
  await alerts.getByRole('switch', { name: 'A new unit is added' }).click();
  await expect(alerts.getByRole('switch', { name: 'A unit goes offline' })).not.toBeChecked();
  await page.getByRole('combobox', { name: 'LU-Smart country' }).click();
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByRole('combobox', { name: 'Graphics region' }).click();
  await page.getByRole('option', { name: 'Europe West' }).click();
  // Wait for the last save before reloading.
  await expect.poll(async () => ((await (await page.request.get(`${API}/userPreferences/vue`, { headers: HEADERS })).json()) as { graphicsRegion: string | null }).graphicsRegion).toBe('eu-west');
  await screenshot(page, 'preferences');

  await page.reload();
  await expect(alerts.getByRole('switch', { name: 'A unit goes offline' })).not.toBeChecked();
  await expect(alerts.getByRole('switch', { name: 'A new unit is added' })).not.toBeChecked();
  await expect(alerts.getByRole('switch', { name: 'A unit comes online' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'LU-Smart country' })).toHaveValue('United Kingdom');
  await expect(page.getByRole('combobox', { name: 'Graphics region' })).toHaveValue('Europe West');
});

test('About shows the console’s and the server’s versions and the build', async ({ page }) => {
  const username = await createOwnUser('about');
  await signInAs(page, username);
  await page.goto('/about');
  const version = ((await (await page.request.get(`${API}/v2/about`, { headers: HEADERS })).json()) as { serverVersion: string }).serverVersion;
  await expect(page.getByRole('heading', { name: 'About LUC Console' })).toBeVisible();
  await expect(page.getByText('The console and the server are the same release.')).toBeVisible();
  const consoleSection = page.getByRole('region', { name: 'This console' });
  const serverSection = page.getByRole('region', { name: 'Server' });
  await expect(consoleSection.getByText(version, { exact: true })).toBeVisible();
  await expect(serverSection.getByText(version, { exact: true })).toBeVisible();
  await expect(consoleSection.getByText('production')).toBeVisible();
  await expect(serverSection.getByText(/^v\d+\.\d+\.\d+$/)).toBeVisible(); // Node.js
  await expect(serverSection.getByText('SQLite (embedded)')).toBeVisible();
  await screenshot(page, 'about');
});
