import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { MIGRATIONS } from '../../src/server/store/migrations.ts';
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
      const unitsBefore = first.store.units.all().map((u) => u.uid);
      expect(first.store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      await first.close();

      const second = await startServer({ dbFile, units: 30 });
      try {
        expect(second.store.users.count()).toBe(14);
        expect(second.store.units.all().map((u) => u.uid)).toEqual(unitsBefore);
        // the old session survives the restart (sessions are stored, not in memory)
        expect((await call(second, 'userPreferences/vue', { cookie })).json.currentRoute).toBe('/multiview');
        const again = await signIn(second, 'luc_admin');
        expect((await call(second, 'users/fetch_current_user_details', { cookie: again })).json.lastName).toBe('Lovelace');
        const versions = second.store.db.prepare('SELECT version FROM schema_version').all();
        expect(versions).toEqual(MIGRATIONS.map((m) => ({ version: m.version }))); // each applied once, none again
      } finally {
        await second.close();
      }
    } finally {
      tmp.cleanup();
    }
  });
});
