import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../../store/schema.ts';
import { asciiLower, constraintKind, containsText, inTransaction, lowerOf, parseJsonColumn, refusable, toFlag, type Db } from '../../store/queries.ts';
import type { PageRequest, Ref } from '../../../protocol/rest/common.ts';
import type { UserRow, UserSearchKey, UserSortKey } from '../../../protocol/rest/users.ts';

/** The stored form of a password (see auth/password.ts): never the password itself. */
export interface PasswordHash {
  hash: string; // hex
  salt: string; // hex
  params: ScryptParams;
}

export interface ScryptParams {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** A user without credentials: safe to hand to route code. */
export interface User {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  userLabel: string;
  userType: string;
  active: boolean;
  sso: boolean;
  isDemo: boolean;
  passwordChangedAt: number;
  passwordExpiresAt: number | null;
  forcePasswordChange: boolean;
  createdAt: number;
}

export interface NewUser extends Omit<User, 'passwordChangedAt'> {
  password: PasswordHash;
  passwordChangedAt: number;
}

/** Fields a user may change on their own account (users/update_current_user). */
export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  userLabel?: string;
}

export type ProfileUpdate = { ok: true; user: User } | { ok: false; reason: 'not-found' | 'email-taken' };

/** Which users a listing covers: those of these inventories (null: every user). */
export interface UserListing extends PageRequest<UserSearchKey, UserSortKey> {
  inventoryIds: readonly string[] | null;
}

/** Account fields an administrator changes (v2/admin/users/{id}); absent fields stay as stored. */
export interface AccountPatch {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  userLabel?: string;
  userType?: string;
  forcePasswordChange?: boolean;
}

/** An inventory as admitting a user to it sees it (identity provider, licences, active users). */
export interface InventoryAdmission {
  id: string;
  name: string;
  /** '' = the console's own sign-in. */
  identityProvider: string;
  /** null = no limit. */
  userLicences: number | null;
  activeUsers: number;
}

/** A user's contact details as stored (texts '' when not given). */
export interface StoredContact {
  phone: string;
  company: string;
  address: string;
  updatedAt: number;
}

const SEARCH_COLUMNS: Record<Exclude<UserSearchKey, 'name'>, string> = { username: 'u.username', email: 'u.email', userType: 'u.user_type' };
const SORT_COLUMNS: Record<Exclude<UserSortKey, 'name' | 'createdAt' | 'email'>, string> = { username: 'u.username', userType: 'u.user_type' };

/** First and last name together ("Ada Lovelace") contain the text, without case; `%`, `_`, `\\` match themselves. */
function fullNameContains(value: string) {
  const pattern = `%${asciiLower(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}) like ${pattern} escape '\\'`;
}

type Row = Selectable<UsersTable>;

const toUser = (r: Row): User => ({
  id: r.id,
  username: r.username,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  userLabel: r.user_label,
  userType: r.user_type,
  active: r.active === 1,
  sso: r.sso === 1,
  isDemo: r.is_demo === 1,
  passwordChangedAt: r.password_changed_at,
  passwordExpiresAt: r.password_expires_at,
  forcePasswordChange: r.force_password_change === 1,
  createdAt: r.created_at,
});

const toHash = (r: Row): PasswordHash => ({
  hash: r.password_hash,
  salt: r.password_salt,
  params: parseJsonColumn<ScryptParams>(r.password_params_json, { algorithm: 'scrypt', N: 0, r: 0, p: 0, keyLength: 0 }),
});

