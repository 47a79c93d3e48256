/**
 * Builds the replay command's bundle (replay/launch.mjs runs it): replay/cli.ts and everything it
 * imports (effect included) in one ES module for Node, .cache/replay/cli.mjs, the parallel summary
 * reader's thread (replay/summaryWorker.ts) in another beside it, plus the list of the bundled
 * source files (.cache/replay/inputs.json) the launcher checks for staleness.
 * `node replay/build.mjs` builds it by hand.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.cache', 'replay');

export async function buildReplayBundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  // Built in a folder of its own, then renamed, the command's bundle last: two replays starting
  // at once never import a half-written bundle.
  const partial = join(OUT_DIR, `build.${process.pid}.tmp`);
  const result = await build({
    absWorkingDir: ROOT,
    // The command, and the reader thread of the parallel summary reader (replay/parallelLog.ts).
    entryPoints: ['replay/cli.ts', 'replay/summaryWorker.ts'],
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
    // Packages with CommonJS inside an ES module bundle need a require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // Sources only (node_modules change with npm ci, which also touches their times).
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules/'));
  writeFileSync(join(OUT_DIR, 'inputs.json'), `${JSON.stringify([...inputs, 'package-lock.json'], null, 1)}\n`);
  renameSync(join(partial, 'summaryWorker.mjs'), join(OUT_DIR, 'summaryWorker.mjs'));
  renameSync(join(partial, 'cli.mjs'), join(OUT_DIR, 'cli.mjs'));
  rmSync(partial, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildReplayBundle();
