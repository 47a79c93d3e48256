/**
 * Software versions as dotted numbers (spec 000 §9, 001 §3: "compared as dotted numbers, from 3.5
 * to 9.0"). "7.5.1" > "7.5" > "7.4.10" > "7.4.9": each part compares as an integer, a missing part
 * counts as 0, so "8.0" equals "8.0.0".
 */

export type Version = readonly number[];

/** Oldest and newest software versions the product knows (spec 000 §9). */
export const OLDEST_VERSION = '3.5';
export const NEWEST_VERSION = '9.0';

const DOTTED = /^\d+(\.\d+)*$/;

/** Parses "7.5.1" (or "v7.5.1", or "7.5.1.123-rc" where the build suffix is ignored); null when not a version. */
export function parseVersion(text: string): Version | null {
  const trimmed = text.trim().replace(/^v/i, '').replace(/[-+].*$/, '');
  if (!DOTTED.test(trimmed)) return null;
  return trimmed.split('.').map((part) => Number.parseInt(part, 10));
}

/** -1, 0 or 1 as a is older than, equal to or newer than b. Unparseable versions sort first. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (left === null || right === null) {
    if (left === right) return 0;
    return left === null ? -1 : 1;
  }
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** True when version is the minimum or newer; an unknown version never passes a gate. */
export function versionAtLeast(version: string | null | undefined, minimum: string): boolean {
  if (version === null || version === undefined || parseVersion(version) === null) return false;
  return compareVersions(version, minimum) >= 0;
}

/** The major number ("8.5.2" → 8), or null when not a version. */
export function majorOf(version: string): number | null {
  return parseVersion(version)?.[0] ?? null;
}

/** Minimum versions that unlock features (spec 000 §9, 001 §9). */
export const VERSION_GATES = {
  forceOutput: '6.1.2',
  multipoint: '5.0',
  streamingOffline: '6.0',
  restartServer: '6.4',
  facebook: '6.2.1',
  graphicsOverlay: '8.0',
  serverInfo: '8.5',
  speedTest: '7.5.1',
} as const;

export type VersionGate = keyof typeof VERSION_GATES;

/** True when a unit or channel on this version has the gated feature. */
export function hasFeature(version: string | null | undefined, gate: VersionGate): boolean {
  return versionAtLeast(version, VERSION_GATES[gate]);
}
