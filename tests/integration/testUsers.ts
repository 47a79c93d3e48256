/**
 * A stored user for integration tests: an active luc_admin, made the same way wherever a test
 * inserts one (store suites sign their rows with it; the server suites add an administrator of
 * another broadcaster with their own name and a real password hash).
 */
import type { NewUser, PasswordHash } from '../../src/server/areas/users/repo.ts';

/** A password hash as the users repository stores it (the store does not check it). */
export const TEST_PASSWORD_HASH: PasswordHash = { hash: 'ab', salt: 'cd', params: { algorithm: 'scrypt', N: 16384, r: 8, p: 1, keyLength: 64 } };

/** An active luc_admin named after `id`, created at `now`. */
export function testUser(id: string, now: number): NewUser {
  return {
    id,
    username: id.toLowerCase(),
    firstName: 'First',
    lastName: 'Last',
    email: null,
    userLabel: '',
    userType: 'luc_admin',
    active: true,
    sso: false,
    isDemo: false,
    password: TEST_PASSWORD_HASH,
    passwordChangedAt: now,
    passwordExpiresAt: null,
    forcePasswordChange: false,
    createdAt: now,
  };
}
