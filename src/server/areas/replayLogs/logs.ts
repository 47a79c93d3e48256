/**
 * Where the server's recorded event logs are, for the Replay page: the current LUC_RECORD file (if
 * set and present), every *.ndjson file directly in LUC_LOG_DIR (default ./data/logs), and the
 * committed scenario logs in fixtures/. A name held by two places is listed once, from the first
 * place in that order. File system only; HTTP is routes.ts.
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogSourceName, ServerLog } from '../../../protocol/rest/replayLogs.ts';

export const LOG_EXTENSION = '.ndjson';

export type ReplayLogPlaces = {
  readonly logDir: string;
  readonly recordFile: string | null;
  readonly fixturesDir: string;
};

/** The repository's fixtures/ folder (src/server/areas/replayLogs → ../../../../fixtures). */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

/** A log and the file it is read from. */
export type FoundLog = ServerLog & { readonly path: string };

async function fileEntry(path: string, source: LogSourceName, name = basename(path)): Promise<FoundLog | null> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { name, size: info.size, modified: info.mtime.toISOString(), source, path };
  } catch {
    return null; // gone or unreadable: not listed
  }
}

async function folderEntries(dir: string, source: LogSourceName): Promise<FoundLog[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no such folder: nothing to list
  }
  const logs = names.filter((name) => name.endsWith(LOG_EXTENSION)).sort();
  const entries = await Promise.all(logs.map((name) => fileEntry(join(dir, name), source, name)));
  return entries.filter((entry): entry is FoundLog => entry !== null);
}

/** Every log the server holds, with where it is; one entry per name. */
export async function findLogs(places: ReplayLogPlaces): Promise<FoundLog[]> {
  const recording = places.recordFile === null ? null : await fileEntry(resolve(places.recordFile), 'recording');
  const all = [...(recording === null ? [] : [recording]), ...(await folderEntries(places.logDir, 'logs')), ...(await folderEntries(places.fixturesDir, 'fixtures'))];
  const seen = new Set<string>();
  return all.filter((entry) => (seen.has(entry.name) ? false : (seen.add(entry.name), true)));
}

/**
 * The log of that name, or undefined. Only names of the listing at the time of the call are
 * served, so a path (`../x`, `/etc/passwd`, `a%2Fb`) never reaches the file system.
 */
export async function findLog(places: ReplayLogPlaces, name: string): Promise<FoundLog | undefined> {
  return (await findLogs(places)).find((entry) => entry.name === name);
}
