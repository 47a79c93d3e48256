/**
 * Command-line arguments of `npm run replay` and `npm run record` (issue 6 items 1 and 2). Pure:
 * argv and env in, options or one error sentence out; the commands print the usage with it.
 *
 * Both accept `--flag value` and `--flag=value`. Unknown flags, missing values, repeated flags
 * and bad values are refused; `--help` / `-h` asks for the usage.
 */

export type Parsed<T> =
  | { readonly kind: 'ok'; readonly options: T }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

// ------------------------------------------------------------------------------------------------
// replay

/** How fast to replay: `speed` scales the gaps between event timestamps (2 = twice as fast). */
export type Pace = { readonly kind: 'speed'; readonly factor: number } | { readonly kind: 'max' };

/** Where to stop: after the last event with seq ≤ `seq`, or with ts ≤ `ms` (ms since the epoch). */
export type Until = { readonly kind: 'seq'; readonly seq: number } | { readonly kind: 'time'; readonly ms: number; readonly text: string };

export type ReplayOptions = {
  readonly file: string;
  readonly summary: boolean;
  /** Default: speed 1 (in time); with --summary and no --speed: max. */
  readonly pace: Pace;
  readonly until: Until | null;
};

export const REPLAY_USAGE = `usage: npm run replay -- FILE [--summary] [--speed N | --max] [--until SEQ|ISO-TIME]

  FILE            a recorded fleet event log (NDJSON, protocol.md)
  --summary       print only the replay summary JSON (protocol.md) at the end; as fast as possible
                  unless --speed is given
  --speed N       replay in time, gaps between events divided by N (N > 0; default 1)
  --max           replay as fast as possible
  --until SEQ     stop after the last event with seq <= SEQ (a non-negative integer)
  --until TIME    stop after the last event at or before TIME, an ISO time with a zone,
                  e.g. 2025-11-21T04:40:00Z or 2025-11-21T06:40:00+02:00
  -h, --help      this text`;

/** Largest --speed (1,000,000×: one hour of log in under 4 ms); above it use --max. */
export const MAX_SPEED = 1_000_000;

/** ISO 8601 date-time with an explicit zone: a local time would mean different moments on different machines. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export function parseUntil(text: string): Until | string {
  if (/^\d+$/.test(text)) {
    const seq = Number(text);
    if (!Number.isSafeInteger(seq)) return `--until: seq ${text} is too large`;
    return { kind: 'seq', seq };
  }
  if (!ISO_TIME.test(text)) {
    return `--until: expected a seq (non-negative integer) or an ISO time with a zone such as 2025-11-21T04:40:00Z, got "${text}"`;
  }
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return `--until: "${text}" is not a valid time`;
  return { kind: 'time', ms, text };
}

export function parseSpeed(text: string): number | string {
  const factor = /^\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(factor) || factor <= 0) return `--speed: expected a number above 0, got "${text}"`;
  if (factor > MAX_SPEED) return `--speed: at most ${MAX_SPEED} (use --max for as fast as possible), got ${text}`;
  return factor;
}

type FlagSpec = { readonly takesValue: boolean };

/**
 * Splits argv into flags and positionals against a table of known flags. Returns an error sentence
 * for an unknown or repeated flag, a missing value, or a value given to a switch.
 */
function scan(
  argv: readonly string[],
  flags: Readonly<Record<string, FlagSpec>>,
  repeatable: readonly string[] = [],
): { values: Map<string, string[]>; positionals: string[]; help: boolean } | string {
  const values = new Map<string, string[]>();
  const positionals: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const spec = flags[name];
    if (spec === undefined) return `unknown option ${name}`;
    let value: string;
    if (spec.takesValue) {
      if (eq !== -1) value = arg.slice(eq + 1);
      else {
        const next = argv[i + 1];
        if (next === undefined || (next.startsWith('--') && next.length > 2)) return `${name} needs a value`;
        value = next;
        i += 1;
      }
      if (value === '') return `${name} needs a value`;
    } else {
      if (eq !== -1) return `${name} takes no value`;
      value = '';
    }
    const list = values.get(name) ?? [];
    if (list.length > 0 && !repeatable.includes(name)) return `${name} given twice`;
    list.push(value);
    values.set(name, list);
  }
  return { values, positionals, help };
}

const REPLAY_FLAGS = {
  '--summary': { takesValue: false },
  '--speed': { takesValue: true },
  '--max': { takesValue: false },
  '--until': { takesValue: true },
} as const satisfies Record<string, FlagSpec>;

