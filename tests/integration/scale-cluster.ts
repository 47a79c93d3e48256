/**
 * A scale-out deployment on loopback for the scale-out test and the scale bench (issue 18):
 * a throwaway PostgreSQL cluster (postgres.ts), a JetStream nats-server (nats.ts), the fleet owner
 * as its own process (`src/server/simulator.ts`, what `npm run simulator` runs) and N console
 * instances (`src/server/main.ts` with LUC_SIMULATOR=0), each a real child process started through
 * Node's tsx loader, so `kill -9` is a real crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { findPostgres, startPostgres, type PostgresCluster } from './postgres.ts';
import { findNatsServer, freePort, startNats, type NatsTestServer } from './nats.ts';

const root = new URL('../..', import.meta.url).pathname;
export const API_PATH = '/luc/luc-core-web/rest';
export const SCALE_PASSWORD = 'Scale-Passw0rd';
/** A process gets this long to say it is ready (ms): tsx compiles on first start. */
const READY_TIMEOUT_MS = 90_000;

/** Why the deployment cannot run here (PostgreSQL or nats-server missing), or null when it can. */
export function scaleOutUnavailable(): string | null {
  const pg = findPostgres();
  if (!pg.available) return pg.reason;
  const nats = findNatsServer();
  if (!nats.available) return nats.reason;
  return null;
}

export interface ProcessHandle {
  readonly name: string;
  /** The console's base URL (instances only). */
  readonly url: string;
  readonly child: ChildProcess;
  /** The last lines it printed (for failure messages). */
  output(): string;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  alive(): boolean;
}

function startProcess(name: string, script: string, env: Record<string, string>, readyLine: RegExp, url = ''): Promise<ProcessHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, LUC_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const handle: ProcessHandle = {
    name,
    url,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (!handle.alive()) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`));
    }, READY_TIMEOUT_MS);
    const onData = (): void => {
      if (!readyLine.test(output)) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(handle);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

export interface ScaleCluster {
  readonly postgres: PostgresCluster;
  readonly nats: NatsTestServer;
  readonly databaseUrl: string;
  readonly owner: ProcessHandle;
  readonly instances: ProcessHandle[];
  /** Starts one more console instance (or a replacement) on a free port. */
  addInstance(): Promise<ProcessHandle>;
  stop(): Promise<void>;
}

export interface ScaleClusterOptions {
  instances: number;
  units: number;
  /** Simulator churn, events/s. */
  rate: number;
  seed?: number;
}

/** Starts PostgreSQL, nats-server, the fleet owner, then the instances (in parallel). */
export async function startScaleCluster(options: ScaleClusterOptions): Promise<ScaleCluster> {
  const pgFound = findPostgres();
  const natsFound = findNatsServer();
  if (!pgFound.available) throw new Error(pgFound.reason);
  if (!natsFound.available) throw new Error(natsFound.reason);
  const postgres = await startPostgres(pgFound);
  const nats = await startNats(natsFound).catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  const databaseUrl = await postgres.createDatabase();
  const common = {
    LUC_DATABASE_URL: databaseUrl,
    LUC_BUS_URL: nats.url,
    LUC_DEMO_PASSWORD: SCALE_PASSWORD,
    LUC_SIM_UNITS: String(options.units),
    LUC_SIM_RATE: String(options.rate),
    LUC_SIM_SEED: String(options.seed ?? 11),
    LUC_DIST_DIR: join(root, 'tests/.no-dist'),
  };
  const processes: ProcessHandle[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await nats.stop();
    await postgres.stop();
  };
  try {
    // The owner seeds the demo and migrates first; the instances then find both done.
    const owner = await startProcess('fleet owner', 'src/server/simulator.ts', common, /fleet owner: running/i);
    processes.push(owner);
    let count = 0;
    const addInstance = async (): Promise<ProcessHandle> => {
      count += 1;
      const port = await freePort();
      const handle = await startProcess(`instance ${count}`, 'src/server/main.ts', { ...common, PORT: String(port), LUC_SIMULATOR: '0' }, /LUC console: http/, `http://127.0.0.1:${port}`);
      processes.push(handle);
      return handle;
    };
    const instances = await Promise.all(Array.from({ length: options.instances }, () => addInstance()));
    return { postgres, nats, databaseUrl, owner, instances, addInstance, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** One REST call to an instance; answers status and parsed JSON (undefined when not JSON). A refused connection answers status 0. */
export async function rest(base: string, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Promise<{ status: number; json: any; headers: Headers | null; error?: string }> {
  const headers: Record<string, string> = { accept: 'application/json', 'application-id': 'luc-console' };
  if (init.cookie !== undefined) headers['cookie'] = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${base}${API_PATH}/${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, headers: response.headers };
  } catch (error) {
    // Status 0: no answer (refused, reset, or the 10 s timeout); the reason travels for the failure text.
    return { status: 0, json: undefined, headers: null, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** How long a sign-in that gets no answer is retried (ms). */
const SIGN_IN_PATIENCE_MS = 60_000;

/** Signs in on an instance; answers the cookie pair. */
export async function signInOn(base: string, username: string): Promise<string> {
  // A sign-in that got no answer at all (status 0) is tried again for up to SIGN_IN_PATIENCE_MS: on a
  // loaded 2-core machine, password hashing behind PostgreSQL and the churning owner can exceed
  // one request's 10 s timeout. Any answer other than 200 fails at once.
  const deadline = Date.now() + SIGN_IN_PATIENCE_MS;
  let result = await rest(base, 'auth/login', { body: { username, password: SCALE_PASSWORD } });
  while (result.status === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    result = await rest(base, 'auth/login', { body: { username, password: SCALE_PASSWORD } });
  }
  if (result.status !== 200 || result.headers === null) {
    throw new Error(`sign-in of ${username} on ${base} failed: ${result.status}${result.error !== undefined ? ` (${result.error})` : ''}`);
  }
  const pair = (result.headers.get('set-cookie') ?? '').split(';')[0];
  if (pair === undefined || pair === '') throw new Error('no session cookie');
  return pair;
}
