/**
 * Names of channels, devices (units), servers, video returns and groups.
 * spec 001 §5: "Channel, device, server and video return names: letters, numbers, underscores and
 * hyphens; required; unique". spec 000 §5: unit name, same characters, unique. spec 002 §5: groups,
 * same characters; name max 255; the generic-name, alpha-dash and name-taken messages.
 */
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES } from './messages.ts';
import { matches, maxLength, required, uniqueAmong } from './fields.ts';

type Text = string | null | undefined;

/** spec 002 §5 and §9: "Name max 255". */
export const NAME_MAX_LENGTH = 255;

/** ASCII letters, digits, underscore and hyphen, at least one character (no spaces, no accents). */
export const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** spec 000 §8 (unit rename): the name is used by another unit. */
export const UNIT_NAME_IN_USE = 'Please select a different name. The current name is already in use';

/** "Must be no more than 255 characters" (spec 002 §5 name length; the generic maxLength words differ). */
export const nameLength: FieldCheck<Text> = (value) =>
  maxLength(NAME_MAX_LENGTH)(value) === null ? null : MESSAGES.nameLength;

/** "Should contain only letters, numbers, underscores and hyphens". */
export const genericName: FieldCheck<Text> = matches(NAME_PATTERN, MESSAGES.genericName);

/**
 * Same characters, other words: "Should contain only alpha-numeric characters, dashes and
 * underscores". The spec lists this message without naming a field; no entity rule here uses it.
 */
export const alphaDash: FieldCheck<Text> = matches(NAME_PATTERN, MESSAGES.alphaDash);

/** "Name is already taken. Please select a different name" when another item holds the name (trimmed, case-insensitive). */
export const nameNotTaken = (takenNames: Iterable<string>, message: string = MESSAGES.nameTaken): FieldCheck<Text> =>
  uniqueAmong(takenNames, message);

/**
 * One message for a channel, device, server, video return or group name, checked in this order:
 * required, at most 255 characters, allowed characters, not taken. `takenNames` holds the names of
 * the other items of that kind (leave the item being edited out).
 */
export function entityNameError(name: Text, takenNames: Iterable<string>): string | null {
  return firstError(name, [required, nameLength, genericName, nameNotTaken(takenNames)]);
}

/**
 * Unit rename (spec 000 §5 and §8): same rule, but a taken name gets "Please select a different
 * name. The current name is already in use". Returns the first broken rule's message or null.
 * `takenNames` holds the names of the other units (not the unit being renamed).
 */
export function unitNameErrors(name: Text, takenNames: Iterable<string>): string | null {
  return firstError(name, [required, nameLength, genericName, nameNotTaken(takenNames, UNIT_NAME_IN_USE)]);
}
