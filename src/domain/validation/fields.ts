/**
 * Generic field checks built on the shared messages of spec 002 §5. Entity rules compose these so
 * every form shows the same words for the same kind of mistake.
 */
import type { FieldCheck } from './check.ts';
import { MESSAGES, formatMessage } from './messages.ts';

type Text = string | null | undefined;

const isBlank = (value: Text): boolean => value === null || value === undefined || value.trim() === '';

/** Characters as a person counts them: code points, so an emoji is one character, not two UTF-16 units. */
export const characterCount = (value: Text): number => (value === null || value === undefined ? 0 : Array.from(value).length);

/** "This field is required" for an empty or blank value. */
export const required: FieldCheck<Text> = (value) => (isBlank(value) ? MESSAGES.required : null);

/** "Must have at least {1} characters"; an empty value passes (pair with required). */
export const minLength = (min: number): FieldCheck<Text> => (value) =>
  !isBlank(value) && characterCount(value) < min ? formatMessage(MESSAGES.minLength, { 1: min }) : null;

/** "Must have at most {1} characters". */
export const maxLength = (max: number): FieldCheck<Text> => (value) =>
  characterCount(value) > max ? formatMessage(MESSAGES.maxLength, { 1: max }) : null;

/** A pattern check with the spec's message, or a more specific message when given. */
export const matches = (pattern: RegExp, message?: string): FieldCheck<Text> => (value) =>
  isBlank(value) || pattern.test(value ?? '') ? null : (message ?? formatMessage(MESSAGES.pattern, { 1: pattern.source }));

/** A plain decimal literal as typed in a form: optional sign, digits, optional fraction. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses a form value as a number; a number passes through, text must be a whole decimal literal. */
export function toNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (!DECIMAL.test(text)) return null; // no hex (0x10), binary (0b11) or exponent (1e3) forms
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A numeric form value: typed numbers, or text as typed in an input. */
export type NumberInput = string | number | null | undefined;
const isEmptyNumber = (value: NumberInput): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** "This field is required" for a missing number or blank text; any typed number passes. */
export const requiredNumber: FieldCheck<NumberInput> = (value) => (typeof value === 'number' ? null : required(value));

/** "Must be a number". */
export const number: FieldCheck<NumberInput> = (value) =>
  isEmptyNumber(value) || toNumber(value) !== null ? null : MESSAGES.number;

/** "Must be an integer". */
export const integer: FieldCheck<NumberInput> = (value) => {
  if (isEmptyNumber(value)) return null;
  const parsed = toNumber(value);
  return parsed !== null && Number.isInteger(parsed) ? null : MESSAGES.integer;
};

/** "Must only contain numeric characters" (digits only, no sign, no point). */
export const numericOnly: FieldCheck<Text> = (value) => (isBlank(value) || /^\d+$/.test(value ?? '') ? null : MESSAGES.numericOnly);

/** "Must be {1} or more". */
export const minValue = (min: number): FieldCheck<NumberInput> => (value) => {
  const parsed = toNumber(value);
  return parsed !== null && parsed < min ? formatMessage(MESSAGES.minValue, { 1: min }) : null;
};

/** "Must be {1} or less". */
export const maxValue = (max: number): FieldCheck<NumberInput> => (value) => {
  const parsed = toNumber(value);
  return parsed !== null && parsed > max ? formatMessage(MESSAGES.maxValue, { 1: max }) : null;
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DNS_NAME = /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** True for a dotted IPv4 address with each octet 0-255 and no leading zeros. */
export const isIpv4 = (value: string): boolean => IPV4.test(value);

/** "Invalid IP field" unless the value is an IPv4 address or a DNS host name. */
export const ipOrDns: FieldCheck<Text> = (value) => {
  if (isBlank(value)) return null;
  const text = (value ?? '').trim();
  const looksNumeric = /^[\d.]+$/.test(text);
  return (looksNumeric ? isIpv4(text) : DNS_NAME.test(text)) ? null : MESSAGES.ipOrDns;
};

/** "Invalid IP field" unless the value is a dotted IPv4 address (no host names). */
export const ipv4: FieldCheck<Text> = (value) => (isBlank(value) || isIpv4((value ?? '').trim()) ? null : MESSAGES.ipOrDns);

/** "Invalid Subnet Mask field" unless the value is a contiguous IPv4 mask (255.255.255.0, ...). */
export const subnetMask: FieldCheck<Text> = (value) => {
  if (isBlank(value)) return null;
  const text = (value ?? '').trim();
  if (!isIpv4(text)) return MESSAGES.subnetMask;
  const bits = text.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
  const inverted = (~bits >>> 0) + 1; // a contiguous mask inverted plus one is a power of two
  return (inverted & (inverted - 1)) === 0 ? null : MESSAGES.subnetMask;
};

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Email format. The spec names the rule ("invalid format") but not the words; ours: "Invalid email address". */
export const INVALID_EMAIL = 'Invalid email address';
export const email: FieldCheck<Text> = (value) => (isBlank(value) || EMAIL.test((value ?? '').trim()) ? null : INVALID_EMAIL);

/** "Name field has to be unique" when another item already uses the name (case-insensitive, trimmed). */
export const uniqueAmong = (taken: Iterable<string>, message: string = MESSAGES.uniqueName): FieldCheck<Text> => {
  const names = new Set(Array.from(taken, (name) => name.trim().toLowerCase()));
  return (value) => (!isBlank(value) && names.has((value ?? '').trim().toLowerCase()) ? message : null);
};
