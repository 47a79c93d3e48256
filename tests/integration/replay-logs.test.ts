/**
 * GET v2/replay/logs and v2/replay/logs/{name} (issue 6 item 3) on the real server: the listing
 * (LUC_RECORD, LUC_LOG_DIR, fixtures), streaming one log, path traversal refused, super user only.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../src/server/areas/replayLogs/logs.ts';
import { parseLogText } from '../../src/protocol/logFormat.ts';
import { call, signIn, startServer, tempDir } from './server-harness.ts';
import type { TestServer } from './server-harness.ts';

const folder = tempDir();
const logDir = join(folder.dir, 'logs');
const recordFile = join(folder.dir, 'live-record.ndjson');
const HEADER = '{"format":"luc-fleet-log","version":1,"recordedAt":"2025-11-21T04:40:00.000Z"}\n';
let server: TestServer;
let superUser: string;
const saved = { logDir: process.env['LUC_LOG_DIR'], record: process.env['LUC_RECORD'] };

beforeAll(async () => {
  mkdirSync(logDir);
  writeFileSync(join(logDir, 'incident-42.ndjson'), HEADER);
  writeFileSync(join(logDir, 'notes.txt'), 'not a log');
  mkdirSync(join(logDir, 'folder.ndjson')); // a folder is not a log
  writeFileSync(recordFile, `${HEADER}{"seq":1,"ts":1763700000000,"kind":"unit.removed","id":"U1","rev":2,"data":{}}\n`);
  writeFileSync(join(folder.dir, 'secret.ndjson'), 'outside the log folder');
  // The area reads LUC_LOG_DIR and LUC_RECORD when the app is built (as main.ts's parseConfig does).
  process.env['LUC_LOG_DIR'] = logDir;
  process.env['LUC_RECORD'] = recordFile;
  server = await startServer({ dbFile: join(folder.dir, 'luc.db') });
  superUser = await signIn(server, 'super_user');
});

afterAll(async () => {
  await server.close();
  folder.cleanup();
  for (const [key, value] of [['LUC_LOG_DIR', saved.logDir], ['LUC_RECORD', saved.record]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('GET v2/replay/logs', () => {
  it('lists the recording, the *.ndjson files of LUC_LOG_DIR and the fixtures, with size and modified time', async () => {
    const result = await call(server, 'v2/replay/logs', { cookie: superUser });
    expect(result.status).toBe(200);
    const names = (result.json as Array<{ name: string }>).map((log) => log.name);
    expect(names.slice(0, 2)).toEqual(['live-record.ndjson', 'incident-42.ndjson']);
    expect(names).toEqual(expect.arrayContaining(['reconnect-storm.ndjson', 'region-coverage-loss.ndjson']));
    expect(names).not.toContain('notes.txt');
    expect(names).not.toContain('folder.ndjson');
    expect(names).not.toContain('secret.ndjson');
    const storm = (result.json as Array<Record<string, unknown>>).find((log) => log.name === 'reconnect-storm.ndjson');
    expect(storm).toEqual({
      name: 'reconnect-storm.ndjson',
      size: statSync(join(FIXTURES_DIR, 'reconnect-storm.ndjson')).size,
      modified: statSync(join(FIXTURES_DIR, 'reconnect-storm.ndjson')).mtime.toISOString(),
      source: 'fixtures',
    });
  });

  it.each(['luc_admin', 'staff', 'luc_media_group_admin'])('refuses %s with 403', async (user) => {
    const cookie = await signIn(server, user);
    expect((await call(server, 'v2/replay/logs', { cookie })).status).toBe(403);
    expect((await call(server, 'v2/replay/logs/reconnect-storm.ndjson', { cookie })).status).toBe(403);
  });

  it('refuses a caller without a session with 401', async () => {
    expect((await call(server, 'v2/replay/logs')).status).toBe(401);
  });
});

describe('GET v2/replay/logs/{name}', () => {
  it('streams a fixture byte for byte as NDJSON that parses as a log', async () => {
    const result = await call(server, 'v2/replay/logs/reconnect-storm.ndjson', { cookie: superUser });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(result.text).toBe(readFileSync(join(FIXTURES_DIR, 'reconnect-storm.ndjson'), 'utf8'));
    expect(parseLogText(result.text).events).toHaveLength(1439);
  });

  it('streams the current recording and a log of LUC_LOG_DIR', async () => {
    expect((await call(server, 'v2/replay/logs/live-record.ndjson', { cookie: superUser })).text).toBe(readFileSync(recordFile, 'utf8'));
    expect((await call(server, 'v2/replay/logs/incident-42.ndjson', { cookie: superUser })).text).toBe(HEADER);
  });

  it.each([
    ['..%2Fsecret.ndjson'],
    ['%2E%2E%2Fsecret.ndjson'],
    ['..%2F..%2F..%2Fetc%2Fpasswd'],
    [encodeURIComponent(join(folder.dir, 'secret.ndjson'))],
    ['notes.txt'],
    ['folder.ndjson'],
    ['missing.ndjson'],
  ])('answers 404 for %s (only names of the listing are served)', async (name) => {
    const result = await call(server, `v2/replay/logs/${name}`, { cookie: superUser });
    expect(result.status).toBe(404);
    expect(result.text).not.toContain('outside the log folder');
  });

  it('refuses a name longer than 255 characters with 400', async () => {
    expect((await call(server, `v2/replay/logs/${'a'.repeat(256)}`, { cookie: superUser })).status).toBe(400);
  });
});
