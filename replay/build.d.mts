/** Types of replay/build.mjs for the TypeScript that imports it (the Vitest setup, tests). */
export const SCANNER_SOURCE: string;
export const SCANNER_WASM: string;
export function expandLiterals(source: string): string;
export function buildSummaryScanner(outFile?: string): Promise<void>;
export function summaryScannerIsFresh(wasmFile?: string): boolean;
export function buildReplayBundle(): Promise<void>;
