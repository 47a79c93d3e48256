/**
 * Ad-hoc or permanent device invites (LU-Smart / LU-Lite registration) and support cases.
 * spec 000 §5 (device name required and unique; e-mail addresses valid; phone digits only; support
 * case description required), spec 002 §4 and §9 (periods, key regeneration), §8 (guest invites).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { INVALID_EMAIL, email, numericOnly, required } from './fields.ts';
import { MESSAGES } from './messages.ts';
import { entityNameError } from './names.ts';

/** spec 002 §4 / 000 §9: ad-hoc registration periods and unit expiration options. */
export const ADHOC_PERIODS = ['1day', '3days', '1week', '1month'] as const;
export type AdhocPeriod = (typeof ADHOC_PERIODS)[number];
export const ADHOC_PERIOD_LABELS: Readonly<Record<AdhocPeriod, string>> = {
  '1day': '1 day',
  '3days': '3 days',
  '1week': '1 week',
  '1month': '1 month',
};

/** spec 002 §4 / 000 §9: permanent key regeneration. */
export const KEY_REGENERATION = ['never', 'daily', 'weekly', 'monthly'] as const;
export type KeyRegeneration = (typeof KEY_REGENERATION)[number];

/** spec 000 §8 and 002 §8: the generic guest-invite failure, word for word. */
export const INVITE_FAILED = 'We encountered an error, please try again.';

export const isAdhocPeriod = (value: string): value is AdhocPeriod => (ADHOC_PERIODS as readonly string[]).includes(value);
export const isKeyRegeneration = (value: string): value is KeyRegeneration =>
  (KEY_REGENERATION as readonly string[]).includes(value);

/** Device name: required, the device name rule of spec 001 §5, unique among `takenNames`. */
export function inviteDeviceNameError(name: string | null | undefined, takenNames: Iterable<string>): string | null {
  return entityNameError(name, takenNames);
}

/** Splits an address field on commas, semicolons and white space; empty pieces are dropped. */
export function parseEmailList(text: string): string[] {
  return text.split(/[\s,;]+/).filter((piece) => piece !== '');
}

/** Addresses of the list that are not valid e-mail addresses, in order. */
export function invalidEmails(addresses: readonly string[]): string[] {
  return addresses.filter((address) => email(address) !== null);
}

/** At least one address, all valid: "This field is required" or "Invalid email address" (ours, from fields.ts). */
export function emailListError(addresses: readonly string[]): string | null {
  if (addresses.length === 0) return MESSAGES.required;
  return invalidEmails(addresses).length === 0 ? null : INVALID_EMAIL;
}

/** Phone number: required, digits only ("Must only contain numeric characters", spec 002 §5). */
export const phoneNumber: FieldCheck<string | null | undefined> = (value) => firstError(value, [required, numericOnly]);

export type InviteField = 'deviceName' | 'emails' | 'phone';

export interface InviteForm {
  readonly deviceName: string;
  /** Addresses for an e-mail invitation (empty when not sending by e-mail). */
  readonly emails: readonly string[];
  /** Phone number for an SMS invitation (null when not sending by SMS). */
  readonly phone: string | null;
}

/** Invite form errors: the device name always; e-mails when any are given; the phone when given. */
export function inviteFormErrors(form: InviteForm, takenDeviceNames: Iterable<string>): FormErrors<InviteField> {
  const errors: FormErrors<InviteField> = {};
  const name = inviteDeviceNameError(form.deviceName, takenDeviceNames);
  if (name !== null) errors.deviceName = name;
  if (form.emails.length > 0) {
    const emails = emailListError(form.emails);
    if (emails !== null) errors.emails = emails;
  }
  if (form.phone !== null) {
    const phone = phoneNumber(form.phone);
    if (phone !== null) errors.phone = phone;
  }
  return errors;
}

/** spec 000 §5: a support case needs a description (the rule lives in supportCase.ts). */
export { supportCaseErrors } from './supportCase.ts';
