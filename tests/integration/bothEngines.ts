/**
 * A store suite run on both engines: on SQLite in memory, then on a throwaway PostgreSQL cluster
 * (skipped, and said so in the suite's name and on the console, when PostgreSQL cannot start
 * here). `contract` declares the suite's tests; `open` gives it a fresh migrated store.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openStore } from '../../src/server/store/database.ts';
import type { Store } from '../../src/server/store/store.ts';
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
