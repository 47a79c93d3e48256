import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

function launch(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['replay/launch.mjs', ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

// `npm run replay` = node replay/launch.mjs: the prebuilt bundle (built here when missing or stale).
describe('npm run replay (the prebuilt bundle)', () => {
  const fixture = join(ROOT, 'fixtures', 'region-coverage-loss.ndjson');
  const expected = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'region-coverage-loss.summary.json'), 'utf8')) as unknown;

  it('prints the fixture summary, with JSON.parse and with the summary scanner', async () => {
    const run = await launch([fixture, '--summary']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
    const scanned = await launch([fixture, '--summary'], { LUC_REPLAY_SUMMARY_SCAN: '1' });
    expect(scanned.code).toBe(0);
    expect(scanned.stdout).toBe(run.stdout);
  }, 120_000);

  it('exits 2 with the usage on bad arguments and 1 naming the file when it is missing', async () => {
    const bad = await launch(['--speed']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('usage: npm run replay -- FILE');
    const missing = await launch(['/nonexistent.ndjson', '--summary']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('replay: cannot read /nonexistent.ndjson: no such file');
  }, 120_000);

  it('runs with V8\'s code cache of the bundle, written by a run and named after the bundle\'s text', async () => {
    const first = await launch([fixture, '--summary']);
    const bundle = join(ROOT, '.cache', 'replay', 'cli.cjs');
    const hash = createHash('sha1').update(readFileSync(bundle, 'utf8')).digest('hex').slice(0, 16);
    expect(existsSync(`${bundle}.${hash}.v8cache`)).toBe(true);
    const cached = await launch([fixture, '--summary']);
    expect(cached.code).toBe(0);
    expect(cached.stdout).toBe(first.stdout);
    expect(JSON.parse(cached.stdout)).toEqual(expected);
  }, 120_000);

  it('builds the summary scanner\'s WebAssembly beside the bundle and counts its source in the freshness check', async () => {
    const run = await launch([fixture, '--summary']);
    expect(run.code).toBe(0);
    expect(existsSync(join(ROOT, '.cache', 'replay', 'summaryScanner.wasm'))).toBe(true);
    const inputs = JSON.parse(readFileSync(join(ROOT, '.cache', 'replay', 'inputs.json'), 'utf8')) as string[];
    expect(inputs).toContain('replay/wasm/summaryScanner.ts');
  }, 120_000);
});
