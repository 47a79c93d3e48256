/**
 * Sign-in limits shared by two app instances on ONE database (issue 18 item 4): the per-address-and-
 * username /login limit (10 a minute, @fastify/rate-limit counting in the store) and the failed
 * sign-ins per address (30 a minute, 5 here) hold across instances, with the same answers (429,
 * Retry-After, the existing texts). On SQLite (one file, two connections) always, and on
 * PostgreSQL (a throwaway cluster, tests/integration/postgres.ts) when its binaries are here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { openStore } from '../../src/server/store/database.ts';
import type { Store } from '../../src/server/store/store.ts';
import { CONSOLE_APPLICATION_ID } from '../../src/server/areas/clientApplications/repo.ts';
import { LOGIN_RATE_PER_MINUTE } from '../../src/server/http/security.ts';
import { findPostgres, startPostgres, type PostgresCluster } from './postgres.ts';
import { tempDir } from './server-harness.ts';

const LOGIN = '/luc/luc-core-web/rest/auth/login';
/** Each failed sign-in verifies a password (scrypt, ~40 ms alone, far more on a busy machine). */
const TEST_TIMEOUT_MS = 120_000;

interface Instance {
  built: BuiltApp;
  store: Store;
}

async function instance(target: string, settings: { signInFailuresPerAddress?: number; loginRatePerMinute?: number } = {}): Promise<Instance> {
  const store = await openStore(target);
  const built = await buildApp({ store, logLevel: 'silent', settings: { distDir: '/nonexistent', ...settings } });
  return { built, store };
}

async function login(on: Instance, username: string, password: string, ip = '10.1.2.3') {
  const response = await on.built.app.inject({
    method: 'POST',
    url: LOGIN,
    headers: { 'application-id': CONSOLE_APPLICATION_ID, 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
    remoteAddress: ip,
  });
  return { status: response.statusCode, json: response.json() as { error?: string; message?: string }, retryAfter: response.headers['retry-after'] };
}

function sharedLimits(open: () => Promise<string>): void {
  let target: string;
  const instances: Instance[] = [];
  beforeAll(async () => {
    target = await open();
  }, 120_000);
  afterAll(async () => {
    for (const { built, store } of instances.splice(0)) {
      await built.app.close();
      await store.close();
    }
  });
  const two = async (settings: Parameters<typeof instance>[1] = {}): Promise<[Instance, Instance]> => {
    const a = await instance(target, settings);
    const b = await instance(target, settings);
    instances.push(a, b);
    return [a, b];
  };

  it(`counts /login attempts per address and username on both instances: ${LOGIN_RATE_PER_MINUTE} a minute in all, then 429 on either`, async () => {
    const [a, b] = await two({ signInFailuresPerAddress: 1_000 });
    for (let i = 1; i <= LOGIN_RATE_PER_MINUTE; i += 1) {
      const on = i % 2 === 0 ? a : b;
      expect((await login(on, 'someone', 'wrong-Passw0rd')).status).toBe(401);
    }
    for (const on of [a, b]) {
      const refused = await login(on, 'someone', 'wrong-Passw0rd');
      expect(refused.status).toBe(429);
      expect(refused.json.error).toBe('Too Many Requests');
      expect(refused.json.message).toMatch(/^Too many sign-in attempts; retry in /);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Another username and another address are counted apart.
    expect((await login(a, 'someone-else', 'wrong-Passw0rd')).status).toBe(401);
    expect((await login(b, 'someone', 'wrong-Passw0rd', '10.9.9.9')).status).toBe(401);
  }, TEST_TIMEOUT_MS);

  it('counts failed sign-ins per address across usernames on both instances (5 here), then 429 naming the wait', async () => {
    const [a, b] = await two({ signInFailuresPerAddress: 5, loginRatePerMinute: 1_000 });
    const ip = '10.4.4.4';
    for (const [i, username] of ['u1', 'u2', 'u3', 'u4', 'u5'].entries()) {
      expect((await login(i % 2 === 0 ? a : b, username, 'wrong-Passw0rd', ip)).status).toBe(401);
    }
    for (const on of [a, b]) {
      const refused = await login(on, 'u6', 'wrong-Passw0rd', ip);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(/^Too many failed sign-ins from this address; retry in \d+ seconds$/);
    }
    expect((await login(b, 'u6', 'wrong-Passw0rd', '10.4.4.5')).status).toBe(401);
  }, TEST_TIMEOUT_MS);

  it('purges failures and windows once they left the minute', async () => {
    const store = instances[0]?.store;
    if (store === undefined) throw new Error('no instance');
    const later = Date.now() + 61_000;
    expect(await store.signInLimits.purge(later - 60_000, later)).toBeGreaterThan(0);
    expect(await store.signInLimits.recentFailures('10.4.4.4', 0, 100)).toEqual([]);
  });
}

describe('shared sign-in limits on SQLite (two instances, one file)', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  sharedLimits(async () => join(tmp.dir, 'luc.db'));
});

const postgres = findPostgres();
describe.skipIf(!postgres.available)(`shared sign-in limits on PostgreSQL (two instances, one database)${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`, () => {
  let cluster: PostgresCluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  sharedLimits(async () => {
    if (!postgres.available) throw new Error('unreachable');
    cluster = await startPostgres(postgres);
    return cluster.createDatabase();
  });
});
