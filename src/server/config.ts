import { randomBytes } from 'node:crypto';

/**
 * The server's settings, read once at start from the environment (issue 3).
 * An invalid value stops the start: parseConfig throws a ConfigError whose message is one line
 * naming the variable, e.g. `PORT must be an integer from 0 to 65535 (got "80a")`.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** SQLite file; ':memory:' is accepted for throw-away runs. Unused when databaseUrl is set. */
  readonly dbFile: string;
  /** PostgreSQL database (LUC_DATABASE_URL, postgres:// or postgresql://); when set it is used instead of dbFile. */
  readonly databaseUrl: string | null;
  readonly demo: boolean;
  readonly demoPassword: string;
  /** True when LUC_DEMO_PASSWORD was not set and the password was drawn at random (printed at start). */
  readonly demoPasswordGenerated: boolean;
  readonly simUnits: number;
  /** Background churn, events per second. */
  readonly simRate: number;
  readonly simSeed: number;
  /** NDJSON event log file, or null when recording is off. */
  readonly recordFile: string | null;
  /** Folder of recorded logs (*.ndjson) the Replay page may open (LUC_LOG_DIR; issue 6 item 3). */
  readonly logDir: string;
  /** Origins allowed on the websocket upgrade besides the server's own (exact match, no trailing slash). */
  readonly allowedOrigins: readonly string[];
  /** Optional map tile URL template handed to the console (client configuration `mapTileUrl`). */
  readonly mapTileUrl: string | null;
  /** The built console to serve (LUC_DIST_DIR, default dist). */
  readonly distDir: string;
  readonly logLevel: LogLevel;
  /** NATS servers of the scale-out event bus (LUC_BUS_URL: nats:// or tls:// URLs, comma-separated); null: the in-process bus. */
  readonly busUrl: string | null;
  /** This process runs the fleet simulator and owns the fleet (LUC_SIMULATOR; default on without a bus, off with one). */
  readonly simulator: boolean;
  /** Events older than this leave the JetStream stream (LUC_STREAM_MAX_AGE_S, seconds): the resume window in time. */
  readonly streamMaxAgeS: number;
  /** The stream keeps at most this many events (LUC_STREAM_MAX_MSGS): the resume window in count. */
  readonly streamMaxMsgs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Defaults and limits of issue 3. */
export const CONFIG_LIMITS = {
  defaultPort: 8080,
  defaultHost: '127.0.0.1',
  defaultDb: './data/luc.db',
  defaultLogDir: './data/logs',
  defaultSimUnits: 2_000,
  maxSimUnits: 50_000,
  defaultSimRate: 50, // events/s
  maxSimRate: 100_000, // events/s, for load tests
  /** Demo passwords shorter than this are refused: the demo users are real accounts on a port. */
  minDemoPasswordLength: 8,
  /** The stream's retention by age (s): 5 minutes by default, from 10 s to one day. */
  defaultStreamMaxAgeS: 300,
  minStreamMaxAgeS: 10,
  maxStreamMaxAgeS: 86_400,
  /** The stream's retention by count: 1,000,000 events by default (10 s at 100,000 events/s). */
  defaultStreamMaxMsgs: 1_000_000,
  minStreamMaxMsgs: 1_000,
  maxStreamMaxMsgs: 100_000_000,
} as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function fail(variable: string, expectation: string, raw: string): never {
  throw new ConfigError(variable, `${variable} must be ${expectation} (got ${JSON.stringify(raw)})`);
}

/** Empty strings count as unset, so `PORT= npm start` uses the default. */
function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^[+]?\d+$/.test(raw)) fail(name, `an integer from ${min} to ${max}`, raw);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) fail(name, `an integer from ${min} to ${max}`, raw);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  return fail(name, "'1' (on) or '0' (off)", raw);
}

function origins(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        return fail(name, 'a comma-separated list of origins like https://console.example.com', entry);
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search !== '') {
        return fail(name, 'a comma-separated list of origins like https://console.example.com', entry);
      }
      return url.origin;
    });
}

/** Where the store lives: the PostgreSQL URL when LUC_DATABASE_URL is set, else the SQLite file. */
export function storeTargetOf(config: Pick<ServerConfig, 'dbFile' | 'databaseUrl'>): string {
  return config.databaseUrl ?? config.dbFile;
}

/** A postgres:// or postgresql:// URL (host, or a socket folder as ?host=/path); a refusal shows the value with its password as ***. */
function postgresUrl(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    fail(name, 'a PostgreSQL URL like postgres://user:password@host:5432/luc', raw.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@'));
  }
  return raw;
}

/** The shape LUC_BUS_URL must have (quoted in its refusal). */
const BUS_URL_EXPECTATION = 'one or more NATS URLs like nats://host:4222 or tls://host:4222, separated by commas';

/**
 * NATS server URLs (nats:// or tls://, comma-separated for a cluster), returned as given; a refusal
 * shows the value with any password as ***.
 */
