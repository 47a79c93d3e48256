/**
 * Unit serial numbers. spec 001 §5: XNXXXNNNN or XXXXXNNNN, X an uppercase letter A-Z, N a digit
 * 0-9: nine characters, no spaces, no lowercase. The second character is the only one that may be
 * either class (a digit in the first shape, a letter in the second).
 */
import type { FieldCheck } from './check.ts';

/** spec 001 §5, the two shapes as written there. */
export const SERIAL_NUMBER_SHAPES = ['XNXXXNNNN', 'XXXXXNNNN'] as const;
export type SerialNumberShape = (typeof SERIAL_NUMBER_SHAPES)[number];

const SERIAL_NUMBER = /^[A-Z][A-Z0-9][A-Z]{3}[0-9]{4}$/;

/** Our wording: the spec gives the format, not the message. */
export const INVALID_SERIAL_NUMBER =
  'Serial number must be 9 characters in the form XNXXXNNNN or XXXXXNNNN (X an uppercase letter, N a digit)';

export const isSerialNumber = (value: string): boolean => SERIAL_NUMBER.test(value);

/** The shape a serial number has, or null when it has neither. */
export function serialNumberShape(value: string): SerialNumberShape | null {
  if (!isSerialNumber(value)) return null;
  return /[0-9]/.test(value.charAt(1)) ? 'XNXXXNNNN' : 'XXXXXNNNN';
}

/** The format message for a non-empty value in neither shape (pair with required). */
export const serialNumber: FieldCheck<string | null | undefined> = (value) =>
  value === null || value === undefined || value === '' || isSerialNumber(value) ? null : INVALID_SERIAL_NUMBER;