export class UserRepo {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the user, their group memberships (and so those groups' inventories) and their other
   * inventories in one transaction.
   */
  async insert(user: NewUser, groupIds: readonly string[] = [], inventoryIds: readonly string[] = []): Promise<void> {
    await inTransaction(this.db, async (db) => {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          username: user.username,
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          user_label: user.userLabel,
          user_type: user.userType,
          active: toFlag(user.active),
          sso: toFlag(user.sso),
          is_demo: toFlag(user.isDemo),
          password_hash: user.password.hash,
          password_salt: user.password.salt,
          password_params_json: JSON.stringify(user.password.params),
          password_changed_at: user.passwordChangedAt,
          password_expires_at: user.passwordExpiresAt,
          force_password_change: toFlag(user.forcePasswordChange),
          created_at: user.createdAt,
        })
        .execute();
      await addInventories(db, user.id, inventoryIds);
      await addGroups(db, user.id, groupIds);
    });
  }

  async get(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  /** The user and stored hash for sign-in; usernames compare without case. */
  async credentials(username: string): Promise<{ user: User; password: PasswordHash } | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where(lowerOf('username'), '=', asciiLower(username)).executeTakeFirst();
    return row && { user: toUser(row), password: toHash(row) };
  }

  async groupIds(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute();
    return rows.map((r) => r.group_id);
  }

  /**
   * The user's inventories (spec 002 §3 User "inventories"), each once: the ones the user belongs to
   * and those of their groups (joining a group puts the user in its inventory too, see addGroups).
   */
  async inventoryIdsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_inventories')
      .select('inventory_id')
      .where('user_id', '=', userId)
      .union(
        this.db
          .selectFrom('user_groups as ug')
          .innerJoin('groups as g', 'g.id', 'ug.group_id')
          .select('g.inventory_id')
          .where('ug.user_id', '=', userId),
      )
      .orderBy('inventory_id')
      .execute();
    return rows.map((r) => r.inventory_id);
  }

  /** Takes the user out of one group (their inventories stay). */
  async removeFromGroup(userId: string, groupId: string): Promise<void> {
    await this.db.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', '=', groupId).execute();
  }

  /** Adds memberships in one transaction; memberships the user already has are kept as they are. */
  async addToGroups(userId: string, groupIds: readonly string[]): Promise<void> {
    await inTransaction(this.db, (db) => addGroups(db, userId, groupIds));
  }

  async setPassword(id: string, password: PasswordHash, changedAt: number, expiresAt: number | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: password.hash,
        password_salt: password.salt,
        password_params_json: JSON.stringify(password.params),
        password_changed_at: changedAt,
        password_expires_at: expiresAt,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Applies the patch in one statement; a taken e-mail (compared without case) changes nothing. */
  async updateProfile(id: string, patch: ProfilePatch): Promise<ProfileUpdate> {
    const current = await this.get(id);
    if (!current) return { ok: false, reason: 'not-found' };
    try {
      await refusable(this.db, (db) =>
        db
          .updateTable('users')
          .set({
            first_name: patch.firstName ?? current.firstName,
            last_name: patch.lastName ?? current.lastName,
            email: patch.email === undefined ? current.email : patch.email,
            user_label: patch.userLabel ?? current.userLabel,
          })
          .where('id', '=', id)
          .execute(),
      );
    } catch (error) {
      if (constraintKind(error) === 'unique') return { ok: false, reason: 'email-taken' };
      throw error;
    }
    const user = await this.get(id);
    return user ? { ok: true, user } : { ok: false, reason: 'not-found' };
  }

  // ── Administration (the users area: v2/admin/users) ─────────────────────────────────────────

  /**
   * One page of users, searched without case (username, e-mail, user type, or first and last name
   * together), sorted (texts without case), then by id. `inventoryIds` limits the listing to users
   * of those inventories (null: every user).
   */
  async page(listing: UserListing, visibleInventoryIds: readonly string[] | null = null): Promise<{ total: number; items: UserRow[] }> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.db.selectFrom('users as u');
    if (listing.inventoryIds !== null) {
      const ids = [...listing.inventoryIds];
      query = query.where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('user_inventories as ui').select('ui.user_id').whereRef('ui.user_id', '=', 'u.id').where('ui.inventory_id', 'in', ids)),
          eb.exists(
            eb
              .selectFrom('user_groups as ug')
              .innerJoin('groups as g', 'g.id', 'ug.group_id')
              .select('ug.user_id')
              .whereRef('ug.user_id', '=', 'u.id')
              .where('g.inventory_id', 'in', ids),
          ),
        ]),
      );
    }
    if (listing.searchValue !== '') {
      query = query.where(listing.searchKey === 'name' ? fullNameContains(listing.searchValue) : containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue));
    }
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const direction = listing.sortDir;
    const sorted =
      listing.sortBy === 'name'
        ? query.orderBy(lowerOf('u.first_name'), direction).orderBy(lowerOf('u.last_name'), direction)
        : listing.sortBy === 'createdAt'
          ? query.orderBy('u.created_at', direction)
          : listing.sortBy === 'email'
            ? query.orderBy(sql`lower(coalesce(${sql.ref('u.email')}, ''))`, direction) // no e-mail sorts as '' on both engines
            : query.orderBy(lowerOf(SORT_COLUMNS[listing.sortBy]), direction);
    const rows = await sorted.selectAll('u').orderBy(lowerOf('u.username')).orderBy('u.id').limit(listing.limit).offset(listing.offset).execute();
    return { total: Number(total?.n ?? 0), items: await this.withMemberships(rows.map(toUser), visibleInventoryIds) };
  }

  /** The admin row of one user, with their inventories and groups among `visibleInventoryIds` (null: all). */
  async row(id: string, visibleInventoryIds: readonly string[] | null = null): Promise<UserRow | undefined> {
    const user = await this.get(id);
    return user && (await this.withMemberships([user], visibleInventoryIds))[0];
  }

  /**
   * The rows of these users, with their inventories (their own and their groups') and groups, by
   * name; only those in `visible` inventories (null: all), so an administrator sees nothing of
   * another tenant through a user they share.
   */
  private async withMemberships(users: readonly User[], visible: readonly string[] | null): Promise<UserRow[]> {
    if (users.length === 0) return [];
    const ids = users.map((u) => u.id);
    const [inventories, groups] = await Promise.all([
      this.db
        .selectFrom('user_inventories as ui')
        .innerJoin('inventories as i', 'i.id', 'ui.inventory_id')
        .select(['ui.user_id as userId', 'i.id as id', 'i.name as name'])
        .where('ui.user_id', 'in', ids)
        .union(
          this.db
            .selectFrom('user_groups as ug')
            .innerJoin('groups as g', 'g.id', 'ug.group_id')
            .innerJoin('inventories as i', 'i.id', 'g.inventory_id')
            .select(['ug.user_id as userId', 'i.id as id', 'i.name as name'])
            .where('ug.user_id', 'in', ids),
        )
        .execute(),
      this.db
        .selectFrom('user_groups as ug')
        .innerJoin('groups as g', 'g.id', 'ug.group_id')
        .select(['ug.user_id as userId', 'g.id as id', 'g.name as name', 'g.inventory_id as inventoryId'])
        .where('ug.user_id', 'in', ids)
        .execute(),
    ]);
    const seen = visible === null ? null : new Set(visible);
    const shownInventories = inventories.filter((r) => seen === null || seen.has(r.id));
    const shownGroups = groups.filter((r) => seen === null || seen.has(r.inventoryId));
    const byUser = (rows: readonly { userId: string; id: string; name: string }[], userId: string): Ref[] =>
      rows
        .filter((r) => r.userId === userId)
        .map((r) => ({ id: r.id, name: r.name }))
        .sort((a, b) => asciiLower(a.name).localeCompare(asciiLower(b.name)) || a.id.localeCompare(b.id));
    return users.map((u) => ({
      id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      userLabel: u.userLabel,
      userType: u.userType,
      active: u.active,
      sso: u.sso,
      inventories: byUser(shownInventories, u.id),
      groups: byUser(shownGroups, u.id),
      createdAt: u.createdAt,
    }));
  }

  /** The user whose username (without case) is this one, other than `exceptId`. */
  async usernameTaken(username: string, exceptId: string | null = null): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where(lowerOf('username'), '=', asciiLower(username));
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** True when another user (not `exceptId`) has this e-mail, without case. */
  async emailTaken(email: string, exceptId: string | null = null): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where(lowerOf('email'), '=', asciiLower(email));
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Changes the given account fields; absent fields stay as stored. */
  async updateAccount(id: string, patch: AccountPatch): Promise<void> {
    const set = {
      ...(patch.firstName !== undefined ? { first_name: patch.firstName } : {}),
      ...(patch.lastName !== undefined ? { last_name: patch.lastName } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.userLabel !== undefined ? { user_label: patch.userLabel } : {}),
      ...(patch.userType !== undefined ? { user_type: patch.userType } : {}),
      ...(patch.forcePasswordChange !== undefined ? { force_password_change: toFlag(patch.forcePasswordChange) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await refusable(this.db, (db) => db.updateTable('users').set(set).where('id', '=', id).execute());
  }

  /**
   * Makes `inventoryIds` the user's inventories: the others are left, with the user's groups in
   * them (a member of a group belongs to its inventory); the new ones are added. One transaction.
   */
  async setInventories(userId: string, inventoryIds: readonly string[]): Promise<void> {
    await inTransaction(this.db, async (db) => {
      const keep = [...new Set(inventoryIds)];
      let leaving = db.deleteFrom('user_inventories').where('user_id', '=', userId);
      if (keep.length > 0) leaving = leaving.where('inventory_id', 'not in', keep);
      await leaving.execute();
      let groups = db.deleteFrom('user_groups').where('user_id', '=', userId);
      if (keep.length > 0) groups = groups.where('group_id', 'not in', db.selectFrom('groups').select('id').where('inventory_id', 'in', keep));
      await groups.execute();
      await addInventories(db, userId, keep);
    });
  }

  async setActive(id: string, active: boolean): Promise<void> {
    await this.db.updateTable('users').set({ active: toFlag(active) }).where('id', '=', id).execute();
  }

  /** Deletes the user; sessions, memberships, preferences and contact go with them (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * What admitting a user to these inventories depends on (spec 002 §5, §8): whether each takes
   * its users from an external identity provider, its user licences, and how many active users it
   * holds now, `exceptUserId` not counted. Unknown ids are left out.
   */
  async admissions(inventoryIds: readonly string[], exceptUserId: string | null): Promise<InventoryAdmission[]> {
    if (inventoryIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('inventories as i')
      .select((eb) => [
        'i.id as id',
        'i.name as name',
        'i.identity_provider as identityProvider',
        'i.user_licences as userLicences',
        eb
          .selectFrom('user_inventories as ui')
          .innerJoin('users as u', 'u.id', 'ui.user_id')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('ui.inventory_id', '=', 'i.id')
          .where('u.active', '=', 1)
          .where('u.id', '<>', exceptUserId ?? '')
          .as('activeUsers'),
      ])
      .where('i.id', 'in', [...new Set(inventoryIds)])
      .orderBy('i.id')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, identityProvider: r.identityProvider, userLicences: r.userLicences, activeUsers: Number(r.activeUsers ?? 0) }));
  }

  // ── Contact (the signed-in user's own account: users/contact) ───────────────────────────────

  async contact(userId: string): Promise<StoredContact | undefined> {
    return this.db.selectFrom('user_contacts').select(['phone', 'company', 'address', 'updated_at as updatedAt']).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Inserts or replaces the user's contact details. */
  async saveContact(userId: string, contact: Omit<StoredContact, 'updatedAt'>, now: number): Promise<void> {
    await this.db
      .insertInto('user_contacts')
      .values({ user_id: userId, phone: contact.phone, company: contact.company, address: contact.address, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          phone: eb.ref('excluded.phone'),
          company: eb.ref('excluded.company'),
          address: eb.ref('excluded.address'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The demo users, by username without case. */
  async demoUsers(): Promise<User[]> {
    const rows = await this.db.selectFrom('users').selectAll().where('is_demo', '=', 1).orderBy(lowerOf('username')).orderBy('username').execute();
    return rows.map(toUser);
  }
}

/** The user's inventories (spec 002 §3), each once; rows the user already has are kept. */
async function addInventories(db: Db, userId: string, inventoryIds: readonly string[]): Promise<void> {
  if (inventoryIds.length === 0) return;
  await db
    .insertInto('user_inventories')
    .values([...new Set(inventoryIds)].map((inventoryId) => ({ user_id: userId, inventory_id: inventoryId })))
    .onConflict((oc) => oc.columns(['user_id', 'inventory_id']).doNothing())
    .execute();
}

/** Memberships, and the groups' inventories as the user's inventories (a member of a group belongs to its inventory). */
async function addGroups(db: Db, userId: string, groupIds: readonly string[]): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(groupIds.map((groupId) => ({ user_id: userId, group_id: groupId })))
    .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing())
    .execute();
  await db
    .insertInto('user_inventories')
    .columns(['user_id', 'inventory_id'])
    .expression((eb) => eb.selectFrom('groups').select([eb.val(userId).as('user_id'), 'inventory_id']).where('id', 'in', [...groupIds]).distinct())
    .onConflict((oc) => oc.columns(['user_id', 'inventory_id']).doNothing())
    .execute();
}
