import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_DURATION_S, MAX_SPEED, parseRecordArgs, parseReplayArgs, parseUntil } from './args.ts';

describe('parseReplayArgs', () => {
  it.each([
    [['log.ndjson'], { file: 'log.ndjson', summary: false, pace: { kind: 'speed', factor: 1 }, until: null }],
    [['log.ndjson', '--summary'], { file: 'log.ndjson', summary: true, pace: { kind: 'max' }, until: null }],
    [['--summary', 'log.ndjson', '--speed', '1000'], { file: 'log.ndjson', summary: true, pace: { kind: 'speed', factor: 1000 }, until: null }],
    [['log.ndjson', '--max'], { file: 'log.ndjson', summary: false, pace: { kind: 'max' }, until: null }],
    [['log.ndjson', '--speed=0.1'], { file: 'log.ndjson', summary: false, pace: { kind: 'speed', factor: 0.1 }, until: null }],
    [['log.ndjson', '--until', '1042'], { file: 'log.ndjson', summary: false, pace: { kind: 'speed', factor: 1 }, until: { kind: 'seq', seq: 1042 } }],
    [['log.ndjson', '--until=0'], { file: 'log.ndjson', summary: false, pace: { kind: 'speed', factor: 1 }, until: { kind: 'seq', seq: 0 } }],
    [
      ['log.ndjson', '--until', '2025-11-21T04:40:00Z'],
      { file: 'log.ndjson', summary: false, pace: { kind: 'speed', factor: 1 }, until: { kind: 'time', ms: 1_763_700_000_000, text: '2025-11-21T04:40:00Z' } },
    ],
    [['--', '--odd-name.ndjson'], { file: '--odd-name.ndjson', summary: false, pace: { kind: 'speed', factor: 1 }, until: null }],
  ])('accepts %j', (argv, options) => {
    expect(parseReplayArgs(argv)).toEqual({ kind: 'ok', options });
  });

  it.each([
    [[], 'missing FILE: the log to replay'],
    [['a', 'b'], 'one FILE only, got 2: a b'],
    [['log', '--fast'], 'unknown option --fast'],
    [['log', '--speed'], '--speed needs a value'],
    [['log', '--speed', '--max'], '--speed needs a value'],
    [['log', '--speed', '2', '--max'], '--speed and --max exclude each other'],
    [['log', '--speed', '0'], '--speed: expected a number above 0, got "0"'],
    [['log', '--speed', '-1'], '--speed: expected a number above 0, got "-1"'],
    [['log', '--speed', 'fast'], '--speed: expected a number above 0, got "fast"'],
    [['log', '--speed', '1000001'], `--speed: at most ${MAX_SPEED} (use --max for as fast as possible), got 1000001`],
    [['log', '--summary=yes'], '--summary takes no value'],
    [['log', '--max', '--max'], '--max given twice'],
    [['log', '--until', 'yesterday'], '--until: expected a seq (non-negative integer) or an ISO time with a zone such as 2025-11-21T04:40:00Z, got "yesterday"'],
    [['log', '--until', '-5'], '--until: expected a seq (non-negative integer) or an ISO time with a zone such as 2025-11-21T04:40:00Z, got "-5"'],
  ])('refuses %j with "%s"', (argv, message) => {
    expect(parseReplayArgs(argv)).toEqual({ kind: 'error', message });
  });

  it('accepts speed 1,000,000 and refuses the next step above it', () => {
    expect(parseReplayArgs(['l', '--speed', '1000000'])).toMatchObject({ kind: 'ok', options: { pace: { kind: 'speed', factor: MAX_SPEED } } });
    expect(parseReplayArgs(['l', '--speed', '1000000.5']).kind).toBe('error');
  });

  it('asks for help with -h or --help', () => {
    expect(parseReplayArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseReplayArgs(['log', '--help'])).toEqual({ kind: 'help' });
  });

  it('reads any positive speed as itself (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: MAX_SPEED, noNaN: true }), (speed) => {
        const parsed = parseReplayArgs(['log', '--speed', String(speed)]);
        expect(parsed).toEqual({ kind: 'ok', options: { file: 'log', summary: false, pace: { kind: 'speed', factor: speed }, until: null } });
      }),
    );
  });
});

