/**
 * The users area (spec 002 §3 User, §5 Users, §6 user types, §8 Users) against a started server:
 * every call's answer, every refusal with its exact message, tenancy (another broadcaster's
 * inventory, group and users), sessions and websockets ended on deactivation and deletion, and the
 * role matrix (the 14 demo users, whose username is their user type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import WebSocket from 'ws';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { EventBus } from '../../src/server/live/bus.ts';
import { call, DEMO_PASSWORD, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

// spec 002 §5 shared messages, the §8 Users catalogue as src/domain/validation/users.ts words it,
// and our refusals (src/domain/users.ts), word for word.
const REQUIRED = 'This field is required';
const INVALID_FIELD = 'Invalid field';
const FIRST_NAME = 'First name must start with an uppercase letter';
const USERNAME_CHARACTERS = 'Username may contain only letters, digits and @ . + - _';
const USERNAME_EXISTS = 'A user with this username already exists';
const EMAIL_USED = 'This email address is used by another user';
const INVALID_EMAIL = 'Invalid email address';
const INVENTORY_REQUIRED = 'Select at least one inventory';
const EXTERNAL_IDENTITY = 'Users cannot be associated to inventories of an external identity provider';
const SSO_NOT_EDITABLE = 'Enterprise (SSO) users are managed only by the IT admin';
const NO_LICENCE = 'No user licence is available';
const PASSWORDS_DIFFER = 'Passwords do not match';
const TYPE_NOT_GRANTABLE = 'Only a super user may give this user type';
const PROTECTED_ACCOUNT = 'Only a super user may change a super user or staff account';
const NOT_ALLOWED = 'You are not allowed to access this application.';
const SIGN_IN_FAILED = 'Wrong username or password';

const USERS = 'v2/admin/users';
const PASSWORD = 'Fresh-Passw0rd';
const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

/** A valid new user; `changes` replace fields. */
function newUser(username: string, changes: Record<string, unknown> = {}) {
  return {
    username,
    firstName: 'Nina',
    lastName: 'Reporter',
    email: `${username}@example.com`,
    userLabel: 'Desk 1',
    userType: 'luc_regular',
    inventoryIds: ['INV-EVENTS'],
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    ...changes,
  };
}

