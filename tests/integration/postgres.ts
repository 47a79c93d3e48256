/**
 * A throwaway PostgreSQL cluster for tests: `initdb` into a temporary folder, `pg_ctl start` on a
 * free loopback port with its unix socket in that folder, one fresh database per `createDatabase`,
 * and `stop` (pg_ctl stop, folder removed; also done when the process exits early).
 *
 * The binaries are Debian's (/usr/lib/postgresql/<version>/bin, newest first), LUC_PG_BIN, or the
 * PATH. initdb refuses to run as root: as root the folder is given to the `postgres` user and every
 * binary runs through `runuser -u postgres --`. `findPostgres` says why the cluster cannot start
 * (binaries or that user missing), so the tests that need it can be reported as skipped.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/** initdb and pg_ctl each get this long (ms). */
const COMMAND_TIMEOUT_MS = 60_000;
/** pg_ctl start -w waits this long for the server (s). */
const START_WAIT_S = 30;

export type PostgresAvailability = { available: true; bin: string; runAs: { uid: number; gid: number } | null } | { available: false; reason: string };

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function binDirectory(): string | null {
  const fromEnv = process.env['LUC_PG_BIN'];
  const candidates: string[] = fromEnv !== undefined && fromEnv !== '' ? [fromEnv] : [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  candidates.push(...(process.env['PATH'] ?? '').split(delimiter).filter((p) => p !== ''));
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

function idOf(flag: '-u' | '-g', user: string): number | null {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
}

/** Whether a cluster can be started here, and with which binaries. */
export function findPostgres(): PostgresAvailability {
  const bin = binDirectory();
  if (bin === null) return { available: false, reason: 'PostgreSQL binaries (initdb, pg_ctl) not found: install Debian’s postgresql package or set LUC_PG_BIN' };
  if (!isRoot()) return { available: true, bin, runAs: null };
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  if (uid === null || gid === null) return { available: false, reason: 'running as root and there is no `postgres` user to run initdb as' };
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) {
    return { available: false, reason: 'running as root and runuser is missing' };
  }
  return { available: true, bin, runAs: { uid, gid } };
}

function run(found: Extract<PostgresAvailability, { available: true }>, command: string, args: string[]): void {
  const full = join(found.bin, command);
  const [program, programArgs] = found.runAs === null ? [full, args] : ['runuser', ['-u', 'postgres', '--', full, ...args]];
  const result = spawnSync(program, programArgs, { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || String(result.error ?? '')).trim()}`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  readonly port: number;
  /** Creates an empty database and answers its postgres:// URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (pg_ctl stop -m fast), keeping its data: the scale-out test's outage. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data after `halt`. */
  restart(): Promise<void>;
  /** Closes the admin connection, stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a cluster (see above); `found` comes from findPostgres. */
export async function startPostgres(found: Extract<PostgresAvailability, { available: true }>): Promise<PostgresCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'luc-pg-'));
  if (found.runAs !== null) chownSync(folder, found.runAs.uid, found.runAs.gid);
  const data = join(folder, 'data');
  const port = await freePort();
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      if (existsSync(join(data, 'postmaster.pid'))) run(found, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  process.on('exit', stop);
  let options = '';
  const startCluster = (): void => run(found, 'pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', options, '-w', '-t', String(START_WAIT_S), 'start']);
  try {
    run(found, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions']);
    // A test cluster: durability off (fsync), loopback and the folder's socket only.
    options = `-p ${port} -h 127.0.0.1 -k ${folder} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    startCluster();
  } catch (error) {
    const log = join(folder, 'server.log');
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-10).join('\n') : '';
    stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${tail === '' ? '' : `\n${tail}`}`);
  }
  let databases = 0;
  const admin = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1 });
  admin.on('error', () => undefined); // an idle connection dropped by halt(): the next query reconnects
  return {
    port,
    async createDatabase() {
      databases += 1;
      const name = `luc_test_${databases}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async halt() {
      run(found, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async restart() {
      startCluster();
    },
    async stop() {
      await admin.end().catch(() => undefined);
      stop();
    },
  };
}
