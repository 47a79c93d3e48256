/**
 * The recorded logs the server holds, for the console's Replay page (issue 6 item 3; super user
 * only, like the /replay route: a log may hold any customer's fleet):
 *   GET v2/replay/logs         → [{ name, size, modified, source }]
 *   GET v2/replay/logs/{name}  → the log itself, streamed (application/x-ndjson)
 *
 * The logs: the current LUC_RECORD file (if set and present), every *.ndjson file directly in
 * LUC_LOG_DIR (default ./data/logs), and the committed scenario logs in fixtures/. A name is
 * served only when it is one of the listing's names at the time of the call, so a path
 * (`../x`, `/etc/passwd`, `a%2Fb`) never reaches the file system: unknown names answer 404.
 * A name held by two places is listed once, from the first place in that order.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { replayLogPlaces } from '../config.ts';
import { notFound } from '../http/errors.ts';
import { requireRole } from '../http/guards.ts';
import type { RouteArea } from './area.ts';

export const LOG_EXTENSION = '.ndjson';
/** Longest name accepted in the path (ours; file names are shorter on every file system we serve from). */
export const MAX_LOG_NAME_LENGTH = 255;

export const LOG_SOURCES = ['recording', 'logs', 'fixtures'] as const;
export type LogSourceName = (typeof LOG_SOURCES)[number];

export type ServerLog = {
  readonly name: string;
  /** Bytes. */
  readonly size: number;
  /** ISO time of the last change. */
  readonly modified: string;
  readonly source: LogSourceName;
};

export type ReplayLogPlaces = {
  readonly logDir: string;
  readonly recordFile: string | null;
  readonly fixturesDir: string;
};

/** The repository's fixtures/ folder (src/server/routes → ../../../fixtures). */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

type Found = ServerLog & { readonly path: string };

async function fileEntry(path: string, source: LogSourceName, name = basename(path)): Promise<Found | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { name, size: info.size, modified: info.mtime.toISOString(), source, path };
  } catch {
    return null; // gone or unreadable: not listed
  }
}

async function folderEntries(dir: string, source: LogSourceName): Promise<Found[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no such folder: nothing to list
  }
  const logs = names.filter((name) => name.endsWith(LOG_EXTENSION)).sort();
  const entries = await Promise.all(logs.map((name) => fileEntry(join(dir, name), source, name)));
  return entries.filter((entry): entry is Found => entry !== null);
}

/** Every log the server holds, with where it is; one entry per name. */
export async function findLogs(places: ReplayLogPlaces): Promise<Found[]> {
  const recording = places.recordFile === null ? null : await fileEntry(resolve(places.recordFile), 'recording');
  const all = [...(recording === null ? [] : [recording]), ...(await folderEntries(places.logDir, 'logs')), ...(await folderEntries(places.fixturesDir, 'fixtures'))];
  const seen = new Set<string>();
  return all.filter((entry) => (seen.has(entry.name) ? false : (seen.add(entry.name), true)));
}

const LOG_SCHEMA = {
  type: 'object',
  required: ['name', 'size', 'modified', 'source'],
  properties: {
    name: { type: 'string' },
    size: { type: 'integer', description: 'bytes' },
    modified: { type: 'string', format: 'date-time' },
    source: { type: 'string', enum: [...LOG_SOURCES] },
  },
} as const;

/** The area, reading its places when it is registered (tests may pass their own). */
export function makeReplayLogsArea(placesOf: () => ReplayLogPlaces): RouteArea {
  return (app) => {
    const places = placesOf();
    const superUserOnly = requireRole(['super_user']);

    app.get(
      '/v2/replay/logs',
      {
        preHandler: superUserOnly,
        schema: {
          summary: 'The recorded event logs the server holds (LUC_RECORD, LUC_LOG_DIR, fixtures); super user only',
          tags: ['replay'],
          response: { 200: { type: 'array', items: LOG_SCHEMA } },
        },
      },
      async () => (await findLogs(places)).map(({ name, size, modified, source }) => ({ name, size, modified, source })),
    );

    app.get(
      '/v2/replay/logs/:name',
      {
        preHandler: superUserOnly,
        schema: {
          summary: 'One recorded event log, streamed as NDJSON (protocol.md); super user only',
          tags: ['replay'],
          params: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1, maxLength: MAX_LOG_NAME_LENGTH } },
          },
        },
      },
      async (request, reply) => {
        const { name } = request.params as { name: string };
        const found = (await findLogs(places)).find((entry) => entry.name === name);
        if (found === undefined) throw notFound(`Log '${name.slice(0, 64)}' not found`);
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="${found.name.replace(/[^\w.-]/g, '_')}"`)
          .send(createReadStream(found.path));
      },
    );
  };
}

export const replayLogsArea: RouteArea = makeReplayLogsArea(() => ({ ...replayLogPlaces(process.env), fixturesDir: FIXTURES_DIR }));
