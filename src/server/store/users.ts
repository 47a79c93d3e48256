import type Database from 'better-sqlite3';
import { isUniqueViolation, parseJsonColumn } from './db.ts';

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

interface Row {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  user_label: string;
  user_type: string;
  active: number;
  sso: number;
  is_demo: number;
  password_hash: string;
  password_salt: string;
  password_params_json: string;
  password_changed_at: number;
  password_expires_at: number | null;
  force_password_change: number;
  created_at: number;
}

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
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly byNameStmt;
  private readonly groupIdsStmt;
  private readonly addGroupStmt;
  private readonly setPasswordStmt;
  private readonly updateStmt;
  private readonly countStmt;
  private readonly demoStmt;

  constructor(private readonly db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO users (id, username, first_name, last_name, email, user_label, user_type, active, sso, is_demo,
         password_hash, password_salt, password_params_json, password_changed_at, password_expires_at,
         force_password_change, created_at)
       VALUES (@id, @username, @firstName, @lastName, @email, @userLabel, @userType, @active, @sso, @isDemo,
         @hash, @salt, @params, @passwordChangedAt, @passwordExpiresAt, @forcePasswordChange, @createdAt)`,
    );
    this.byIdStmt = db.prepare<[string], Row>('SELECT * FROM users WHERE id = ?');
    this.byNameStmt = db.prepare<[string], Row>('SELECT * FROM users WHERE username = ?');
    this.groupIdsStmt = db.prepare<[string], { group_id: string }>(
      'SELECT group_id FROM user_groups WHERE user_id = ? ORDER BY group_id',
    );
    this.addGroupStmt = db.prepare('INSERT OR IGNORE INTO user_groups (user_id, group_id) VALUES (?, ?)');
    this.setPasswordStmt = db.prepare(
      `UPDATE users SET password_hash = @hash, password_salt = @salt, password_params_json = @params,
         password_changed_at = @changedAt, password_expires_at = @expiresAt WHERE id = @id`,
    );
    this.updateStmt = db.prepare(
      `UPDATE users SET first_name = @firstName, last_name = @lastName, email = @email, user_label = @userLabel
       WHERE id = @id`,
    );
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users');
    this.demoStmt = db.prepare<[], Row>('SELECT * FROM users WHERE is_demo = 1 ORDER BY username');
  }

  insert(user: NewUser, groupIds: readonly string[] = []): void {
    const { password, ...rest } = user;
    this.db.transaction(() => {
      this.insertStmt.run({
        ...rest,
        active: rest.active ? 1 : 0,
        sso: rest.sso ? 1 : 0,
        isDemo: rest.isDemo ? 1 : 0,
        forcePasswordChange: rest.forcePasswordChange ? 1 : 0,
        hash: password.hash,
        salt: password.salt,
        params: JSON.stringify(password.params),
      });
      for (const g of groupIds) this.addGroupStmt.run(user.id, g);
    })();
  }

  get(id: string): User | undefined {
    const row = this.byIdStmt.get(id);
    return row && toUser(row);
  }

  /** The user and stored hash for sign-in; usernames compare without case. */
  credentials(username: string): { user: User; password: PasswordHash } | undefined {
    const row = this.byNameStmt.get(username);
    return row && { user: toUser(row), password: toHash(row) };
  }

  groupIds(userId: string): string[] {
    return this.groupIdsStmt.all(userId).map((r) => r.group_id);
  }

  addToGroups(userId: string, groupIds: readonly string[]): void {
    this.db.transaction(() => {
      for (const g of groupIds) this.addGroupStmt.run(userId, g);
    })();
  }

  setPassword(id: string, password: PasswordHash, changedAt: number, expiresAt: number | null): void {
    this.setPasswordStmt.run({
      id,
      hash: password.hash,
      salt: password.salt,
      params: JSON.stringify(password.params),
      changedAt,
      expiresAt,
    });
  }

  /** Applies the patch in one statement; a taken e-mail changes nothing. */
  updateProfile(id: string, patch: ProfilePatch): ProfileUpdate {
    const current = this.get(id);
    if (!current) return { ok: false, reason: 'not-found' };
    const next = {
      id,
      firstName: patch.firstName ?? current.firstName,
      lastName: patch.lastName ?? current.lastName,
      email: patch.email === undefined ? current.email : patch.email,
      userLabel: patch.userLabel ?? current.userLabel,
    };
    try {
      this.updateStmt.run(next);
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
      throw error;
    }
    const user = this.get(id);
    return user ? { ok: true, user } : { ok: false, reason: 'not-found' };
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  demoUsers(): User[] {
    return this.demoStmt.all().map(toUser);
  }
}
