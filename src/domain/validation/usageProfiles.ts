/**
 * Usage profiles: name, type (data or hours), hours or MB per month, reset day.
 * spec 002 §3 (entity), §5 (Usage profiles), §8 (catalogue), §9 (reset day 1-31, usage reset periods).
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES } from './messages.ts';
import { integer, maxValue, minValue, number, type NumberInput, required, requiredNumber, uniqueAmong } from './fields.ts';
import { nameLength } from './names.ts';

/** spec 002 §3: a profile counts data (MB per month) or hours (per month). */
export const USAGE_PROFILE_TYPES = ['data', 'hours'] as const;
export type UsageProfileType = (typeof USAGE_PROFILE_TYPES)[number];

/** spec 002 §4 and §9: usage-monitoring reset every 3, 6 or 12 months, or never. */
export const USAGE_RESET_PERIODS = ['3months', '6months', '12months', 'never'] as const;
export type UsageResetPeriod = (typeof USAGE_RESET_PERIODS)[number];

/** spec 002 §5 and §9: reset day of the month, 1-31. */
export const RESET_DAY_MIN = 1;
export const RESET_DAY_MAX = 31;

/** The §8 catalogue texts as full sentences. */
export const USAGE_PROFILE_MESSAGES = {
  defaultNotDeletable: 'The default profiles cannot be deleted.',
  hasDevicesNotDeletable: 'Profiles with associated devices cannot be deleted.',
} as const;

/** "This field is required" for a number field (a number value is never blank). */

/** Reset day: required, a whole number 1-31 ("Must be a number", "Must be an integer", "Must be 1 or more", "Must be 31 or less"). */
export const resetDay: FieldCheck<NumberInput> = (value) =>
  firstError<NumberInput>(value, [
    requiredNumber,
    number,
    integer,
    minValue(RESET_DAY_MIN),
    maxValue(RESET_DAY_MAX),
  ]);

/** Value (MB or hours per month): required, a number; our addition: not negative ("Must be 0 or more"). */
export const usageValue: FieldCheck<NumberInput> = (value) =>
  firstError<NumberInput>(value, [
    requiredNumber,
    number,
    minValue(0),
  ]);

/** Type: required and one of data or hours ("Invalid field" otherwise). */
export const usageProfileType: FieldCheck<string | null | undefined> = (value) => {
  if (value === null || value === undefined || value.trim() === '') return MESSAGES.required;
  return (USAGE_PROFILE_TYPES as readonly string[]).includes(value) ? null : MESSAGES.invalidField;
};

export interface UsageProfileForm {
  readonly name: string;
  readonly type: string | null;
  readonly value: string | number | null;
  readonly resetDay: string | number | null;
}
export type UsageProfileField = keyof UsageProfileForm;

/** All usage-profile form errors; `takenNames` are the other profiles' names ("Name field has to be unique"). */
export function usageProfileFormErrors(
  form: UsageProfileForm,
  takenNames: Iterable<string>,
): FormErrors<UsageProfileField> {
  const errors: FormErrors<UsageProfileField> = {};
  const name = firstError(form.name, [required, nameLength, uniqueAmong(takenNames, MESSAGES.uniqueName)]);
  if (name !== null) errors.name = name;
  const type = usageProfileType(form.type);
  if (type !== null) errors.type = type;
  const value = usageValue(form.value);
  if (value !== null) errors.value = value;
  const day = resetDay(form.resetDay);
  if (day !== null) errors.resetDay = day;
  return errors;
}

export interface UsageProfileDeletion {
  readonly isDefault: boolean;
  /** Devices (units) that use this profile. */
  readonly associatedDeviceCount: number;
}

/** spec 002 §5: default profiles and profiles with associated devices cannot be deleted. Null when deletable. */
export function canDeleteUsageProfile(profile: UsageProfileDeletion): string | null {
  if (profile.isDefault) return USAGE_PROFILE_MESSAGES.defaultNotDeletable;
  if (profile.associatedDeviceCount > 0) return USAGE_PROFILE_MESSAGES.hasDevicesNotDeletable;
  return null;
}

/** A multi-select delete: the profiles that may go, and the others with the reason. */
export function splitUsageProfileDeletion<P extends UsageProfileDeletion>(
  profiles: readonly P[],
): { readonly deletable: readonly P[]; readonly refused: ReadonlyArray<{ readonly profile: P; readonly reason: string }> } {
  const deletable: P[] = [];
  const refused: Array<{ profile: P; reason: string }> = [];
  for (const profile of profiles) {
    const reason = canDeleteUsageProfile(profile);
    if (reason === null) deletable.push(profile);
    else refused.push({ profile, reason });
  }
  return { deletable, refused };
}
