/**
 * Builds the replay command's bundles (replay/launch.mjs runs them): replay/cli.ts and everything it
 * imports (effect included) in one CommonJS script for Node, .cache/replay/cli.cjs (a script, so
 * that replay/runBundle.mjs can load it with V8's code cache), the parallel summary reader's thread
 * (replay/summaryWorker.ts) in an ES module beside it, plus the list of the bundled source files
 * (.cache/replay/inputs.json) the launcher checks for staleness, and the summary reader's line
 * scanner, replay/wasm/summaryScanner.ts compiled from AssemblyScript to WebAssembly
 * (.cache/replay/summaryScanner.wasm; replay/summaryScanner.ts loads it). Code caches of older
 * bundles are removed. `node replay/build.mjs` builds it all by hand.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.cache', 'replay');
/** The scanner's AssemblyScript source and the WebAssembly built from it (never committed). */
export const SCANNER_SOURCE = 'replay/wasm/summaryScanner.ts';
export const SCANNER_WASM = join(OUT_DIR, 'summaryScanner.wasm');

/** One 64-bit little-endian word of `text` from `from` (up to 8 bytes) and the mask of its bytes. */
function literalWord(text, from) {
  let value = 0n;
  let mask = 0n;
  for (let index = 0; index < 8 && from + index < text.length; index += 1) {
    value |= BigInt(text.charCodeAt(from + index)) << BigInt(8 * index);
    mask |= 0xffn << BigInt(8 * index);
  }
  return { value, mask };
}

/**
 * The scanner's source with each LIT('text') replaced by a test that the `len` bytes at `p` are
 * exactly that ASCII text: the length, then one masked 64-bit compare per 8 bytes (reading up to 7
 * bytes past the text is safe: the scanner's input has slack after it).
 */
export function expandLiterals(source) {
  return source.replace(/LIT\('([\x20-\x26\x28-\x7e]*)'\)/g, (_, text) => {
    const words = [];
    for (let from = 0; from < text.length; from += 8) {
      const { value, mask } = literalWord(text, from);
      const at = from === 0 ? 'p' : `p + ${from}`;
      words.push(mask === 0xffffffffffffffffn ? `load<u64>(${at}) == 0x${value.toString(16)}` : `(load<u64>(${at}) & 0x${mask.toString(16)}) == 0x${value.toString(16)}`);
    }
    return `(len == ${text.length}${words.map((word) => ` && ${word}`).join('')})`;
  });
}

/** Compiles the scanner (AssemblyScript, -O3, no garbage collector: it allocates nothing) to `outFile`. */
export async function buildSummaryScanner(outFile = SCANNER_WASM) {
  const asc = (await import('assemblyscript/asc')).default;
  const source = expandLiterals(readFileSync(join(ROOT, SCANNER_SOURCE), 'utf8'));
  let wasm;
  const { error, stderr } = await asc.main(['summaryScanner.ts', '-O3', '--runtime', 'stub', '--noAssert', '--outFile', 'summaryScanner.wasm'], {
    readFile: (name) => (name === 'summaryScanner.ts' ? source : null),
    writeFile: (name, contents) => {
      if (name.endsWith('.wasm')) wasm = contents;
    },
    listFiles: () => [],
  });
  if (error !== null || wasm === undefined) throw new Error(`building ${SCANNER_SOURCE} failed: ${error?.message ?? 'no WebAssembly written'}\n${stderr.toString()}`);
  mkdirSync(dirname(outFile), { recursive: true });
  const partial = `${outFile}.${process.pid}.tmp`;
  writeFileSync(partial, wasm);
  renameSync(partial, outFile);
}

/** True when the scanner's WebAssembly exists and is newer than its source and this builder. */
export function summaryScannerIsFresh(wasmFile = SCANNER_WASM) {
  if (!existsSync(wasmFile)) return false;
  const built = statSync(wasmFile).mtimeMs;
  return [SCANNER_SOURCE, 'replay/build.mjs', 'package-lock.json'].every((input) => statSync(join(ROOT, input)).mtimeMs <= built);
}

export async function buildReplayBundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  // Built in a folder of its own, then renamed, the command's bundle last: two replays starting
  // at once never load a half-written bundle.
  const partial = join(OUT_DIR, `build.${process.pid}.tmp`);
  const common = { absWorkingDir: ROOT, outdir: partial, bundle: true, platform: 'node', target: 'node20', metafile: true, logLevel: 'warning' };
  // The scanner first: the launcher's freshness check compares every input with the command's
  // bundle, renamed into place last.
  await buildSummaryScanner();
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
  writeFileSync(join(OUT_DIR, 'inputs.json'), `${JSON.stringify([...inputs, SCANNER_SOURCE, 'package-lock.json', 'replay/runBundle.mjs'], null, 1)}\n`);
  for (const name of readdirSync(OUT_DIR)) if (name.endsWith('.v8cache')) rmSync(join(OUT_DIR, name), { force: true });
  renameSync(join(partial, 'summaryWorker.mjs'), join(OUT_DIR, 'summaryWorker.mjs'));
  renameSync(join(partial, 'cli.cjs'), join(OUT_DIR, 'cli.cjs'));
  rmSync(partial, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await buildReplayBundle();
