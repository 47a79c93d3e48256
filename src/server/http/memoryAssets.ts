/**
 * The build's hashed assets (dist/assets: JS chunks, CSS, fonts), read into memory once when the
 * server starts and sent as one buffer per response (issue 15 item 4; docs/performance.md §5c).
 *
 * Why: @fastify/static streams a file in 64 KiB reads, each read a thread-pool round trip that
 * waits for a turn of the event loop. With the simulator at 60,000 events/s a turn takes from
 * ~0.2 s to over 1 s, so a 1 MB screen chunk (the map's OpenLayers, the multiview) took 10-28 s
 * to arrive and the screen as long to open. From memory the whole body goes to the socket in the
 * turn that parses the request.
 *
 * Safe because the names are content hashes (a changed file has a new name, so a cached body is
 * never stale) and the folder is a few MB. A file not in the table (a build made after the server
 * started, an extension with no known type) goes to @fastify/static as before.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

/** Content types of what Vite writes to dist/assets, as @fastify/static sends them; other extensions are left to it. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

export type MemoryAsset = { readonly body: Buffer; readonly type: string };

/**
 * The files directly in `assetsDir` with a known type, by URL path (`/assets/NAME`). Source maps
 * are left out (never served). An absent folder gives an empty table.
 */
export function readMemoryAssets(assetsDir: string): ReadonlyMap<string, MemoryAsset> {
  const table = new Map<string, MemoryAsset>();
  if (!existsSync(assetsDir)) return table;
  for (const name of readdirSync(assetsDir)) {
    const type = TYPES[extname(name)];
    const path = join(assetsDir, name);
    if (type === undefined || !statSync(path).isFile()) continue;
    table.set(`/assets/${name}`, { body: readFileSync(path), type });
  }
  return table;
}