function natsUrls(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  const masked = raw.replace(/\/\/([^:@/,]*):[^@/,]*@/g, '//$1:***@');
  for (const entry of raw.split(',').map((s) => s.trim())) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    if (url === null || (url.protocol !== 'nats:' && url.protocol !== 'tls:') || url.hostname === '' || (url.pathname !== '' && url.pathname !== '/')) {
      fail(name, BUS_URL_EXPECTATION, masked);
    }
  }
  return raw;
}

/** A random demo password: 18 characters from base64url, never printed anywhere but the start banner. */
export function randomPassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}

/** Where the server's recorded logs are: LUC_LOG_DIR (default ./data/logs) and the LUC_RECORD file. */
export function replayLogPlaces(env: Env): { readonly logDir: string; readonly recordFile: string | null } {
  return { logDir: read(env, 'LUC_LOG_DIR') ?? CONFIG_LIMITS.defaultLogDir, recordFile: read(env, 'LUC_RECORD') ?? null };
}

export function parseConfig(env: Env, makePassword: () => string = randomPassword): ServerConfig {
  const port = integer(env, 'PORT', CONFIG_LIMITS.defaultPort, 0, 65_535);
  const host = read(env, 'HOST') ?? CONFIG_LIMITS.defaultHost;
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) fail('HOST', 'a host name or IP address', host);
  const dbFile = read(env, 'LUC_DB') ?? CONFIG_LIMITS.defaultDb;
  const databaseUrl = postgresUrl(env, 'LUC_DATABASE_URL');
  const demo = flag(env, 'LUC_DEMO', true);
  const givenPassword = env['LUC_DEMO_PASSWORD'];
  if (givenPassword !== undefined && givenPassword !== '' && givenPassword.length < CONFIG_LIMITS.minDemoPasswordLength) {
    fail('LUC_DEMO_PASSWORD', `at least ${CONFIG_LIMITS.minDemoPasswordLength} characters long`, '*'.repeat(givenPassword.length));
  }
  const demoPasswordGenerated = givenPassword === undefined || givenPassword === '';
  const demoPassword = demoPasswordGenerated ? makePassword() : givenPassword;
  const simUnits = integer(env, 'LUC_SIM_UNITS', CONFIG_LIMITS.defaultSimUnits, 0, CONFIG_LIMITS.maxSimUnits);
  const simRate = integer(env, 'LUC_SIM_RATE', CONFIG_LIMITS.defaultSimRate, 0, CONFIG_LIMITS.maxSimRate);
  // Without LUC_SIM_SEED each start draws its own seed; with it, the simulation repeats exactly.
  const simSeed = integer(env, 'LUC_SIM_SEED', Math.floor(Math.random() * 2 ** 31), 0, 2 ** 32 - 1);
  const { recordFile, logDir } = replayLogPlaces(env);
  const allowedOrigins = origins(env, 'LUC_ALLOWED_ORIGINS');
  const mapTileUrl = read(env, 'LUC_MAP_TILE_URL') ?? null;
  if (mapTileUrl !== null && !/^https?:\/\/[^\s]+$/.test(mapTileUrl)) {
    fail('LUC_MAP_TILE_URL', 'an http(s) URL template like https://tile.example.org/{z}/{x}/{y}.png', mapTileUrl);
  }
  const rawLevel = read(env, 'LUC_LOG_LEVEL') ?? 'info';
  const logLevel = LOG_LEVELS.find((l) => l === rawLevel);
  if (logLevel === undefined) fail('LUC_LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, rawLevel);
  const busUrl = natsUrls(env, 'LUC_BUS_URL');
  // Without a bus this process is the only one, so it runs the fleet; with one, an instance runs it
  // only when asked (exactly one process per deployment may: `npm run simulator` or LUC_SIMULATOR=1).
  const simulator = flag(env, 'LUC_SIMULATOR', busUrl === null);
  if (!simulator && busUrl === null) {
    throw new ConfigError('LUC_SIMULATOR', 'LUC_SIMULATOR=0 needs LUC_BUS_URL: without the NATS bus no other process can run the unit fleet');
  }
  const streamMaxAgeS = integer(env, 'LUC_STREAM_MAX_AGE_S', CONFIG_LIMITS.defaultStreamMaxAgeS, CONFIG_LIMITS.minStreamMaxAgeS, CONFIG_LIMITS.maxStreamMaxAgeS);
  const streamMaxMsgs = integer(env, 'LUC_STREAM_MAX_MSGS', CONFIG_LIMITS.defaultStreamMaxMsgs, CONFIG_LIMITS.minStreamMaxMsgs, CONFIG_LIMITS.maxStreamMaxMsgs);
  return {
    port,
    host,
    dbFile,
    databaseUrl,
    demo,
    demoPassword,
    demoPasswordGenerated,
    simUnits,
    simRate,
    simSeed,
    recordFile,
    logDir,
    allowedOrigins,
    mapTileUrl,
    distDir: read(env, 'LUC_DIST_DIR') ?? 'dist',
    logLevel,
    busUrl,
    simulator,
    streamMaxAgeS,
    streamMaxMsgs,
  };
}
