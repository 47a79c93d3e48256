/**
 * Starts the real server (buildApp + SQLite file in a temp folder) on an ephemeral port for the
 * server-*.test.ts files, and talks to it with fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type AppDeps, type BuiltApp } from '../../src/server/app.ts';
import type { Store } from '../../src/server/store/store.ts';
import { openStore } from '../../src/server/store/database.ts';
import { seedDemo } from '../../src/server/demo.ts';
import { makeUnitSeeds } from '../../src/server/sim/seeds.ts';
import { CONSOLE_APPLICATION_ID } from '../../src/server/areas/clientApplications/repo.ts';

export const API = '/luc/luc-core-web/rest';
export const APP_ID = CONSOLE_APPLICATION_ID;
export const DEMO_PASSWORD = 'Demo-Passw0rd';

export interface TestServer {
  url: string;
  built: BuiltApp;
  store: Store;
  dbFile: string;
  /** Closes the server and the store (the temp folder stays until `cleanup`). */
  close(): Promise<void>;
}

export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'luc-server-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startServer(
  options: { dbFile: string; units?: number; distDir?: string } & Partial<Omit<AppDeps, 'store'>>,
): Promise<TestServer> {
  const store = await openStore(options.dbFile);
  await seedDemo(store, {
    password: DEMO_PASSWORD,
    unitCount: options.units ?? 20,
    seed: 7,
    makeUnitSeeds,
    now: Date.now(),
  });
  const built = await buildApp({
    logLevel: 'silent',
    ...options,
    settings: { distDir: options.distDir ?? join(options.dbFile, '..', 'no-dist'), ...options.settings },
    store,
  });
  const address = await built.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    built,
    store,
    dbFile: options.dbFile,
    close: async () => {
      await built.app.close();
      await store.close();
    },
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text (sent as is, with content-type application/json unless given). */
  rawBody?: string;
  cookie?: string;
  appId?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

export async function call(server: TestServer, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const appId = options.appId === undefined ? APP_ID : options.appId;
  if (appId !== null) headers['application-id'] = appId;
  if (options.cookie) headers['cookie'] = options.cookie;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${server.url}${path.startsWith('/') ? path : `${API}/${path}`}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Signs in and returns the `name=value` cookie pair to send back. */
export async function signIn(server: TestServer, username: string, password = DEMO_PASSWORD): Promise<string> {
  const result = await call(server, 'auth/login', { body: { username, password } });
  if (result.status !== 200) throw new Error(`sign-in of ${username} failed: ${result.status} ${result.text}`);
  const setCookie = result.headers.get('set-cookie') ?? '';
  const pair = setCookie.split(';')[0];
  if (!pair) throw new Error('no session cookie');
  return pair;
}
