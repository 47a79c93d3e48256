/**
 * A store suite run on both engines: on SQLite in memory, then on a throwaway PostgreSQL cluster
 * (skipped, and said so in the suite's name and on the console, when PostgreSQL cannot start
 * here). `contract` declares the suite's tests; `open` gives it a fresh migrated store.
 * Also the stored user these suites sign their rows with.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openStore } from '../../src/server/store/database.ts';
import type { Store } from '../../src/server/store/store.ts';
import type { NewUser, PasswordHash } from '../../src/server/areas/users/repo.ts';
import { findPostgres, startPostgres, type PostgresCluster } from './postgres.ts';

export type Engine = 'sqlite' | 'postgres';

export function describeOnBothEngines(subject: string, contract: (open: () => Promise<Store>, engine: Engine) => void): void {
  describe(`${subject} on SQLite`, () => {
    contract(() => openStore(':memory:'), 'sqlite');
  });

  const postgres = findPostgres();
  if (!postgres.available) console.warn(`${subject} on PostgreSQL skipped: ${postgres.reason}`);

  describe.skipIf(!postgres.available)(`${subject} on PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`, () => {
    let cluster: PostgresCluster | undefined;
    beforeAll(async () => {
      if (postgres.available) cluster = await startPostgres(postgres);
    }, 120_000);
    afterAll(async () => {
      await cluster?.stop();
    });
    contract(async () => {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
      return openStore(await cluster.createDatabase());
    }, 'postgres');
  });
}

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
