/**
 * Builds the replay command's bundle (replay/launch.mjs runs it): replay/cli.ts and everything it
 * imports (effect included) in one ES module for Node, .cache/replay/cli.mjs, plus the list of the
 * bundled source files (.cache/replay/inputs.json) the launcher checks for staleness.
 * `node replay/build.mjs` builds it by hand.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.cache', 'replay');

export async function buildReplayBundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['replay/cli.ts'],
    outfile: join(OUT_DIR, 'cli.mjs'),
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
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildReplayBundle();
