/**
 * Ad-hoc and permanent registration of LU-Smart / LU-Lite devices in a group, and guest invites.
 *
 * - spec 002 §4 / 000 §9: "Ad-hoc registration periods and unit expiration options: 1 day, 3 days,
 *   1 week, 1 month. Permanent key regeneration: never, daily, weekly, monthly. Usage-monitoring
 *   reset every 3, 6 or 12 months or never."
 * - spec 002 §5 / 000 §5 "Ad-hoc or permanent device invites": device name required and unique;
 *   e-mail addresses valid format; phone number digits only.
 * - spec 002 §8 / 000 §8 "Guest invites": "We encountered an error, please try again." plus the
 *   invalid e-mail and invalid phone messages.
 * - spec 001 §3 "Managed service" plan kinds: ADHOC, ADHOC_SMART, ADHOC_LITE, PERMANENT,
 *   PERMANENT_SMART, PERMANENT_LITE.
 *
 * Pure: every time is a number of ms since the epoch handed in by the caller.
 */
import { firstError } from './validation/check.ts';
import { required, uniqueAmong } from './validation/fields.ts';
import { genericName, nameLength } from './validation/names.ts';
import { MESSAGES } from './validation/messages.ts';
import {
  ADHOC_PERIODS,
  ADHOC_PERIOD_LABELS,
  INVITE_FAILED,
  KEY_REGENERATION,
  emailListError,
  parseEmailList,
  phoneNumber,
  type AdhocPeriod,
  type KeyRegeneration,
} from './validation/invites.ts';

export { ADHOC_PERIODS, ADHOC_PERIOD_LABELS, KEY_REGENERATION, type AdhocPeriod, type KeyRegeneration };

export const DAY_MS = 86_400_000;

/** Ours: "1 month" of a period or a key regeneration is 30 days (the spec gives no calendar rule). */
export const MONTH_MS = 30 * DAY_MS;

/** spec 002 §4: ad-hoc registration periods and unit expiration options, in ms. */
export const ADHOC_PERIOD_MS: Readonly<Record<AdhocPeriod, number>> = {
  '1day': DAY_MS,
  '3days': 3 * DAY_MS,
  '1week': 7 * DAY_MS,
  '1month': MONTH_MS,
};

/** The default period of a new registration (ours: the shortest). */
export const DEFAULT_ADHOC_PERIOD: AdhocPeriod = '1day';

/** spec 002 §4: permanent key regeneration, in ms between keys (null: never). */
export const KEY_REGENERATION_MS: Readonly<Record<KeyRegeneration, number | null>> = {
  never: null,
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: MONTH_MS,
};

