/**
 * Port fields shared by streaming destinations, video return and IP pipe (spec 001 §5).
 * Every check lets an empty value through (pair with `required`), like the checks in fields.ts,
 * and answers with the shared messages of spec 002 §5 ("Must be a number", "Must be an integer",
 * "Must be {1} or more", "Must be {1} or less").
 */
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { integer, maxValue, minValue, number, type NumberInput, toNumber } from './fields.ts';

/** The whole TCP/UDP port space: spec 001 §5 "port 0-65535" (MPEG-TS port). */
export const PORT_RANGE = { min: 0, max: 65_535 } as const;

/**
 * Ports a listener can be told to use: spec 001 §5 "Video return destination port and IP pipe port
 * 1-65535". Port 0 means "any port" to the operating system, so it cannot be a destination.
 */
export const NON_ZERO_PORT_RANGE = { min: 1, max: 65_535 } as const;

/**
 * Source ports 554-557 are refused: spec 001 §5 "Source port 0-553 or 558-65535". The spec gives no
 * reason; we infer the block is kept for the unit's own RTSP service (554 is RTSP's registered
 * port), so an SRT/MPEG-TS source port there would collide with it.
 */
export const RESERVED_SOURCE_PORTS = { min: 554, max: 557 } as const;

/** Ours (the spec names the rule, not the words). */
export const RESERVED_SOURCE_PORT_MESSAGE = 'Ports 554-557 are reserved; use 0-553 or 558-65535';

/** A numeric range check on top of the shared number/integer checks; empty passes. */
export const portIn = (range: { readonly min: number; readonly max: number }): FieldCheck<NumberInput> => {
  const checks = [number, integer, minValue(range.min), maxValue(range.max)] as const;
  return (value) => firstError(value, checks);
};

/** True for an integer port within [min, max]. */
export const isPortIn = (value: number, range: { readonly min: number; readonly max: number }): boolean =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** MPEG-TS destination port: 0-65535 (spec 001 §5). */
export const port: FieldCheck<NumberInput> = portIn(PORT_RANGE);

/** Video return destination port: 1-65535 (spec 001 §5). */
export const videoReturnPort: FieldCheck<NumberInput> = portIn(NON_ZERO_PORT_RANGE);

/** IP pipe port: 1-65535 (spec 001 §5). */
export const ipPipePort: FieldCheck<NumberInput> = portIn(NON_ZERO_PORT_RANGE);

/**
 * Web RTC port: 1-65535. Spec 001 §5 says a web RTC port error text reads 1-65353 and that "both
 * readings are given". We take 1-65535 as the rule: 65353 looks like a transposition of 65535, and
 * refusing 65354-65535 would reject valid ports for no reason. The 1-65353 text is not reproduced.
 */
export const webRtcPort: FieldCheck<NumberInput> = portIn(NON_ZERO_PORT_RANGE);

/** True for an allowed source port: 0-553 or 558-65535 (spec 001 §5). */
export const isSourcePortAllowed = (value: number): boolean =>
  isPortIn(value, PORT_RANGE) && (value < RESERVED_SOURCE_PORTS.min || value > RESERVED_SOURCE_PORTS.max);

/** Source port of a streaming destination: 0-553 or 558-65535 (spec 001 §5). */
export const sourcePort: FieldCheck<NumberInput> = (value) => {
  const rangeError = port(value);
  if (rangeError !== null) return rangeError;
  const parsed = toNumber(value);
  return parsed !== null && !isSourcePortAllowed(parsed) ? RESERVED_SOURCE_PORT_MESSAGE : null;
};