describe('parseUntil', () => {
  it.each([
    ['2025-11-21T04:40:00Z', 1_763_700_000_000],
    ['2025-11-21T04:40:00.123Z', 1_763_700_000_123],
    ['2025-11-21T06:40:00+02:00', 1_763_700_000_000],
    ['2025-11-21T04:40Z', 1_763_700_000_000],
  ])('reads the ISO time %s as %d ms', (text, ms) => {
    expect(parseUntil(text)).toEqual({ kind: 'time', ms, text });
  });

  it.each(['2025-11-21T04:40:00', '2025-11-21', '2025-13-40T99:99:00Z', '1e3', ''])('refuses "%s" (no zone, not a date-time, or not a number)', (text) => {
    expect(typeof parseUntil(text)).toBe('string');
  });

  it('refuses a seq beyond the safe integers', () => {
    expect(parseUntil('9007199254740993')).toBe('--until: seq 9007199254740993 is too large');
    expect(parseUntil('9007199254740991')).toEqual({ kind: 'seq', seq: 9_007_199_254_740_991 });
  });
});

describe('parseRecordArgs', () => {
  const base = { url: 'http://localhost:8080', durationS: null, groups: [], snapshot: true };

  it.each([
    [['--out', 'a.ndjson', '--user', 'u', '--password', 'p'], {}, { ...base, out: 'a.ndjson', user: 'u', password: 'p' }],
    [['--out=a.ndjson'], { LUC_USER: 'env-u', LUC_PASSWORD: 'env-p' }, { ...base, out: 'a.ndjson', user: 'env-u', password: 'env-p' }],
    [['--out', 'a', '--user', 'flag-u'], { LUC_USER: 'env-u', LUC_PASSWORD: 'env-p' }, { ...base, out: 'a', user: 'flag-u', password: 'env-p' }],
    [
      ['--out', 'a', '--url', 'https://luc.example.com:8443/', '--duration', '2.5', '--group', 'G1', '--group', 'G2', '--no-snapshot'],
      { LUC_USER: 'u', LUC_PASSWORD: 'p' },
      { out: 'a', url: 'https://luc.example.com:8443', durationS: 2.5, groups: ['G1', 'G2'], snapshot: false, user: 'u', password: 'p' },
    ],
    [['--out', 'a', '--duration', String(MAX_DURATION_S)], { LUC_USER: 'u', LUC_PASSWORD: 'p' }, { ...base, out: 'a', durationS: MAX_DURATION_S, user: 'u', password: 'p' }],
  ])('accepts %j with env %j', (argv, env, options) => {
    expect(parseRecordArgs(argv, env)).toEqual({ kind: 'ok', options });
  });

  const env = { LUC_USER: 'u', LUC_PASSWORD: 'p' };
  it.each([
    [['--user', 'u'], env, 'missing --out FILE'],
    [['--out', 'a'], {}, 'missing user: give --user U or set LUC_USER'],
    [['--out', 'a', '--user', 'u'], { LUC_USER: '', LUC_PASSWORD: '' }, 'missing password: give --password P or set LUC_PASSWORD'],
    [['--out', 'a', '--duration', '0'], env, '--duration: expected a number of seconds above 0, got "0"'],
    [['--out', 'a', '--duration', '-3'], env, '--duration: expected a number of seconds above 0, got "-3"'],
    [['--out', 'a', '--duration', '10s'], env, '--duration: expected a number of seconds above 0, got "10s"'],
    [['--out', 'a', '--duration', String(MAX_DURATION_S + 1)], env, `--duration: at most ${MAX_DURATION_S} s (7 days), got ${MAX_DURATION_S + 1}`],
    [['--out', 'a', '--url', 'localhost:8080'], env, '--url: expected http:// or https://, got localhost:'],
    [['--out', 'a', '--url', 'not a url'], env, '--url: "not a url" is not a URL (expected e.g. http://localhost:8080)'],
    [['--out', 'a', '--url', 'http://h:1/luc'], env, "--url: give the server's origin only (e.g. http://h:1), not a path"],
    [['--out', 'a', '--out', 'b'], env, '--out given twice'],
    [['--out', 'a', '--verbose'], env, 'unknown option --verbose'],
    [['--out', 'a', 'extra'], env, 'unexpected argument extra'],
  ])('refuses %j with "%s"', (argv, givenEnv, message) => {
    expect(parseRecordArgs(argv, givenEnv)).toEqual({ kind: 'error', message });
  });
});