export const KEY_REGENERATION_LABELS: Readonly<Record<KeyRegeneration, string>> = {
  never: 'Never',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** spec 002 §4: usage-monitoring reset every 3, 6 or 12 months or never. */
export const USAGE_RESETS = ['3months', '6months', '12months', 'never'] as const;
export type UsageReset = (typeof USAGE_RESETS)[number];

/** Calendar months between resets (null: never). */
export const USAGE_RESET_MONTHS: Readonly<Record<UsageReset, number | null>> = {
  '3months': 3,
  '6months': 6,
  '12months': 12,
  never: null,
};

export const USAGE_RESET_LABELS: Readonly<Record<UsageReset, string>> = {
  '3months': 'Every 3 months',
  '6months': 'Every 6 months',
  '12months': 'Every 12 months',
  never: 'Never',
};

/** The device kinds registered ad hoc or permanently: LU-Smart and LU-Lite (spec 000 §2). */
export const DEVICE_KINDS = ['smart', 'lite'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The stored product type of each kind (src/domain/units/productTypes.ts: 'Smart', 'Lite'). */
export const DEVICE_KIND_PRODUCT_TYPE: Readonly<Record<DeviceKind, 'Smart' | 'Lite'>> = { smart: 'Smart', lite: 'Lite' };
export const DEVICE_KIND_LABELS: Readonly<Record<DeviceKind, string>> = { smart: 'LU-Smart', lite: 'LU-Lite' };

/** spec 001 §3 plan kinds of the managed service. */
export const PLAN_KINDS = ['ADHOC', 'ADHOC_SMART', 'ADHOC_LITE', 'PERMANENT', 'PERMANENT_SMART', 'PERMANENT_LITE'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export type Registration = 'adhoc' | 'permanent';

/** The plan kind of a registration of a device kind (no kind: the plain ADHOC / PERMANENT). */
export function planKindOf(registration: Registration, kind: DeviceKind | null): PlanKind {
  const base = registration === 'adhoc' ? 'ADHOC' : 'PERMANENT';
  return kind === null ? base : `${base}_${kind === 'smart' ? 'SMART' : 'LITE'}`;
}

/** The kind of a product type, or null for a unit that is neither LU-Smart nor LU-Lite. */
export function deviceKindOfType(type: string): DeviceKind | null {
  if (type === 'Smart') return 'smart';
  if (type === 'Lite') return 'lite';
  return null;
}

export const isDeviceKind = (value: string): value is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(value);
export const isUsageReset = (value: string): value is UsageReset => (USAGE_RESETS as readonly string[]).includes(value);

// ------------------------------------------------------------------------------------------------
// Times

/** When a registration (or an ad-hoc unit) started at `from` for `period` expires. */
export function adhocExpiresAt(from: number, period: AdhocPeriod): number {
  return from + ADHOC_PERIOD_MS[period];
}

/** Expired at or after its expiry instant; null (no expiry) never expires. */
export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && now >= expiresAt;
}

/** When the permanent key issued at `regeneratedAt` is due for a new one (null: never). */
export function nextKeyRegenerationAt(regeneratedAt: number, policy: KeyRegeneration): number | null {
  const every = KEY_REGENERATION_MS[policy];
  return every === null ? null : regeneratedAt + every;
}

/** True when the policy asks for a new key at `now`. */
export function keyIsDue(regeneratedAt: number, policy: KeyRegeneration, now: number): boolean {
  return isExpired(nextKeyRegenerationAt(regeneratedAt, policy), now);
}

/** `months` calendar months after `from` (UTC), the day clamped to the target month's last day. */
export function addMonthsUtc(from: number, months: number): number {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The first usage reset after `now` of a schedule that started at `since` (null: never). */
export function nextUsageResetAt(since: number, reset: UsageReset, now: number): number | null {
  const months = USAGE_RESET_MONTHS[reset];
  if (months === null) return null;
  let next = addMonthsUtc(since, months);
  for (let step = 2; next <= now; step += 1) next = addMonthsUtc(since, months * step);
  return next;
}

// ------------------------------------------------------------------------------------------------
// Codes (the caller hands in random bytes)

/** Letters and digits a person reads without doubt (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A pairing code "XXXX-XXXX" from 8 random bytes. */
export function pairingCodeFrom(bytes: Uint8Array): string {
  const chars = Array.from(bytes.subarray(0, 8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length] ?? 'A');
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}`;
}

/** A permanent registration key "XXXX-XXXX-XXXX-XXXX" from 16 random bytes. */
export function permanentKeyFrom(bytes: Uint8Array): string {
  const chars = Array.from(bytes.subarray(0, 16), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length] ?? 'A');
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Ours: the deep link the LU-Smart / LU-Lite app opens to join a group with a code or key. */
export function joinLinkOf(kind: DeviceKind, groupId: string, code: string): string {
  return `${kind === 'smart' ? 'lu-smart' : 'lu-lite'}://join?group=${encodeURIComponent(groupId)}&code=${encodeURIComponent(code)}`;
}

// ------------------------------------------------------------------------------------------------
// Validation (spec 002 §5 "Ad-hoc or permanent device invites")

/**
 * Device name: "This field is required"; at most 255 characters; the unit-name characters (it
 * becomes a unit's name, spec 000 §5); "Name field has to be unique" among `takenNames`
 * (case-insensitive, trimmed).
 */
export function deviceNameError(name: string | null | undefined, takenNames: Iterable<string>): string | null {
  return firstError(name, [required, nameLength, genericName, uniqueAmong(takenNames, MESSAGES.uniqueName)]);
}

/** The addresses of an e-mail field (commas, semicolons or spaces between them). */
export const inviteEmails = parseEmailList;

/** E-mail field: "This field is required", or the invalid-address message when any address is bad. */
export function inviteEmailsError(text: string | null | undefined): string | null {
  return emailListError(parseEmailList(text ?? ''));
}

/** Phone field: "This field is required", "Must only contain numeric characters". */
export function invitePhoneError(value: string | null | undefined): string | null {
  return phoneNumber(value);
}

/** spec 002 §8: the generic guest-invite failure, word for word. */
export const GUEST_INVITE_FAILED = INVITE_FAILED;

/** Invitation channels: POST groups/{groupId}/email and groups/{groupId}/sms (spec 002 §7). */
export const INVITE_CHANNELS = ['email', 'sms'] as const;
export type InviteChannel = (typeof INVITE_CHANNELS)[number];
