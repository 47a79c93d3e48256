/**
 * Child processes of the bench (the server, the load generator, the feed server, the heap probe):
 * `node --import tsx FILE`, started from the project root, bounded by a timeout, killed by pid
 * (never by name). Each prints one JSON line on stdout at the end, or a ready line while it runs.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export type Child = {
  readonly process: ChildProcess;
  /** Resolves with the first stdout line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** Resolves with everything written to stdout when the process exits with code 0. */
  done(timeoutMs: number): Promise<string>;
  stop(): void;
  /** The last 4,000 characters the child wrote to stderr. */
  stderr(): string;
};

export function startChild(file: string, args: readonly string[], options: { env?: Record<string, string>; nodeArgs?: readonly string[]; cwd?: string } = {}): Child {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', file, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners: (() => void)[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill('SIGTERM');
  };
  return {
    process: child,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${file}: no ${pattern} within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
        const check = () => {
          const match = pattern.exec(stdout);
          if (match !== null) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        listeners.push(check);
        check();
        void exited.then((code) => {
          clearTimeout(timer);
          if (pattern.exec(stdout) === null) reject(new Error(`${file} exited (${code}) before ${pattern}; stderr: ${stderr}`));
        });
      });
    },
    async done(timeoutMs) {
      const timer = setTimeout(stop, timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      if (code !== 0) throw new Error(`${file} exited with ${code}; stderr: ${stderr}`);
      return stdout;
    },
    stop,
    stderr: () => stderr,
  };
}

/** The last JSON line a child printed. */
export function lastJson<T>(stdout: string): T {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? 'null') as T;
}