function openSocket(server: TestServer, cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin: server.url } });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('users (spec 002 §3 §5 §6 §8) against a started server', () => {
  const tmp = tempDir();
  let server: TestServer;
  let superUser: string;
  let admin: string;
  let outsider: string;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), bus: new EventBus(), settings: { globalRatePerMinute: 100_000 } });
    const now = Date.now();
    const insertUser = async (id: string, username: string, userType: string, groups: string[], extra: { sso?: boolean } = {}) =>
      server.store.users.insert(
        { id, username, firstName: 'Out', lastName: 'Sider', email: `${username}@other.example`, userLabel: '', userType, active: true, sso: extra.sso ?? false, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: null, forcePasswordChange: false, createdAt: now },
        groups,
      );
    // Another broadcaster: its own inventory, group, administrator and operator.
    await server.store.inventories.insert({ id: 'INV-FOREIGN', name: 'Foreign-Broadcaster', region: 'eu-west', customer: 'Foreign', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-FOREIGN', name: 'Foreign-Desk', inventoryId: 'INV-FOREIGN', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await insertUser('USR-FOREIGN-ADMIN', 'foreign_admin', 'luc_admin', ['G-FOREIGN']);
    await insertUser('USR-FOREIGN-OPERATOR', 'foreign_operator', 'luc_regular', ['G-FOREIGN']);
    // An inventory whose users come from an external identity provider, with an SSO user.
    await server.store.inventories.insert({ id: 'INV-SSO', name: 'Enterprise', region: 'us-east', customer: 'Demo Broadcasting', parentId: null, features: [], createdAt: now });
    await server.store.db.updateTable('inventories').set({ identity_provider: 'azure-ad' }).where('id', '=', 'INV-SSO').execute();
    await insertUser('USR-SSO', 'sso_reporter', 'luc_regular', ['G-NEWS-NATIONAL'], { sso: true });
    // An inventory with four user licences (two taken by the demo administrators below) and a group that new users join.
    await server.store.inventories.insert({ id: 'INV-LIMITED', name: 'Limited', region: 'eu-west', customer: 'Demo Broadcasting', parentId: null, features: [], createdAt: now });
    await server.store.db.updateTable('inventories').set({ user_licences: 4 }).where('id', '=', 'INV-LIMITED').execute();
    await server.store.groups.insert({ id: 'G-LIMITED-AUTO', name: 'Limited-Auto', inventoryId: 'INV-LIMITED', autoAssociation: true, unitAutoAssociation: false, createdAt: now });
    await server.store.groups.insert({ id: 'G-LIMITED-MANUAL', name: 'Limited-Manual', inventoryId: 'INV-LIMITED', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    // The demo administrators administer every demo inventory (they are in every demo group) and the two above.
    for (const type of ['super_user', 'luc_admin']) {
      await server.store.users.addToGroups(`USR-${type.toUpperCase()}`, ['G-LIMITED-MANUAL']);
      await server.store.db.insertInto('user_inventories').values({ user_id: `USR-${type.toUpperCase()}`, inventory_id: 'INV-SSO' }).execute();
    }
    superUser = await signIn(server, 'super_user');
    admin = await signIn(server, 'luc_admin');
    outsider = await signIn(server, 'foreign_admin');
    for (const type of USER_TYPES) cookies.set(type, type === 'super_user' ? superUser : type === 'luc_admin' ? admin : await signIn(server, type));
  }, 60_000); // 14+ sign-ins and password hashes: slow on a busy 2-core machine
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('the listing (GET v2/admin/users)', () => {
    it('pages users by name (defaults: key name, limit 50, offset 0) with their inventories and groups', async () => {
      const page = await call(server, USERS, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      expect(page.json).toMatchObject({ limit: 50, offset: 0, total: 17 }); // 14 demo users + the 3 above
      // The default key is the spec's "name" (first name, then last name), without case, in byte order on both engines.
      const names = page.json.items.map((u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.toLowerCase());
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(names.slice(0, 3)).toEqual(['admin user', 'application user', 'contractor user']);
      const regular = page.json.items.find((u: { username: string }) => u.username === 'luc_regular');
      expect(regular).toMatchObject({ id: 'USR-LUC_REGULAR', firstName: 'Regular', lastName: 'User', email: 'luc_regular@demo.luc.invalid', userType: 'luc_regular', active: true, sso: false });
      expect(regular.inventories.map((i: { name: string }) => i.name)).toEqual(['Events', 'Newsroom', 'Sports']);
      expect(regular.groups).toHaveLength(5);
      expect(Object.keys(regular).sort()).toEqual(['active', 'createdAt', 'email', 'firstName', 'groups', 'id', 'inventories', 'lastName', 'sso', 'userLabel', 'userType', 'username']);
    });

    it.each([
      ['username', 'LUC_R', ['luc_read', 'luc_regular']],
      ['name', 'media group', ['luc_media_group_admin']],
      ['email', 'other.example', ['foreign_admin', 'foreign_operator', 'sso_reporter']],
      ['userType', 'staff', ['staff']],
    ])('searches by %s without case (%j)', async (key, value, expected) => {
      const page = await call(server, `${USERS}?searchKey=${key}&searchValue=${encodeURIComponent(value)}`, { cookie: superUser });
      expect(page.json.items.map((u: { username: string }) => u.username)).toEqual(expected);
    });

    it('sorts by user type descending, then pages', async () => {
      const page = await call(server, `${USERS}?sortBy=userType&sortDir=desc&limit=2&offset=1`, { cookie: superUser });
      expect(page.json.total).toBe(17);
      expect(page.json.items.map((u: { userType: string }) => u.userType)).toEqual(['staff', 'luc_vr_viewer']);
    });

    it('narrows to one inventory with inventoryId, and refuses another tenant’s inventory like an unknown one', async () => {
      const limited = await call(server, `${USERS}?inventoryId=INV-LIMITED`, { cookie: admin });
      expect(limited.json.items.map((u: { username: string }) => u.username)).toEqual(['luc_admin', 'super_user']);
      const foreign = await call(server, `${USERS}?inventoryId=INV-FOREIGN`, { cookie: admin });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe("Inventory 'INV-FOREIGN' not found");
    });

    it.each([
      ['limit=0', 'query.limit must be >= 1'],
      ['sortBy=password', 'query.sortBy must be one of'],
      ['searchKey=password', 'query.searchKey must be one of'],
    ])('refuses %s with a message naming the parameter', async (query, message) => {
      const answer = await call(server, `${USERS}?${query}`, { cookie: superUser });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain(message);
    });

    it('shows an administrator only the users of their inventories, and only those inventories of a user', async () => {
      const own = await call(server, USERS, { cookie: outsider });
      expect(own.json.items.map((u: { username: string }) => u.username)).toEqual(['foreign_admin', 'foreign_operator']);
      expect((await call(server, `${USERS}/USR-LUC_REGULAR`, { cookie: outsider })).status).toBe(404);
      expect((await call(server, `${USERS}/USR-FOREIGN-OPERATOR`, { cookie: admin })).json.message).toBe("User 'USR-FOREIGN-OPERATOR' not found");
      // The super user shares a group with luc_admin: luc_admin sees none of the foreign groups of anyone.
      const both = await call(server, `${USERS}/USR-SUPER_USER`, { cookie: admin });
      expect(both.json.inventories.map((i: { id: string }) => i.id)).not.toContain('INV-FOREIGN');
    });
  });

  describe('create (POST v2/admin/users)', () => {
    it('creates a user in the caller’s inventory who joins its auto-association groups, and who can sign in', async () => {
      const created = await call(server, USERS, { ...json('POST', newUser('nina.reporter', { inventoryIds: ['INV-LIMITED'] })), cookie: admin });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ username: 'nina.reporter', firstName: 'Nina', email: 'nina.reporter@example.com', userType: 'luc_regular', active: true, sso: false });
      expect(created.json.inventories).toEqual([{ id: 'INV-LIMITED', name: 'Limited' }]);
      expect(created.json.groups).toEqual([{ id: 'G-LIMITED-AUTO', name: 'Limited-Auto' }]); // spec 002 §3 global auto association
      expect(created.json.id).toMatch(/^USR-/);
      const cookie = await signIn(server, 'nina.reporter', PASSWORD);
      const me = await call(server, 'users/fetch_current_user_details', { cookie });
      expect(me.json).toMatchObject({ username: 'nina.reporter', groups: [{ uid: 'G-LIMITED-AUTO', name: 'Limited-Auto', inventoryId: 'INV-LIMITED' }] });
      expect(me.json.secondsToPwdExpiration).toBeGreaterThan(89 * 86_400); // 90 days, as every password set in the console
    });

    it.each([
      ['no username', { username: '' }, { username: REQUIRED }],
      ['a username of 2 characters', { username: 'ab' }, { username: 'Must have at least 3 characters' }],
      ['a username with a space', { username: 'nina reporter' }, { username: USERNAME_CHARACTERS }],
      ['a username of 256 characters', { username: 'n'.repeat(256) }, { username: 'Must have at most 255 characters' }],
      ['a lowercase first name', { firstName: 'nina' }, { firstName: FIRST_NAME }],
      ['no e-mail', { email: '' }, { email: REQUIRED }],
      ['an invalid e-mail', { email: 'nina@' }, { email: INVALID_EMAIL }],
      ['a user label of 31 characters', { userLabel: 'x'.repeat(31) }, { userLabel: 'Must have at most 30 characters' }],
      ['no user type', { userType: '' }, { userType: REQUIRED }],
      ['an unknown user type', { userType: 'luc_emperor' }, { userType: 'Unknown user type' }],
      ['no inventory', { inventoryIds: [] }, { inventoryIds: INVENTORY_REQUIRED }],
      ['no password', { password: '', passwordConfirmation: '' }, { password: REQUIRED }],
      ['a password of 7 characters', { password: 'Ab-1234', passwordConfirmation: 'Ab-1234' }, { password: 'Must have at least 8 characters' }],
      ['a password without uppercase', { password: 'fresh-passw0rd', passwordConfirmation: 'fresh-passw0rd' }, { password: 'Password must contain an uppercase letter' }],
      ['a password with a space', { password: 'Fresh Passw0rd', passwordConfirmation: 'Fresh Passw0rd' }, { password: "Password may contain only letters, digits and the characters !#$@_'+,?[].-" }],
      ['a confirmation that differs', { passwordConfirmation: 'Fresh-Passw0rd!' }, { passwordConfirmation: PASSWORDS_DIFFER }],
      ['an unknown field', { admin: true }, { admin: INVALID_FIELD }],
      ['several bad fields at once', { firstName: 'nina', email: 'x' }, { firstName: FIRST_NAME, email: INVALID_EMAIL }],
    ])('refuses %s with 400 and the field’s message', async (_name, changes, fields) => {
      const answer = await call(server, USERS, { ...json('POST', newUser('refused.user', changes)), cookie: admin });
      expect(answer.status).toBe(400);
      expect(answer.json.fields).toEqual(fields);
      // A rule the domain checks is the message itself; one the contract's schema checks names the field.
      expect([Object.values(fields)[0], expect.stringMatching(/^body/)]).toContainEqual(answer.json.message);
    });

    it.each([
      ['a username taken (without case)', { username: 'LUC_Regular' }, 409, { username: USERNAME_EXISTS }],
      ['an e-mail used by another user', { email: 'LUC_READ@demo.luc.invalid' }, 409, { email: EMAIL_USED }],
      ['the super user type, given by an admin', { userType: 'super_user' }, 403, { userType: TYPE_NOT_GRANTABLE }],
      ['the staff type, given by an admin', { userType: 'staff' }, 403, { userType: TYPE_NOT_GRANTABLE }],
      ['another tenant’s inventory', { inventoryIds: ['INV-EVENTS', 'INV-FOREIGN'] }, 404, { inventoryIds: "Inventory 'INV-FOREIGN' not found" }],
      ['an unknown inventory', { inventoryIds: ['INV-NOPE'] }, 404, { inventoryIds: "Inventory 'INV-NOPE' not found" }],
      ['an external identity provider’s inventory', { inventoryIds: ['INV-SSO'] }, 400, { inventoryIds: EXTERNAL_IDENTITY }],
    ])('refuses %s with %i and the field’s message', async (_name, changes, status, fields) => {
      const answer = await call(server, USERS, { ...json('POST', newUser('refused.user', changes)), cookie: admin });
      expect(answer.status).toBe(status);
      expect(answer.json.fields).toEqual(fields);
      expect((await call(server, `${USERS}?searchValue=refused.user`, { cookie: superUser })).json.total).toBe(0);
    });

    it('lets a super user give the staff type', async () => {
      const created = await call(server, USERS, { ...json('POST', newUser('support.agent', { userType: 'staff' })), cookie: superUser });
      expect(created.status).toBe(201);
      expect(created.json.userType).toBe('staff');
    });

    it('refuses a user beyond the inventory’s licences ("No user licence is available"), counting active users only', async () => {
      // INV-LIMITED has 4 licences: luc_admin, super_user and nina.reporter hold three.
      const second = await call(server, USERS, { ...json('POST', newUser('second.licence', { inventoryIds: ['INV-LIMITED'] })), cookie: admin });
      expect(second.status).toBe(201);
      const third = await call(server, USERS, { ...json('POST', newUser('third.licence', { inventoryIds: ['INV-LIMITED'] })), cookie: admin });
      expect(third.status).toBe(409);
      expect(third.json).toEqual({ error: 'Conflict', message: NO_LICENCE, fields: { inventoryIds: NO_LICENCE } });
      // A deactivated user frees their licence; activating them again needs one.
      expect((await call(server, `${USERS}/${second.json.id}/deactivate`, { ...json('POST'), cookie: admin })).json.active).toBe(false);
      expect((await call(server, USERS, { ...json('POST', newUser('third.licence', { inventoryIds: ['INV-LIMITED'] })), cookie: admin })).status).toBe(201);
      const back = await call(server, `${USERS}/${second.json.id}/activate`, { ...json('POST'), cookie: admin });
      expect(back.status).toBe(409);
      expect(back.json.message).toBe(NO_LICENCE);
      expect((await call(server, `${USERS}/${second.json.id}`, { cookie: admin })).json.active).toBe(false);
    });
  });

  describe('update (PUT v2/admin/users/{id})', () => {
    it('changes names, e-mail, label and type; refuses a taken e-mail and a bad first name, changing nothing', async () => {
      const id = await createUser('editable.user');
      const changed = await call(server, `${USERS}/${id}`, { ...json('PUT', { firstName: 'Edith', lastName: 'Able', email: 'edith@example.com', userLabel: 'Night desk', userType: 'luc_read' }), cookie: admin });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json).toMatchObject({ username: 'editable.user', firstName: 'Edith', lastName: 'Able', email: 'edith@example.com', userLabel: 'Night desk', userType: 'luc_read' });
      const taken = await call(server, `${USERS}/${id}`, { ...json('PUT', { email: 'luc_admin@demo.luc.invalid' }), cookie: admin });
      expect(taken.status).toBe(409);
      expect(taken.json.fields).toEqual({ email: EMAIL_USED });
      const bad = await call(server, `${USERS}/${id}`, { ...json('PUT', { firstName: 'edith', userLabel: 'y'.repeat(31) }), cookie: admin });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ firstName: FIRST_NAME, userLabel: 'Must have at most 30 characters' });
      const promote = await call(server, `${USERS}/${id}`, { ...json('PUT', { userType: 'super_user' }), cookie: admin });
      expect(promote.status).toBe(403);
      expect(promote.json.fields).toEqual({ userType: TYPE_NOT_GRANTABLE });
      expect((await call(server, `${USERS}/${id}`, { cookie: admin })).json).toMatchObject({ firstName: 'Edith', email: 'edith@example.com', userType: 'luc_read' });
    });

    it('keeps the username as created', async () => {
      const id = await createUser('fixed.name');
      const answer = await call(server, `${USERS}/${id}`, { ...json('PUT', { username: 'other.name' }), cookie: admin });
      expect(answer.status).toBe(400);
      expect(answer.json.fields).toEqual({ username: INVALID_FIELD });
    });

    it('replaces the inventories the caller administers, leaves the groups of those left and keeps another tenant’s', async () => {
      const id = await createUser('moving.user', { inventoryIds: ['INV-NEWS'] });
      await server.store.users.addToGroups(id, ['G-NEWS-NATIONAL', 'G-FOREIGN']);
      const moved = await call(server, `${USERS}/${id}`, { ...json('PUT', { inventoryIds: ['INV-SPORTS'] }), cookie: admin });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.inventories).toEqual([{ id: 'INV-SPORTS', name: 'Sports' }]);
      expect(moved.json.groups).toEqual([]);
      // luc_admin does not administer INV-FOREIGN: the user is still there, in its group.
      expect(await server.store.users.inventoryIdsOfUser(id)).toEqual(['INV-FOREIGN', 'INV-SPORTS']);
      expect(await server.store.users.groupIds(id)).toEqual(['G-FOREIGN']);
      const empty = await call(server, `${USERS}/${id}`, { ...json('PUT', { inventoryIds: [] }), cookie: superUser });
      expect(empty.json.fields).toEqual({ inventoryIds: INVENTORY_REQUIRED });
      const sso = await call(server, `${USERS}/${id}`, { ...json('PUT', { inventoryIds: ['INV-SPORTS', 'INV-SSO'] }), cookie: admin });
      expect(sso.status).toBe(400);
      expect(sso.json.fields).toEqual({ inventoryIds: EXTERNAL_IDENTITY });
      const foreign = await call(server, `${USERS}/${id}`, { ...json('PUT', { inventoryIds: ['INV-FOREIGN-2'] }), cookie: admin });
      expect(foreign.status).toBe(404);
    });

    it('sets a new password: the user’s sessions end and the new password signs in', async () => {
      const id = await createUser('reset.me');
      const cookie = await signIn(server, 'reset.me', PASSWORD);
      const bad = await call(server, `${USERS}/${id}`, { ...json('PUT', { password: 'Other-Passw0rd', passwordConfirmation: 'Other-Passw0rd?' }), cookie: admin });
      expect(bad.json.fields).toEqual({ passwordConfirmation: PASSWORDS_DIFFER });
      const reset = await call(server, `${USERS}/${id}`, { ...json('PUT', { password: 'Other-Passw0rd', passwordConfirmation: 'Other-Passw0rd' }), cookie: admin });
      expect(reset.status).toBe(200);
      expect((await call(server, 'users/fetch_current_user_details', { cookie })).status).toBe(401);
      expect((await call(server, 'auth/login', { body: { username: 'reset.me', password: PASSWORD } })).status).toBe(401);
      await signIn(server, 'reset.me', 'Other-Passw0rd');
    });

    it('refuses to change an SSO user (the not-allowed popover’s text), whoever asks', async () => {
      for (const cookie of [admin, superUser]) {
        const answer = await call(server, `${USERS}/USR-SSO`, { ...json('PUT', { userLabel: 'x' }), cookie });
        expect(answer.status).toBe(403);
        expect(answer.json.message).toBe(SSO_NOT_EDITABLE);
        expect((await call(server, `${USERS}/USR-SSO/deactivate`, { ...json('POST'), cookie })).json.message).toBe(SSO_NOT_EDITABLE);
        expect((await call(server, `${USERS}/USR-SSO`, { ...json('DELETE'), cookie })).json.message).toBe(SSO_NOT_EDITABLE);
      }
      expect((await call(server, `${USERS}/USR-SSO`, { cookie: admin })).json.sso).toBe(true);
    });

    it('lets only a super user change a super user or staff account', async () => {
      const answer = await call(server, `${USERS}/USR-SUPER_USER`, { ...json('PUT', { userLabel: 'taken over' }), cookie: admin });
      expect(answer.status).toBe(403);
      expect(answer.json.message).toBe(PROTECTED_ACCOUNT);
      expect((await call(server, `${USERS}/USR-STAFF/deactivate`, { ...json('POST'), cookie: admin })).json.message).toBe(PROTECTED_ACCOUNT);
      expect((await call(server, `${USERS}/USR-STAFF`, { ...json('PUT', { userLabel: 'Support' }), cookie: superUser })).status).toBe(200);
    });
  });

  describe('deactivate, activate, delete', () => {
    it('deactivates: the user’s sessions end, their websockets close, and sign-in is refused; activating lets them back', async () => {
      const id = await createUser('pause.me');
      const cookie = await signIn(server, 'pause.me', PASSWORD);
      const socket = await openSocket(server, cookie);
      const off = await call(server, `${USERS}/${id}/deactivate`, { ...json('POST'), cookie: admin });
      expect(off.status).toBe(200);
      expect(off.json.active).toBe(false);
      expect(await socket.closed).toBe(4401);
      expect((await call(server, 'users/fetch_current_user_details', { cookie })).status).toBe(401);
      const refused = await call(server, 'auth/login', { body: { username: 'pause.me', password: PASSWORD } });
      expect(refused.json).toEqual({ error: 'Unauthorized', message: SIGN_IN_FAILED });
      expect((await call(server, `${USERS}/${id}/activate`, { ...json('POST'), cookie: admin })).json.active).toBe(true);
      await signIn(server, 'pause.me', PASSWORD);
    });

    it('deletes: sessions end, websockets close, the user is gone; one’s own account cannot be deactivated or deleted', async () => {
      const id = await createUser('delete.me');
      const cookie = await signIn(server, 'delete.me', PASSWORD);
      const socket = await openSocket(server, cookie);
      const gone = await call(server, `${USERS}/${id}`, { ...json('DELETE'), cookie: admin });
      expect(gone.json).toEqual({ removed: 1 });
      expect(await socket.closed).toBe(4401);
      expect((await call(server, 'users/fetch_current_user_details', { cookie })).status).toBe(401);
      expect((await call(server, `${USERS}/${id}`, { cookie: admin })).status).toBe(404);
      const self = await call(server, `${USERS}/USR-LUC_ADMIN`, { ...json('DELETE'), cookie: admin });
      expect(self.status).toBe(403);
      expect(self.json.message).toBe('You cannot delete your own account');
      expect((await call(server, `${USERS}/USR-LUC_ADMIN/deactivate`, { ...json('POST'), cookie: admin })).json.message).toBe('You cannot deactivate your own account');
    });
  });

  describe('the role matrix (spec 002 §2: /users for the admin set), own and foreign inventory', () => {
    it.each(USER_TYPES.map((type) => [type]))('%s may do each call only when the permissions table says so', async (type) => {
      const cookie = cookies.get(type) ?? '';
      const allowed = may([type], 'users.admin');
      const expectRefusedOr = (answer: { status: number; json: { message?: string } }, status: number) => {
        expect(answer.status).toBe(allowed ? status : 403);
        if (!allowed) expect(answer.json.message).toBe(NOT_ALLOWED);
      };
      expectRefusedOr(await call(server, USERS, { cookie }), 200);
      expectRefusedOr(await call(server, `${USERS}/USR-LUC_FREELANCER`, { cookie }), 200);
      const username = `matrix.${type}`;
      const created = await call(server, USERS, { ...json('POST', newUser(username)), cookie });
      expectRefusedOr(created, 201);
      // Refused callers act on a user made for them by the super user, so every call is tried.
      const id = allowed ? created.json.id : await createUser(username);
      expectRefusedOr(await call(server, `${USERS}/${id}`, { ...json('PUT', { userLabel: 'Matrix' }), cookie }), 200);
      expectRefusedOr(await call(server, `${USERS}/${id}/deactivate`, { ...json('POST'), cookie }), 200);
      expectRefusedOr(await call(server, `${USERS}/${id}/activate`, { ...json('POST'), cookie }), 200);
      expectRefusedOr(await call(server, `${USERS}/${id}`, { ...json('DELETE'), cookie }), 200);
      // Another broadcaster's user is never reached: 404 as an unknown one (the scope is checked
      // before the access). A super user administers every user: not tried here.
      if (type === 'super_user') return;
      for (const [method, path] of [['GET', `${USERS}/USR-FOREIGN-OPERATOR`], ['PUT', `${USERS}/USR-FOREIGN-OPERATOR`], ['POST', `${USERS}/USR-FOREIGN-OPERATOR/deactivate`], ['DELETE', `${USERS}/USR-FOREIGN-OPERATOR`]] as const) {
        const answer = await call(server, path, { ...json(method, method === 'PUT' ? { userLabel: 'x' } : undefined), cookie });
        expect(answer.status, `${type} ${method} ${path}`).toBe(404);
      }
    });

    it('the foreign administrator reaches only their own tenant’s users', async () => {
      expect((await call(server, `${USERS}/USR-FOREIGN-OPERATOR`, { ...json('PUT', { userLabel: 'Desk 9' }), cookie: outsider })).status).toBe(200);
      for (const id of ['USR-LUC_REGULAR', 'USR-SSO', 'USR-NOPE']) {
        expect((await call(server, `${USERS}/${id}`, { ...json('PUT', { userLabel: 'x' }), cookie: outsider })).status).toBe(404);
      }
      const created = await call(server, USERS, { ...json('POST', newUser('foreign.new', { inventoryIds: ['INV-NEWS'] })), cookie: outsider });
      expect(created.status).toBe(404);
      expect(created.json.fields).toEqual({ inventoryIds: "Inventory 'INV-NEWS' not found" });
    });
  });

  /** Creates a user as the super user; returns the id. */
  async function createUser(username: string, changes: Record<string, unknown> = {}): Promise<string> {
    const created = await call(server, USERS, { ...json('POST', newUser(username, changes)), cookie: superUser });
    if (created.status !== 201) throw new Error(`create ${username}: ${created.status} ${created.text}`);
    return created.json.id as string;
  }
});
