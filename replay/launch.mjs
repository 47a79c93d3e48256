/**
 * `npm run replay` (issue 15 item 5): runs the prebuilt JavaScript bundle of replay/cli.ts, so the
 * command starts without compiling TypeScript at run time (tsx took ~0.5-1 s of every run), and
 * with V8's code cache of the bundle (replay/runBundle.mjs), written by the first run after a build.
 *
 * The bundle (.cache/replay/cli.cjs, git-ignored with .cache/) is built by replay/build.mjs
 * (esbuild) when it is missing or older than any of its sources: the build writes the list of
 * the files it bundled (esbuild's metafile inputs) and the scanner's AssemblyScript source to
 * .cache/replay/inputs.json, and this launcher compares their modification times with the bundle's
 * (a stat per file, ~1 ms in all); the scanner's WebAssembly must exist too. A fresh
 * clone after `npm ci` therefore builds once, on the first `npm run replay`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, '.cache', 'replay', 'cli.cjs');
export const INPUTS = join(ROOT, '.cache', 'replay', 'inputs.json');
/** The parallel summary reader's thread, built with the bundle (written before it). */
export const WORKER_BUNDLE = join(ROOT, '.cache', 'replay', 'summaryWorker.mjs');
/** The summary reader's line scanner (WebAssembly from replay/wasm/summaryScanner.ts), built first. */
export const SCANNER_WASM = join(ROOT, '.cache', 'replay', 'summaryScanner.wasm');

/** True when the bundle exists and no source it was built from (nor this launcher's builder) changed since. */
export function bundleIsFresh() {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS) || !existsSync(WORKER_BUNDLE) || !existsSync(SCANNER_WASM)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(inputs)) return false;
  for (const input of [...inputs, 'replay/build.mjs']) {
    const path = join(ROOT, input);
    if (!existsSync(path) || statSync(path).mtimeMs > built) return false;
  }
  return true;
}

if (!bundleIsFresh()) {
  const { buildReplayBundle } = await import('./build.mjs');
  await buildReplayBundle();
}
const { loadBundle } = await import('./runBundle.mjs');
const bundle = loadBundle(BUNDLE);
await bundle.exports.runFromCommandLine(process.argv.slice(2));
bundle.saveCache();