export function parseReplayArgs(argv: readonly string[]): Parsed<ReplayOptions> {
  const scanned = scan(argv, REPLAY_FLAGS);
  if (typeof scanned === 'string') return { kind: 'error', message: scanned };
  if (scanned.help) return { kind: 'help' };
  const { values, positionals } = scanned;
  if (positionals.length === 0) return { kind: 'error', message: 'missing FILE: the log to replay' };
  if (positionals.length > 1) return { kind: 'error', message: `one FILE only, got ${positionals.length}: ${positionals.join(' ')}` };
  const speedText = values.get('--speed')?.[0];
  const max = values.has('--max');
  if (speedText !== undefined && max) return { kind: 'error', message: '--speed and --max exclude each other' };
  const summary = values.has('--summary');
  let pace: Pace = summary ? { kind: 'max' } : { kind: 'speed', factor: 1 };
  if (max) pace = { kind: 'max' };
  if (speedText !== undefined) {
    const factor = parseSpeed(speedText);
    if (typeof factor === 'string') return { kind: 'error', message: factor };
    pace = { kind: 'speed', factor };
  }
  let until: Until | null = null;
  const untilText = values.get('--until')?.[0];
  if (untilText !== undefined) {
    const parsed = parseUntil(untilText);
    if (typeof parsed === 'string') return { kind: 'error', message: parsed };
    until = parsed;
  }
  return { kind: 'ok', options: { file: positionals[0] ?? '', summary, pace, until } };
}

// ------------------------------------------------------------------------------------------------
// record

export type RecordOptions = {
  readonly out: string;
  /** The server's origin, e.g. http://localhost:8080 (no path). */
  readonly url: string;
  /** Stop after this many seconds; null: until SIGINT. */
  readonly durationS: number | null;
  readonly user: string;
  readonly password: string;
  /** Groups to record; empty: every group of the user (groups/fetch). */
  readonly groups: readonly string[];
  /** Start the log with the REST snapshot of each group (default); false: the live stream only. */
  readonly snapshot: boolean;
};

/** The server's default address (src/server/config.ts: PORT 8080). */
export const DEFAULT_RECORD_URL = 'http://localhost:8080';

export const RECORD_USAGE = `usage: npm run record -- --out FILE [--url URL] [--duration S] [--user U --password P] [--group GID]... [--no-snapshot]

  --out FILE      the log to write (must not exist yet)
  --url URL       the server (default ${DEFAULT_RECORD_URL})
  --duration S    stop after S seconds (S > 0); default: until Ctrl-C (SIGINT)
  --user U        sign in as U (default: env LUC_USER)
  --password P    with this password (default: env LUC_PASSWORD)
  --group GID     record only this group (repeatable); default: every group of the user
  --no-snapshot   do not start the log with the groups' REST snapshot (units as unit.added lines)
  -h, --help      this text`;

const RECORD_FLAGS = {
  '--out': { takesValue: true },
  '--url': { takesValue: true },
  '--duration': { takesValue: true },
  '--user': { takesValue: true },
  '--password': { takesValue: true },
  '--group': { takesValue: true },
  '--no-snapshot': { takesValue: false },
} as const satisfies Record<string, FlagSpec>;

/** Longest --duration: 7 days in seconds (setTimeout holds at most ~24.8 days). */
export const MAX_DURATION_S = 7 * 24 * 3600;

export function parseServerUrl(text: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--url: "${text}" is not a URL (expected e.g. ${DEFAULT_RECORD_URL})` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--url: expected http:// or https://, got ${url.protocol}` };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    return { error: `--url: give the server's origin only (e.g. ${url.origin}), not a path` };
  }
  return url.origin;
}

export function parseRecordArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): Parsed<RecordOptions> {
  const scanned = scan(argv, RECORD_FLAGS, ['--group']);
  if (typeof scanned === 'string') return { kind: 'error', message: scanned };
  if (scanned.help) return { kind: 'help' };
  const { values, positionals } = scanned;
  if (positionals.length > 0) return { kind: 'error', message: `unexpected argument ${positionals[0]}` };
  const out = values.get('--out')?.[0];
  if (out === undefined) return { kind: 'error', message: 'missing --out FILE' };
  const url = parseServerUrl(values.get('--url')?.[0] ?? DEFAULT_RECORD_URL);
  if (typeof url !== 'string') return { kind: 'error', message: url.error };
  let durationS: number | null = null;
  const durationText = values.get('--duration')?.[0];
  if (durationText !== undefined) {
    const seconds = /^\d+(?:\.\d+)?$/.test(durationText) ? Number(durationText) : Number.NaN;
    if (!(seconds > 0)) return { kind: 'error', message: `--duration: expected a number of seconds above 0, got "${durationText}"` };
    if (seconds > MAX_DURATION_S) return { kind: 'error', message: `--duration: at most ${MAX_DURATION_S} s (7 days), got ${durationText}` };
    durationS = seconds;
  }
  const user = values.get('--user')?.[0] ?? (env['LUC_USER'] || undefined);
  const password = values.get('--password')?.[0] ?? (env['LUC_PASSWORD'] || undefined);
  if (user === undefined) return { kind: 'error', message: 'missing user: give --user U or set LUC_USER' };
  if (password === undefined) return { kind: 'error', message: 'missing password: give --password P or set LUC_PASSWORD' };
  return {
    kind: 'ok',
    options: { out, url, durationS, user, password, groups: values.get('--group') ?? [], snapshot: !values.has('--no-snapshot') },
  };
}
