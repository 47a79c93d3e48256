import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUMMARY_COUNTER_NAMES } from '../src/domain/units/counters.ts';
import { TRANSITION_NAMES } from '../src/domain/units/transitions.ts';

const ROOT = join(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const FIXTURES = ['region-coverage-loss', 'reconnect-storm'] as const;
const dir = mkdtempSync(join(tmpdir(), 'luc-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = { code: number; stdout: string; stderr: string };

function replay(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, ['replay/cli.ts', ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The summary JSON: all of stdout with --summary, the last "{ … }" block otherwise. */
function summaryOf(stdout: string): Record<string, unknown> {
  const start = stdout.lastIndexOf('\n{\n');
  return JSON.parse(start === -1 ? stdout : stdout.slice(start + 1)) as Record<string, unknown>;
}

function fixture(name: string): string {
  return join(ROOT, 'fixtures', `${name}.ndjson`);
}

function expected(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'fixtures', `${name}.summary.json`), 'utf8')) as Record<string, unknown>;
}

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const regionText = readFileSync(fixture('region-coverage-loss'), 'utf8');
const regionLines = regionText.split('\n').slice(0, -1);
const HEADER = '{"format":"luc-fleet-log","version":1,"recordedAt":"2025-11-21T04:40:00.000Z"}';

describe('replay --summary on the committed fixtures', () => {
  it.each(FIXTURES)('prints the expected summary of %s, in protocol.md’s shape', async (name) => {
    const run = await replay(fixture(name), '--summary');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, Record<string, number>>;
    expect(summary).toEqual(expected(name));
    // protocol.md: events, units, status (every status value), counters, transitions, in that order
    expect(Object.keys(summary)).toEqual(['events', 'units', 'status', 'counters', 'transitions']);
    expect(Object.keys(summary['status'] ?? {}).slice(0, 10)).toEqual([
      'offline', 'idle', 'streaming', 'streamingandforwarding', 'storeandforward',
      'forwarding', 'upgrading', 'fetchlogs', 'transparent_bridge', 'speedtest',
    ]);
    expect(Object.keys(summary['counters'] ?? {})).toEqual([...SUMMARY_COUNTER_NAMES]);
    expect(Object.keys(summary['transitions'] ?? {})).toEqual([...TRANSITION_NAMES]);
    // events counts the event lines read (every line after the header)
    const lines = readFileSync(fixture(name), 'utf8').split('\n').filter((line) => line !== '');
    expect(summary['events']).toBe(lines.length - 1);
  });

  it('shows the region outage at its peak and the recovery at the end (README numbers)', async () => {
    const peak = summaryOf((await replay(fixture('region-coverage-loss'), '--summary', '--until', '2025-11-21T04:45:30Z')).stdout);
    const end = expected('region-coverage-loss');
    expect((peak['counters'] as Record<string, number>)['offline']).toBe(66);
    expect((end['counters'] as Record<string, number>)['offline']).toBe(13);
  });
});

describe('replay without --summary', () => {
  it('prints the same summary after its progress lines, and replays at 1000× and at max to the same state', async () => {
    const [paced, max] = await Promise.all([replay(fixture('reconnect-storm'), '--speed', '1000'), replay(fixture('reconnect-storm'), '--max')]);
    expect(paced.code).toBe(0);
    expect(max.code).toBe(0);
    expect(summaryOf(paced.stdout)).toEqual(expected('reconnect-storm'));
    expect(summaryOf(max.stdout)).toEqual(summaryOf(paced.stdout));
    // 8 virtual minutes at 1000× take ≥ 0.48 s of wall time: the speed is reported on stderr
    const seconds = Number(/events in ([\d.]+) s/.exec(paced.stderr)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(0.47);
  });

  it('stops after the last event at or below --until SEQ and says so', async () => {
    const run = await replay(fixture('region-coverage-loss'), '--max', '--until', '200');
    expect(run.code).toBe(0);
    expect(summaryOf(run.stdout)['events']).toBe(200); // seqs are 1, 2, 3, … in the fixtures
    expect(run.stderr).toContain('replay: stopped at --until seq 200 (last event applied: seq 200)');
  });
});

describe('replay on a damaged log', () => {
  it('tolerates a torn last line, warns naming it, and exits 0', async () => {
    const path = write('torn.ndjson', `${regionText}{"seq":99999,"ts":17637`);
    const run = await replay(path, '--summary');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`replay: warning: ${path}: line ${regionLines.length + 1}: torn last line`);
    expect(JSON.parse(run.stdout)).toEqual(expected('region-coverage-loss'));
  });

  const event = regionLines[1] ?? '';
  it.each([
    ['a missing header', 1, 'missing log header', `${event}\n`],
    ['an empty file', 1, 'missing log header', ''],
    ['a foreign header', 1, 'not a fleet event log header', `{"format":"other-log","version":1,"recordedAt":"2025-11-21T04:40:00Z"}\n${event}\n`],
    ['a version 2 header', 1, 'version: expected 1, got 2', `{"format":"luc-fleet-log","version":2,"recordedAt":"2025-11-21T04:40:00Z"}\n${event}\n`],
    ['a bad JSON line', 5, 'not valid JSON', `${regionLines.slice(0, 4).join('\n')}\nnot json\n${regionLines.slice(5).join('\n')}\n`],
    ['a torn line that is not the last', 4, 'not valid JSON', `${regionLines.slice(0, 3).join('\n')}\n{"seq":3,"ts"\n${regionLines.slice(3).join('\n')}\n`],
    ['an unknown kind', 3, 'not a valid event', `${HEADER}\n${event}\n{"seq":9,"ts":1,"kind":"unit.exploded","id":"U1","rev":2,"data":{}}\n`],
    ['a seq going back', 3, 'is not above seq', `${HEADER}\n${regionLines[2]}\n${regionLines[1]}\n`],
  ])('stops on %s with exit 1, naming line %i', async (label, line, reason, text) => {
    const path = write(`${label.replaceAll(' ', '-')}.ndjson`, text);
    const run = await replay(path, '--summary');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`replay: ${path}: line ${line}: `);
    expect(run.stderr).toContain(reason);
  });

  it('says a missing file is missing, with exit 1', async () => {
    const run = await replay(join(dir, 'nowhere.ndjson'), '--summary');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`replay: cannot read ${join(dir, 'nowhere.ndjson')}: no such file`);
  });
});

describe('replay arguments', () => {
  it.each([
    [['--fast', 'x'], 'replay: unknown option --fast'],
    [[fixture('reconnect-storm'), '--speed', '0'], 'replay: --speed: expected a number above 0, got "0"'],
    [[fixture('reconnect-storm'), '--speed', '2', '--max'], 'replay: --speed and --max exclude each other'],
    [[fixture('reconnect-storm'), '--until', 'noon'], 'replay: --until: expected a seq'],
  ])('refuses %j with exit 2 and the usage', async (args, message) => {
    const run = await replay(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('usage: npm run replay -- FILE');
  });

  it('prints the usage on --help with exit 0', async () => {
    const run = await replay('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('usage: npm run replay -- FILE [--summary] [--speed N | --max] [--until SEQ|ISO-TIME]');
  });
});
