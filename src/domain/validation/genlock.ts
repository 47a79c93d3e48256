/**
 * SMPTE 2110 channel timing fields. spec 001 §5: genlock offset -511 to 511; SMPTE port and PTP
 * domain ranges come from bounds supplied at runtime (by the server; values not in the spec).
 */
import { GENLOCK_OFFSET_MAX, GENLOCK_OFFSET_MIN } from '../constants.ts';
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { integer, maxValue, minValue, number, type NumberInput, required, requiredNumber } from './fields.ts';

/** spec 001 §5 and §9: genlock offset, whole steps. */
export const GENLOCK_OFFSET = { min: GENLOCK_OFFSET_MIN, max: GENLOCK_OFFSET_MAX } as const;

export interface RuntimeBounds {
  readonly min: number;
  readonly max: number;
}

/**
 * A required whole number within bounds known only at runtime: "This field is required", "Must be
 * a number", "Must be an integer", "Must be {min} or more", "Must be {max} or less".
 */
export function withinRuntimeBounds(value: NumberInput, bounds: RuntimeBounds): string | null {
  return firstError<NumberInput>(value, [requiredNumber, number, integer, minValue(bounds.min), maxValue(bounds.max)]);
}

/** Genlock offset -511..511 (integer). */
export const genlockOffset: FieldCheck<NumberInput> = (value) => withinRuntimeBounds(value, GENLOCK_OFFSET);

/** SMPTE port within the server's bounds. */
export const smptePortError = (value: NumberInput, bounds: RuntimeBounds): string | null => withinRuntimeBounds(value, bounds);

/** PTP domain within the server's bounds. */
export const ptpDomainError = (value: NumberInput, bounds: RuntimeBounds): string | null => withinRuntimeBounds(value, bounds);
