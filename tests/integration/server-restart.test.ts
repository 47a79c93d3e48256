import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { executedMigrations, storeMigrations } from '../../src/server/store/migrations/index.ts';
import { call, signIn, startServer, tempDir } from './server-harness.ts';

describe('data kept across a restart on the same database file', () => {
  it('keeps users, units, preferences and profile changes, and does not seed the demo twice', async () => {
    const tmp = tempDir();
    const dbFile = join(tmp.dir, 'nested', 'luc.db');
    try {
      const first = await startServer({ dbFile, units: 30 });
      expect(existsSync(dbFile)).toBe(true);
      const cookie = await signIn(first, 'luc_admin');
      await call(first, 'userPreferences/vue', { method: 'PUT', cookie, body: { currentRoute: '/multiview' } });
      await call(first, 'users/update_current_user', { cookie, body: { lastName: 'Lovelace' } });
      const unitsBefore = (await first.store.units.all()).map((u) => u.uid);
      expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.store.db)).rows[0]?.journal_mode).toBe('wal');
      await first.close();

      const second = await startServer({ dbFile, units: 30 });
      try {
        expect(await second.store.users.count()).toBe(14);
        expect((await second.store.units.all()).map((u) => u.uid)).toEqual(unitsBefore);
        // the old session survives the restart (sessions are stored, not in memory)
        expect((await call(second, 'userPreferences/vue', { cookie })).json.currentRoute).toBe('/multiview');
        const again = await signIn(second, 'luc_admin');
        expect((await call(second, 'users/fetch_current_user_details', { cookie: again })).json.lastName).toBe('Lovelace');
        // each migration recorded once, none run again
        expect(await executedMigrations(second.store.db)).toEqual(Object.keys(storeMigrations('sqlite')).sort());
      } finally {
        await second.close();
      }
    } finally {
      tmp.cleanup();
    }
  });
});
