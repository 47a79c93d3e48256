/**
 * What the About screen shows of the server (GET v2/about): the product and its release, the
 * build (commit, console build time), when this process started, Node.js and the database engine.
 * Read once per process: none of it changes while the server runs.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { About } from '../../../protocol/rest/about.ts';
import type { StoreDialect } from '../../store/schema.ts';

/** The product's name, as the console's title shows it (locales/en.json app.name). */
export const PRODUCT_NAME = 'LUC Console';

/** How long `git rev-parse` may take before the commit is reported unknown (ms). */
const GIT_TIMEOUT_MS = 2_000;

export interface AboutSources {
  /** The folder holding package.json (the process's working folder in every start script). */
  readonly packageDir: string;
  /** The built console (AppSettings.distDir). */
  readonly distDir: string;
  readonly dialect: StoreDialect;
  readonly startedAt: number;
  /** LUC_BUILD_COMMIT, when the build pipeline sets it. */
  readonly commitFromEnv: string | undefined;
}

/** package.json's version; '0.0.0' when it cannot be read (the server still answers). */
export async function packageVersion(packageDir: string): Promise<string> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The checkout's HEAD commit (short), or null outside a git checkout or without git. */
function gitCommit(cwd: string): Promise<string | null> {
  return new Promise((done) => {
    execFile('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, timeout: GIT_TIMEOUT_MS }, (error, stdout) => {
      const commit = stdout.trim();
      done(error === null && /^[0-9a-f]{7,40}$/.test(commit) ? commit : null);
    });
  });
}

/** The time the served console was built: its index.html's modification time. */
async function consoleBuiltAt(distDir: string): Promise<number | null> {
  try {
    return Math.floor((await stat(join(resolve(distDir), 'index.html'))).mtimeMs);
  } catch {
    return null;
  }
}

export class AboutService {
  private answer: Promise<About> | undefined;

  constructor(private readonly sources: AboutSources) {}

  /** The facts, read on the first call and kept. */
  about(): Promise<About> {
    this.answer ??= this.read();
    return this.answer;
  }

  private async read(): Promise<About> {
    const { packageDir, distDir, dialect, startedAt, commitFromEnv } = this.sources;
    const envCommit = commitFromEnv?.trim();
    const [version, commit, builtAt] = await Promise.all([
      packageVersion(packageDir),
      envCommit !== undefined && envCommit !== '' ? Promise.resolve(envCommit.slice(0, 40)) : gitCommit(packageDir),
      consoleBuiltAt(distDir),
    ]);
    return {
      productName: PRODUCT_NAME,
      serverVersion: version,
      consoleVersion: version,
      build: { commit, consoleBuiltAt: builtAt },
      startedAt,
      nodeVersion: process.version,
      database: dialect,
    };
  }
}
