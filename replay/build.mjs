/**
 * Builds the replay command's bundles (replay/launch.mjs runs them): replay/cli.ts and everything it
 * imports (effect included) in one CommonJS script for Node, .cache/replay/cli.cjs (a script, so
 * that replay/runBundle.mjs can load it with V8's code cache), the parallel summary reader's thread
 * (replay/summaryWorker.ts) in an ES module beside it, plus the list of the bundled source files
 * (.cache/replay/inputs.json) the launcher checks for staleness. Code caches of older bundles are
 * removed. `node replay/build.mjs` builds it by hand.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.cache', 'replay');

export async function buildReplayBundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  // Built in a folder of its own, then renamed, the command's bundle last: two replays starting
  // at once never load a half-written bundle.
  const partial = join(OUT_DIR, `build.${process.pid}.tmp`);
  const common = { absWorkingDir: ROOT, outdir: partial, bundle: true, platform: 'node', target: 'node20', metafile: true, logLevel: 'warning' };
  const [command, worker] = await Promise.all([
    build({
      ...common,
      entryPoints: ['replay/cli.ts'],
      outExtension: { '.js': '.cjs' },
      format: 'cjs',
      // The script has no import.meta: replay/runBundle.mjs passes the bundle's URL instead.
      define: { 'import.meta.url': '__replayBundleUrl' },
    }),
    // The reader thread of the parallel summary reader (replay/parallelLog.ts).
    build({
      ...common,
      entryPoints: ['replay/summaryWorker.ts'],
      outExtension: { '.js': '.mjs' },
      format: 'esm',
      // Packages with CommonJS inside an ES module bundle need a require().
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    }),
  ]);
  // Sources only (node_modules change with npm ci, which also touches their times).
  const inputs = [...new Set([...Object.keys(command.metafile.inputs), ...Object.keys(worker.metafile.inputs)])].filter((path) => !path.includes('node_modules/'));
  writeFileSync(join(OUT_DIR, 'inputs.json'), `${JSON.stringify([...inputs, 'package-lock.json', 'replay/runBundle.mjs'], null, 1)}\n`);
  for (const name of readdirSync(OUT_DIR)) if (name.endsWith('.v8cache')) rmSync(join(OUT_DIR, name), { force: true });
  renameSync(join(partial, 'summaryWorker.mjs'), join(OUT_DIR, 'summaryWorker.mjs'));
  renameSync(join(partial, 'cli.cjs'), join(OUT_DIR, 'cli.cjs'));
  rmSync(partial, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildReplayBundle();
