/**
 * Video delay of a unit (spec 000 §5, §9; 001 §9; 002 §5, §9). All values are milliseconds; the
 * spec's "0.9 s" and "0.8 s" are 900 ms and 800 ms.
 *
 * Two configurations exist: the normal one has a minimum and the sub-second one a maximum, both
 * supplied by the server at runtime (spec 000 §5), so they come in as `DelayBounds`.
 */
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { integer, maxValue, minValue, number, type NumberInput, required, requiredNumber } from './fields.ts';
import { versionAtLeast } from '../versions.ts';
import { LINK_TYPES, type LinkType } from './network.ts';

/** Unit type groups that carry a video delay (spec 000 §3 type groups; servers and extenders have none). */
export const DELAY_TYPE_GROUPS = ['fieldUnits', 'cameraUnits', 'liteUnits', 'smartUnits', 'ptmpUnits'] as const;
export type DelayTypeGroup = (typeof DELAY_TYPE_GROUPS)[number];

/** spec 000 §5, 001 §9: lists "from 400 ms up to 20000 ms; the camera list starts at 500 ms". */
export const DELAY_LIST_MS = { min: 400, cameraMin: 500, max: 20_000 } as const;

/** spec 000 §5, §9; 002 §5: a delay below 1000 ms is flagged as low. */
export const LOW_DELAY_BELOW_MS = 1_000;

/** spec 000 §5, §9: "On-the-fly change is supported from 0.9 s". */
export const ON_THE_FLY_FROM_MS = 900;

/** spec 000 §5, 001 §9: "A delay below 0.8 s allows only Ethernet or Wi-Fi". */
export const CELLULAR_ALLOWED_FROM_MS = 800;

/**
 * Ours: the specs say the lists depend on the version but give no gate. We offer sub-second delays
 * (the 400-900 ms steps) to units on 7.0 or newer; change this one constant when the real gate is
 * known. An unknown version gets no sub-second list.
 */
export const SUB_SECOND_DELAY_FROM_VERSION = '7.0';

/**
 * Ours: the rounded delay steps (the specs give the range, not the steps; 002 §5 "the accepted delay
 * list is rounded"). 100 ms steps below 1 s, 500 ms steps to 3 s, 1 s steps to 10 s, then 12, 15
 * and 20 s.
 */
export const DELAY_STEPS_MS = [
  400, 500, 600, 700, 800, 900, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000,
  12_000, 15_000, 20_000,
] as const;

/** Bounds the server supplies (spec 000 §5): the normal minimum and the sub-second maximum. */
export interface ServerDelayBounds {
  readonly normalMinMs: number;
  readonly subSecondMaxMs: number;
}

/**
 * Used when the server has not answered yet: the normal minimum is the "Minimum video delay
 * 1000 ms" of spec 002 §9; the sub-second maximum (ours) is the largest step below one second.
 */
export const DEFAULT_DELAY_BOUNDS: ServerDelayBounds = { normalMinMs: 1_000, subSecondMaxMs: 900 };

/** The first delay a unit of this type group may use: 500 ms for cameras, 400 ms otherwise. */
export const delayListStartMs = (typeGroup: DelayTypeGroup): number =>
  typeGroup === 'cameraUnits' ? DELAY_LIST_MS.cameraMin : DELAY_LIST_MS.min;

/** True when the unit's version offers the sub-second configuration (our gate, see above). */
export const supportsSubSecondDelay = (version: string | null | undefined): boolean =>
  versionAtLeast(version, SUB_SECOND_DELAY_FROM_VERSION);

export interface DelayListRequest {
  readonly typeGroup: DelayTypeGroup;
  readonly version: string | null | undefined;
  readonly subSecond: boolean;
  readonly bounds?: ServerDelayBounds;
}

/**
 * The delay choices (ms, ascending) for a unit:
 * - normal: the steps from max(type-group start, server minimum) to 20000 ms;
 * - sub-second: the steps from the type-group start (400, camera 500) to the server's sub-second
 *   maximum, and none at all for a version below the sub-second gate.
 */
export function delayChoices(request: DelayListRequest): readonly number[] {
  const bounds = request.bounds ?? DEFAULT_DELAY_BOUNDS;
  const start = delayListStartMs(request.typeGroup);
  if (request.subSecond) {
    if (!supportsSubSecondDelay(request.version)) return [];
    return DELAY_STEPS_MS.filter((ms) => ms >= start && ms <= bounds.subSecondMaxMs);
  }
  const min = Math.max(start, bounds.normalMinMs);
  return DELAY_STEPS_MS.filter((ms) => ms >= min && ms <= DELAY_LIST_MS.max);
}

/**
 * Snaps a delay (e.g. one reported by the unit, or typed) to the nearest accepted choice; a tie
 * goes to the longer delay, the safer side for a bonded stream. Null when there are no choices.
 */
export function roundDelay(ms: number, choices: readonly number[] = DELAY_STEPS_MS): number | null {
  let best: number | null = null;
  for (const choice of choices) {
    if (best === null) {
      best = choice;
      continue;
    }
    const distance = Math.abs(choice - ms);
    const bestDistance = Math.abs(best - ms);
    if (distance < bestDistance || (distance === bestDistance && choice > best)) best = choice;
  }
  return best;
}

/** True for a delay below 1000 ms (spec 000 §9, 002 §5: flagged as low). */
export const isLowDelay = (ms: number): boolean => ms < LOW_DELAY_BELOW_MS;

/**
 * True when a streaming unit can move from `currentMs` to `nextMs` without stopping: on-the-fly
 * change is supported from 900 ms (spec 000 §5), so both ends must be at or above it.
 */
export const canChangeDelayOnTheFly = (currentMs: number, nextMs: number): boolean =>
  currentMs >= ON_THE_FLY_FROM_MS && nextMs >= ON_THE_FLY_FROM_MS;

const WIRED_AND_WIFI: readonly LinkType[] = ['lan', 'wifi'];

/** The link types a unit may bond at this delay: below 800 ms only Ethernet or Wi-Fi (spec 000 §5). */
export const interfacesAllowedForDelay = (ms: number): readonly LinkType[] =>
  ms < CELLULAR_ALLOWED_FROM_MS ? WIRED_AND_WIFI : LINK_TYPES;

/** What a delay field is checked against: the configuration in use and the server's bounds. */
export interface DelayBounds extends ServerDelayBounds {
  readonly subSecond: boolean;
  readonly typeGroup: DelayTypeGroup;
}

/** The accepted range in ms for a configuration. */
export function delayRangeMs(bounds: DelayBounds): { readonly min: number; readonly max: number } {
  const start = delayListStartMs(bounds.typeGroup);
  return bounds.subSecond
    ? { min: start, max: bounds.subSecondMaxMs }
    : { min: Math.max(start, bounds.normalMinMs), max: DELAY_LIST_MS.max };
}

/**
 * The delay field's message, or null: required, a whole number of ms, then "Must be {1} or more" /
 * "Must be {1} or less" (spec 002 §5) against the range of the configuration in use.
 */
export function delayErrors(value: NumberInput, bounds: DelayBounds): string | null {
  const range = delayRangeMs(bounds);
  return firstError(value, [requiredNumber, number, integer, minValue(range.min), maxValue(range.max)]);
}
