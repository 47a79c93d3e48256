/**
 * A throwaway NATS server with JetStream for tests: `nats-server -js` on a free loopback port, its
 * JetStream files in a temporary folder, `stop` (SIGTERM, folder removed; also done when the process
 * exits early) and `restart` (the same port and folder, so streams survive as they would in
 * production). The binary is Debian's (/usr/sbin/nats-server), LUC_NATS_SERVER, or the PATH;
 * `findNatsServer` says why the server cannot start, so the tests that need it can be reported as
 * skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The server gets this long to accept connections after spawn (ms). */
const START_TIMEOUT_MS = 15_000;
/** A stop waits this long for the process to exit before SIGKILL (ms). */
const STOP_TIMEOUT_MS = 5_000;

export type NatsAvailability = { available: true; binary: string } | { available: false; reason: string };

/** Whether a nats-server can be started here, and which binary. */
export function findNatsServer(): NatsAvailability {
  const fromEnv = process.env['LUC_NATS_SERVER'];
  const candidates = [
    ...(fromEnv !== undefined && fromEnv !== '' ? [fromEnv] : []),
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    ...(process.env['PATH'] ?? '').split(delimiter).filter((p) => p !== '').map((dir) => join(dir, 'nats-server')),
  ];
  const binary = candidates.find((file) => existsSync(file));
  return binary === undefined
    ? { available: false, reason: 'nats-server not found: install Debian’s nats-server package or set LUC_NATS_SERVER' }
    : { available: true, binary };
}

export async function freePort(): Promise<number> {
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

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface NatsTestServer {
  readonly port: number;
  /** nats://127.0.0.1:port */
  readonly url: string;
  /** Stops the process (SIGTERM, then SIGKILL); the JetStream folder stays for `start`. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and folder (after `kill`). */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a JetStream-enabled nats-server (see above); `found` comes from findNatsServer. */
export async function startNats(found: Extract<NatsAvailability, { available: true }>): Promise<NatsTestServer> {
  const folder = mkdtempSync(join(tmpdir(), 'luc-nats-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';

  const launch = async (): Promise<void> => {
    output = '';
    const started = spawn(found.binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', folder], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    started.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child = started;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`nats-server exited (${started.exitCode}): ${output.trim()}`);
      // JetStream is ready a moment after the port opens; the log line says so.
      if ((await accepts(port)) && /Server is ready/.test(output)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nats-server did not start within ${START_TIMEOUT_MS} ms: ${output.trim()}`);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const onExit = (): void => {
    if (child !== null && child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  };
  process.on('exit', onExit);

  try {
    await launch();
  } catch (error) {
    await kill('SIGKILL');
    process.off('exit', onExit);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url: `nats://127.0.0.1:${port}`,
    kill,
    start: launch,
    async stop() {
      await kill();
      process.off('exit', onExit);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
