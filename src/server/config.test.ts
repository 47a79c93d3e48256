import { describe, expect, it } from 'vitest';
import { CONFIG_LIMITS, ConfigError, parseConfig, storeTargetOf } from './config.ts';

const fixedPassword = (): string => 'generated-pass';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env, fixedPassword);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('uses the defaults of issue 3 with an empty environment', () => {
    const config = parseConfig({}, fixedPassword);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dbFile: './data/luc.db',
      databaseUrl: null,
      demo: true,
      demoPassword: 'generated-pass',
      demoPasswordGenerated: true,
      simUnits: 2_000,
      simRate: 50,
      recordFile: null,
      allowedOrigins: [],
      mapTileUrl: null,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        LUC_DB: '/tmp/x.db',
        LUC_DEMO: '0',
        LUC_DEMO_PASSWORD: 'Secret-123',
        LUC_SIM_UNITS: '50000',
        LUC_SIM_RATE: '100000',
        LUC_SIM_SEED: '42',
        LUC_RECORD: 'events.ndjson',
        LUC_ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080/',
        LUC_MAP_TILE_URL: 'https://{a-c}.tile.example.org/{z}/{x}/{y}.png',
        LUC_LOG_LEVEL: 'debug',
      },
      fixedPassword,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dbFile: '/tmp/x.db',
      demo: false,
      demoPassword: 'Secret-123',
      demoPasswordGenerated: false,
      simUnits: 50_000,
      simRate: 100_000,
      simSeed: 42,
      recordFile: 'events.ndjson',
      allowedOrigins: ['https://a.example.com', 'http://b.example.com:8080'],
      logLevel: 'debug',
    });
  });

  it.each([
    ['LUC_SIM_UNITS', '50000', 50_000],
    ['LUC_SIM_UNITS', '0', 0],
    ['LUC_SIM_RATE', '100000', 100_000],
    ['PORT', '65535', 65_535],
    ['PORT', '0', 0],
  ])('accepts %s=%s at the edge of its range', (name, value, expected) => {
    const config = parseConfig({ [name]: value }, fixedPassword) as unknown as Record<string, unknown>;
    const key = { LUC_SIM_UNITS: 'simUnits', LUC_SIM_RATE: 'simRate', PORT: 'port' }[name] ?? name;
    expect(config[key]).toBe(expected);
  });

  it.each([
    ['PORT', '80a', 'PORT must be an integer from 0 to 65535 (got "80a")'],
    ['PORT', '65536', 'PORT must be an integer from 0 to 65535 (got "65536")'],
    ['LUC_SIM_UNITS', '50001', `LUC_SIM_UNITS must be an integer from 0 to ${CONFIG_LIMITS.maxSimUnits} (got "50001")`],
    ['LUC_SIM_UNITS', '-1', 'LUC_SIM_UNITS must be an integer from 0 to 50000 (got "-1")'],
    ['LUC_SIM_RATE', '100001', 'LUC_SIM_RATE must be an integer from 0 to 100000 (got "100001")'],
    ['LUC_SIM_RATE', '1.5', 'LUC_SIM_RATE must be an integer from 0 to 100000 (got "1.5")'],
    ['LUC_SIM_SEED', 'abc', 'LUC_SIM_SEED must be an integer from 0 to 4294967295 (got "abc")'],
    ['LUC_DEMO', 'maybe', `LUC_DEMO must be '1' (on) or '0' (off) (got "maybe")`],
    ['LUC_DEMO_PASSWORD', 'short', 'LUC_DEMO_PASSWORD must be at least 8 characters long (got "*****")'],
    ['LUC_ALLOWED_ORIGINS', 'not a url', 'LUC_ALLOWED_ORIGINS must be a comma-separated list of origins like https://console.example.com (got "not a url")'],
    ['LUC_ALLOWED_ORIGINS', 'https://a.example.com/path', 'LUC_ALLOWED_ORIGINS must be a comma-separated list of origins like https://console.example.com (got "https://a.example.com/path")'],
    ['LUC_LOG_LEVEL', 'loud', 'LUC_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['HOST', 'a b', 'HOST must be a host name or IP address (got "a b")'],
    ['LUC_DATABASE_URL', 'mysql://db/luc', 'LUC_DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/luc (got "mysql://db/luc")'],
    ['LUC_DATABASE_URL', './data/luc.db', 'LUC_DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/luc (got "./data/luc.db")'],
    ['LUC_BUS_URL', 'http://nats:4222', 'LUC_BUS_URL must be one or more NATS URLs like nats://host:4222 or tls://host:4222, separated by commas (got "http://nats:4222")'],
    ['LUC_BUS_URL', 'nats://a:4222,localhost:4222', 'LUC_BUS_URL must be one or more NATS URLs like nats://host:4222 or tls://host:4222, separated by commas (got "nats://a:4222,localhost:4222")'],
    ['LUC_BUS_URL', 'nats://host:4222/luc', 'LUC_BUS_URL must be one or more NATS URLs like nats://host:4222 or tls://host:4222, separated by commas (got "nats://host:4222/luc")'],
    ['LUC_SIMULATOR', '2', "LUC_SIMULATOR must be '1' (on) or '0' (off) (got \"2\")"],
    ['LUC_SIMULATOR', '0', 'LUC_SIMULATOR=0 needs LUC_BUS_URL: without the NATS bus no other process can run the unit fleet'],
    ['LUC_STREAM_MAX_AGE_S', '9', 'LUC_STREAM_MAX_AGE_S must be an integer from 10 to 86400 (got "9")'],
    ['LUC_STREAM_MAX_AGE_S', '86401', 'LUC_STREAM_MAX_AGE_S must be an integer from 10 to 86400 (got "86401")'],
    ['LUC_STREAM_MAX_AGE_S', '5m', 'LUC_STREAM_MAX_AGE_S must be an integer from 10 to 86400 (got "5m")'],
    ['LUC_STREAM_MAX_MSGS', '999', 'LUC_STREAM_MAX_MSGS must be an integer from 1000 to 100000000 (got "999")'],
    ['LUC_STREAM_MAX_MSGS', '100000001', 'LUC_STREAM_MAX_MSGS must be an integer from 1000 to 100000000 (got "100000001")'],
  ])('stops the start naming %s when it is %s', (name, value, message) => {
    const error = errorOf({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });

  it('never echoes a refused demo password', () => {
    expect(errorOf({ LUC_DEMO_PASSWORD: 'abc1234' }).message).not.toContain('abc1234');
  });

  it('reads LUC_DATABASE_URL (postgres:// or postgresql://), which wins over LUC_DB', () => {
    for (const url of ['postgres://luc:pw@db.example.com:5432/luc', 'postgresql://luc@localhost/luc?sslmode=disable', 'postgres:///luc?host=/var/run/postgresql']) {
      const config = parseConfig({ LUC_DATABASE_URL: url, LUC_DB: '/tmp/x.db' }, fixedPassword);
      expect(config).toMatchObject({ databaseUrl: url, dbFile: '/tmp/x.db' });
      expect(storeTargetOf(config)).toBe(url);
    }
    const unset = parseConfig({ LUC_DATABASE_URL: ' ', LUC_DB: '/tmp/x.db' }, fixedPassword);
    expect(unset.databaseUrl).toBeNull();
    expect(storeTargetOf(unset)).toBe('/tmp/x.db');
  });

  it('runs embedded by default: no bus, the simulator in process, the stream defaults', () => {
    expect(parseConfig({}, fixedPassword)).toMatchObject({ busUrl: null, simulator: true, streamMaxAgeS: 300, streamMaxMsgs: 1_000_000 });
  });

  it('reads the scale-out bus settings; with a bus the simulator is off unless LUC_SIMULATOR=1', () => {
    for (const url of ['nats://127.0.0.1:4222', 'tls://nats.example.com:4222', 'nats://a:4222, nats://b:4222', 'nats://luc:pw@nats:4222']) {
      expect(parseConfig({ LUC_BUS_URL: url }, fixedPassword)).toMatchObject({ busUrl: url, simulator: false });
    }
    expect(parseConfig({ LUC_BUS_URL: 'nats://n:4222', LUC_SIMULATOR: '1' }, fixedPassword).simulator).toBe(true);
    expect(parseConfig({ LUC_SIMULATOR: '1' }, fixedPassword)).toMatchObject({ busUrl: null, simulator: true });
    const bounds = parseConfig({ LUC_STREAM_MAX_AGE_S: '10', LUC_STREAM_MAX_MSGS: '100000000' }, fixedPassword);
    expect(bounds).toMatchObject({ streamMaxAgeS: 10, streamMaxMsgs: 100_000_000 });
    expect(parseConfig({ LUC_STREAM_MAX_AGE_S: '86400', LUC_STREAM_MAX_MSGS: '1000' }, fixedPassword)).toMatchObject({ streamMaxAgeS: 86_400, streamMaxMsgs: 1_000 });
  });

  it('never echoes the password of a refused LUC_BUS_URL', () => {
    const error = errorOf({ LUC_BUS_URL: 'http://luc:s3cret@nats:4222' });
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain('http://luc:***@nats:4222');
  });

  it('never echoes the password of a refused LUC_DATABASE_URL', () => {
    const error = errorOf({ LUC_DATABASE_URL: 'mysql://luc:s3cret@db/luc' });
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain('mysql://luc:***@db/luc');
  });

  it('treats an empty value as unset', () => {
    expect(parseConfig({ PORT: '', LUC_DEMO: '' }, fixedPassword)).toMatchObject({ port: 8080, demo: true });
  });
});
