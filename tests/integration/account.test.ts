/**
 * The signed-in user's own account, preferences and about (spec 002 §3 User, contact, user
 * preferences, unit alert settings; §5 Users; §7 users/*, userPreferences/vue; §8) against a
 * started server: every call, every refusal with its exact message, and the 14 user types (each
 * may use their own account; none changes a demo user's password here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { UNIT_ALERT_FLAGS } from '../../src/domain/units/alertSettings.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { EventBus } from '../../src/server/live/bus.ts';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { MailOutbox } from '../../src/server/mail/outbox.ts';
import { EMAIL_CHANGE_TEXTS } from '../../src/domain/account.ts';

// spec 002 §5 shared messages and the §8 Users catalogue as src/domain/validation/users.ts words it.
const REQUIRED = 'This field is required';
const NUMERIC_ONLY = 'Must only contain numeric characters';
const OLD_PASSWORD = 'Old password does not match';
const PASSWORDS_DIFFER = 'Passwords do not match';
const SSO_NOT_EDITABLE = 'Enterprise (SSO) users are managed only by the IT admin';
const NEW_PASSWORD = 'Second-Passw0rd';

const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

describe('the own account, preferences and about against a started server', () => {
  const tmp = tempDir();
  let server: TestServer;
  let outbox: MailOutbox;

  beforeAll(async () => {
    // account.owner signs in more than the 10 times a minute sign-in allows: this server allows more.
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: new EventBus(), settings: { globalRatePerMinute: 100_000, loginRatePerMinute: 1_000 } });
    outbox = new MailOutbox(server.store.db, Date.now);
    const now = Date.now();
    for (const [id, username, sso] of [['USR-ACCOUNT', 'account.owner', false], ['USR-SSO-OWNER', 'sso.owner', true]] as const) {
      await server.store.users.insert(
        { id, username, firstName: 'Ada', lastName: 'Owner', email: `${username}@example.com`, userLabel: '', userType: 'luc_regular', active: true, sso, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: now + 86_400_000, forcePasswordChange: true, createdAt: now },
        ['G-NEWS-NATIONAL'],
      );
    }
  }, 60_000); // 14+ sign-ins and password hashes: slow on a busy 2-core machine
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('details and profile (users/fetch_current_user_details, users/update_current_user)', () => {
    it('answers the signed-in user with their groups, inventories and password expiry', async () => {
      const cookie = await signIn(server, 'account.owner');
      const me = await call(server, 'users/fetch_current_user_details', { cookie });
      expect(me.json).toMatchObject({ id: 'USR-ACCOUNT', userId: 'USR-ACCOUNT', username: 'account.owner', sso: false, superuser: false, forcePasswordChange: true });
      expect(me.json.groups).toEqual([{ uid: 'G-NEWS-NATIONAL', name: 'News-National', inventoryId: 'INV-NEWS' }]);
      expect(me.json.inventories).toEqual([{ id: 'INV-NEWS', name: 'Newsroom' }]);
      expect(me.json.secondsToPwdExpiration).toBeGreaterThan(86_000);
      expect(me.json.secondsToPwdExpiration).toBeLessThanOrEqual(86_400);
    });

    it('refuses an SSO user’s own changes with the IT admin text', async () => {
      const cookie = await signIn(server, 'sso.owner');
      const answer = await call(server, 'users/update_current_user', { cookie, body: { userLabel: 'Mine' } });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ error: 'Forbidden', message: SSO_NOT_EDITABLE });
      const password = await call(server, 'users/change_password', { cookie, body: { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
      expect(password.json.message).toBe(SSO_NOT_EDITABLE);
    });

    it('clears the e-mail with an empty text and refuses an empty body', async () => {
      const cookie = await signIn(server, 'account.owner');
      expect((await call(server, 'users/update_current_user', { cookie, body: { email: '' } })).json.email).toBeNull();
      const asked = await call(server, 'users/update_current_user', { cookie, body: { email: 'ada.owner@example.com' } });
      expect(asked.json).toMatchObject({ email: null, emailConfirmationSentTo: 'ada.owner@example.com' });
      const token = /\n\n(\S+)\n\n/.exec((await outbox.messagesTo('ada.owner@example.com')).at(-1)?.body ?? '')?.[1] ?? '';
      expect((await call(server, 'users/confirm_email', { cookie, body: { token } })).json.email).toBe('ada.owner@example.com');
      expect((await call(server, 'users/update_current_user', { cookie, body: {} })).status).toBe(400);
    });

    describe('changing one’s e-mail does not tell whether another account uses the address (issue 16 item 5)', () => {
      const codeIn = (body: string | undefined): string => /\n\n(\S+)\n\n/.exec(body ?? '')?.[1] ?? '';

      it('answers a taken and a free address alike, changes nothing yet, and mails the address instead', async () => {
        const cookie = await signIn(server, 'account.owner');
        const before = (await call(server, 'users/fetch_current_user_details', { cookie })).json.email;
        const taken = await call(server, 'users/update_current_user', { cookie, body: { email: 'luc_admin@demo.luc.invalid' } });
        const free = await call(server, 'users/update_current_user', { cookie, body: { email: 'ada.new@example.com' } });
        expect(taken.status).toBe(200);
        expect(free.status).toBe(200);
        const { emailConfirmationSentTo: takenTo, ...takenRest } = taken.json;
        const { emailConfirmationSentTo: freeTo, ...freeRest } = free.json;
        expect([takenTo, freeTo]).toEqual(['luc_admin@demo.luc.invalid', 'ada.new@example.com']);
        expect(takenRest).toEqual(freeRest);
        expect(freeRest.email).toBe(before);
        // The owner of the taken address is told; the free address gets a code.
        const toTaken = await outbox.messagesTo('luc_admin@demo.luc.invalid');
        expect(toTaken.at(-1)?.subject).toBe(EMAIL_CHANGE_TEXTS.takenSubject);
        expect(codeIn(toTaken.at(-1)?.body)).toBe('');
        const toFree = await outbox.messagesTo('ada.new@example.com');
        expect(toFree.at(-1)?.subject).toBe(EMAIL_CHANGE_TEXTS.confirmSubject);
        expect(codeIn(toFree.at(-1)?.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });

      it('the code changes the e-mail once; a made-up, another user’s or an expired code is refused alike', async () => {
        const cookie = await signIn(server, 'account.owner');
        await call(server, 'users/update_current_user', { cookie, body: { email: 'ada.confirmed@example.com' } });
        const token = codeIn((await outbox.messagesTo('ada.confirmed@example.com')).at(-1)?.body);
        const other = await signIn(server, 'luc_regular');
        const refused = [
          await call(server, 'users/confirm_email', { cookie, body: { token: 'made-up' } }),
          await call(server, 'users/confirm_email', { cookie: other, body: { token } }),
        ];
        for (const answer of refused) expect(answer.json).toEqual({ error: 'Bad Request', message: EMAIL_CHANGE_TEXTS.invalidToken, fields: { token: EMAIL_CHANGE_TEXTS.invalidToken } });
        const confirmed = await call(server, 'users/confirm_email', { cookie, body: { token } });
        expect(confirmed.json.email).toBe('ada.confirmed@example.com');
        expect((await call(server, 'users/confirm_email', { cookie, body: { token } })).json.message).toBe(EMAIL_CHANGE_TEXTS.invalidToken);
        // Expired: a code older than 24 h.
        await call(server, 'users/update_current_user', { cookie, body: { email: 'ada.late@example.com' } });
        const late = codeIn((await outbox.messagesTo('ada.late@example.com')).at(-1)?.body);
        await server.store.db.updateTable('email_changes').set({ expires_at: Date.now() - 1 }).where('user_id', '=', 'USR-ACCOUNT').execute();
        expect((await call(server, 'users/confirm_email', { cookie, body: { token: late } })).json.message).toBe(EMAIL_CHANGE_TEXTS.invalidToken);
        expect((await call(server, 'users/fetch_current_user_details', { cookie })).json.email).toBe('ada.confirmed@example.com');
        // Back to the address the contact tests read.
        await call(server, 'users/update_current_user', { cookie, body: { email: 'ada.owner@example.com' } });
        const back = codeIn((await outbox.messagesTo('ada.owner@example.com')).at(-1)?.body);
        expect((await call(server, 'users/confirm_email', { cookie, body: { token: back } })).json.email).toBe('ada.owner@example.com');
      });
    });
  });

  describe('contact (GET and POST users/contact)', () => {
    it('answers empty texts until saved, then what was saved (trimmed)', async () => {
      const cookie = await signIn(server, 'account.owner');
      const before = await call(server, 'users/contact', { cookie });
      expect(before.json).toEqual({ userId: 'USR-ACCOUNT', email: 'ada.owner@example.com', phone: '', company: '', address: '', updatedAt: null });
      const saved = await call(server, 'users/contact', { cookie, body: { phone: '447700900123', company: ' Demo Broadcasting ', address: '1 Studio Way, London' } });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json).toMatchObject({ phone: '447700900123', company: 'Demo Broadcasting', address: '1 Studio Way, London' });
      expect(typeof saved.json.updatedAt).toBe('number');
      expect((await call(server, 'users/contact', { cookie })).json).toEqual(saved.json);
    });

    it.each([
      ['a phone with a plus sign', { phone: '+447700900123' }, { phone: NUMERIC_ONLY }],
      ['a phone with spaces', { phone: '07700 900123' }, { phone: NUMERIC_ONLY }],
      ['a phone of 16 digits', { phone: '1'.repeat(16) }, { phone: 'Must have at most 15 characters' }],
      ['a company of 256 characters', { company: 'c'.repeat(256) }, { company: 'Must have at most 255 characters' }],
      ['a missing field', { phone: undefined }, { phone: REQUIRED }],
    ])('refuses %s and keeps what was stored', async (_name, changes, fields) => {
      const cookie = await signIn(server, 'account.owner');
      const body = { phone: '447700900123', company: 'Demo Broadcasting', address: '1 Studio Way, London', ...changes };
      const answer = await call(server, 'users/contact', { cookie, body: JSON.parse(JSON.stringify(body)) });
      expect(answer.status).toBe(400);
      expect(answer.json.fields).toEqual(fields);
      expect((await call(server, 'users/contact', { cookie })).json.phone).toBe('447700900123');
    });
  });

  describe('password change (POST users/change_password)', () => {
    it.each([
      ['a wrong old password', { oldPassword: 'Not-the-0ne' }, { oldPassword: OLD_PASSWORD }],
      ['no old password', { oldPassword: '' }, { oldPassword: REQUIRED }],
      ['a new password without a digit or punctuation', { password: 'SecondPassword', passwordConfirmation: 'SecondPassword' }, { password: "Password must contain a digit or one of the characters !#$@_'+,?[].-" }],
      ['a new password of 7 characters', { password: 'Sec-0nd', passwordConfirmation: 'Sec-0nd' }, { password: 'Must have at least 8 characters' }],
      ['a confirmation that differs', { passwordConfirmation: 'Second-Passw0rd.' }, { passwordConfirmation: PASSWORDS_DIFFER }],
      ['a wrong old password and a confirmation that differs', { oldPassword: 'Not-the-0ne', passwordConfirmation: 'x' }, { oldPassword: OLD_PASSWORD, passwordConfirmation: PASSWORDS_DIFFER }],
    ])('refuses %s with every failing field, changing nothing', async (_name, changes, fields) => {
      const cookie = await signIn(server, 'account.owner');
      const answer = await call(server, 'users/change_password', { cookie, body: { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, ...changes } });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: 'Bad Request', message: Object.values(fields)[0], fields });
      expect((await call(server, 'auth/login', { body: { username: 'account.owner', password: DEMO_PASSWORD } })).status).toBe(200);
    });

    it('changes it: this session stays, the others end (their websockets close), the expiry moves 90 days on', async () => {
      const mine = await signIn(server, 'account.owner');
      const other = await signIn(server, 'account.owner');
      const socket = await openSocket(server, other);
      const changed = await call(server, 'users/change_password', { cookie: mine, body: { oldPassword: DEMO_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json.otherSessionsEnded).toBeGreaterThanOrEqual(1);
      expect(changed.json.secondsToPwdExpiration).toBeGreaterThan(89 * 86_400);
      expect(await socket.closed).toBe(4401);
      expect((await call(server, 'users/fetch_current_user_details', { cookie: other })).status).toBe(401);
      const me = await call(server, 'users/fetch_current_user_details', { cookie: mine });
      expect(me.json).toMatchObject({ forcePasswordChange: false });
      expect((await call(server, 'auth/login', { body: { username: 'account.owner', password: DEMO_PASSWORD } })).status).toBe(401);
      await signIn(server, 'account.owner', NEW_PASSWORD);
    });
  });

  describe('preferences (GET and PUT userPreferences/vue)', () => {
    it('starts with the 8 unit alert flags on (spec 002 §3) and keeps each change, and the other preferences a person sets', async () => {
      const cookie = await signIn(server, 'luc_curator');
      const start = await call(server, 'userPreferences/vue', { cookie });
      expect(start.json.unitAlertsSettings).toEqual(Object.fromEntries(UNIT_ALERT_FLAGS.map((flag) => [flag, true])));
      expect(start.json).toMatchObject({ luSmartCountry: 'usa', graphicsRegion: null });
      const saved = await call(server, 'userPreferences/vue', { ...json('PUT', { unitAlertsSettings: { onlineToOffline: false, newDeviceAdded: false }, luSmartCountry: 'gbr', graphicsRegion: 'eu-west' }), cookie });
      expect(saved.status, saved.text).toBe(200);
      const after = await call(server, 'userPreferences/vue', { cookie });
      expect(after.json.unitAlertsSettings).toEqual({ ...start.json.unitAlertsSettings, onlineToOffline: false, newDeviceAdded: false });
      expect(after.json).toMatchObject({ luSmartCountry: 'gbr', graphicsRegion: 'eu-west' });
    });

    it.each([
      ['an unknown alert flag', { unitAlertsSettings: { coffeeReady: true } }, "body.unitAlertsSettings has an unknown field 'coffeeReady'"],
      ['a flag that is not a boolean', { unitAlertsSettings: { onlineToOffline: 'no' } }, 'body.unitAlertsSettings.onlineToOffline must be boolean'],
      ['a country that is not a text', { luSmartCountry: 3 }, 'body.luSmartCountry must be string'],
    ])('refuses %s and keeps what was stored', async (_name, body, message) => {
      const cookie = await signIn(server, 'luc_curator');
      const answer = await call(server, 'userPreferences/vue', { ...json('PUT', body), cookie });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe(message);
      expect((await call(server, 'userPreferences/vue', { cookie })).json.luSmartCountry).toBe('gbr');
    });
  });

  describe('about (GET v2/about)', () => {
    it('answers the product, the release of package.json, the build, the start time, Node.js and the engine', async () => {
      const cookie = await signIn(server, 'luc_read');
      const about = await call(server, 'v2/about', { cookie });
      const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
      expect(about.json).toMatchObject({ productName: 'LUC Console', serverVersion: version, consoleVersion: version, nodeVersion: process.version, database: 'sqlite' });
      expect(about.json.build.commit === null || /^[0-9a-f]{7,40}$/.test(about.json.build.commit)).toBe(true);
      expect(about.json.build.consoleBuiltAt).toBeNull(); // the harness serves no built console
      expect(about.json.startedAt).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('every user type uses their own account (spec 002 §7: every user)', () => {
    it.each(USER_TYPES.map((type) => [type]))('%s reads their details, contact, preferences and about, saves contact and preferences, and is answered on their password', async (type) => {
      const cookie = await signIn(server, type);
      for (const path of ['users/fetch_current_user_details', 'users/contact', 'userPreferences/vue', 'v2/about', 'v2/client/configuration', 'client_notifications/fetch']) {
        const answer = await call(server, path, { cookie });
        expect(answer.status, `${type} GET ${path}`).toBe(200);
      }
      expect((await call(server, 'users/contact', { cookie, body: { phone: '1234', company: type, address: '' } })).status).toBe(200);
      expect((await call(server, 'userPreferences/vue', { ...json('PUT', { unitListExpanded: true }), cookie })).status).toBe(200);
      // A wrong old password: the call is theirs (400 on the field, not 403), and no demo password changes.
      const password = await call(server, 'users/change_password', { cookie, body: { oldPassword: 'Not-the-0ne', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
      expect(password.json.fields).toEqual({ oldPassword: OLD_PASSWORD });
    });
  });
});

function openSocket(server: TestServer, cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin: server.url } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
