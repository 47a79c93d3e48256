/**
 * A build check (vite.config.ts): the chunks of the console must not import each other in a
 * cycle. Chunks cut across a library's own import cycles (OpenLayers cut by size, issue 15 item 6)
 * evaluate a module before one it extends from, and the page fails at start ("d is not a
 * constructor") where no build step notices it; this check fails the build instead, naming the
 * chunks of the cycle.
 */
import type { Plugin } from 'vite';

/** A chunk's static imports (file names of other chunks), as in Rolldown's output bundle. */
export type ChunkImports = Readonly<Record<string, readonly string[]>>;

/** The first cycle of static imports between chunks, as a path that ends where it starts, or null when there is none. */
export function findChunkCycle(chunks: ChunkImports): string[] | null {
  const done = new Set<string>();
  const onPath = new Map<string, number>(); // chunk → its index in `path`
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (done.has(file)) return null;
    const at = onPath.get(file);
    if (at !== undefined) return [...path.slice(at), file];
    onPath.set(file, path.length);
    path.push(file);
    for (const next of chunks[file] ?? []) {
      const cycle = visit(next);
      if (cycle !== null) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of Object.keys(chunks)) {
    const cycle = visit(file);
    if (cycle !== null) return cycle;
  }
  return null;
}

/** Fails the build when two or more chunks import each other statically in a cycle. */
export function noChunkCycles(): Plugin {
  return {
    name: 'luc-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, readonly string[]> = {};
      for (const [file, output] of Object.entries(bundle)) if (output.type === 'chunk') chunks[file] = output.imports;
      const cycle = findChunkCycle(chunks);
      if (cycle !== null) this.error(`chunks import each other in a cycle (a split across a library's own import cycles fails at start): ${cycle.join(' → ')}; see vite.config.ts CHUNK_GROUPS`);
    },
  };
}
