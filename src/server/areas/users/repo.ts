import type { Selectable } from 'kysely';
import type { UsersTable } from '../../store/schema.ts';
import { asciiLower, constraintKind, inTransaction, lowerOf, parseJsonColumn, refusable, toFlag, type Db } from '../../store/queries.ts';

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

  /** Inserts the user and their group memberships in one transaction. */
  async insert(user: NewUser, groupIds: readonly string[] = []): Promise<void> {
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
