/**
 * Vitest's global setup: builds the replay summary's line scanner (replay/wasm/summaryScanner.ts,
 * AssemblyScript → .cache/replay/summaryScanner.wasm, never committed) when it is missing or older
 * than its source, so the replay tests run the reader with the real WebAssembly, as `npm run
 * replay` does (its launcher builds it the same way).
 */
import { buildSummaryScanner, summaryScannerIsFresh } from '../replay/build.mjs';

export default async function setup(): Promise<void> {
  if (!summaryScannerIsFresh()) await buildSummaryScanner();
}
