/**
 * The console's own build, as the browser runs it: the release of package.json (inlined by the
 * bundler; only the version field is kept) and the content hash of this chunk's file name, which
 * names the build exactly (a new build of a changed console gets a new hash).
 */
import { version } from '../../../package.json';

export interface ConsoleBuild {
  readonly version: string;
  /** The chunk's content hash ("BXk2a9Qe"); null when running from sources (the dev server). */
  readonly build: string | null;
  /** Vite's mode: production for a build. */
  readonly mode: string;
}

/** The hash of a built chunk's URL (`/assets/AboutScreen-BXk2a9Qe.js` → `BXk2a9Qe`), else null. */
export function buildHashOf(moduleUrl: string): string | null {
  const match = /-([A-Za-z0-9_]{6,})\.js(?:\?.*)?$/.exec(new URL(moduleUrl, 'http://x').pathname);
  return match?.[1] ?? null;
}

export const CONSOLE_BUILD: ConsoleBuild = { version, build: buildHashOf(import.meta.url), mode: import.meta.env.MODE };
