/**
 * Shares between publishers and subscribers, with folders. spec 002 §5 (Shares) and §9.
 */
import type { FieldCheck, FormErrors } from './check.ts';
import { firstError } from './check.ts';
import { MESSAGES } from './messages.ts';
import { maxLength, required, uniqueAmong } from './fields.ts';

type Text = string | null | undefined;

/** spec 002 §5 and §9: publisher and subscriber names 1-32 characters. */
export const SHARE_NAME_MIN_LENGTH = 1;
export const SHARE_NAME_MAX_LENGTH = 32;

/** Our wording for the folder rule the spec names without words. */
export const SHARE_MESSAGES = {
  rootFolderNotEditable: 'Root folders cannot be edited',
} as const;

/** 1-32 characters; a blank name counts as empty ("This field is required"). */
export const shareName: FieldCheck<Text> = (value) => firstError(value, [required, maxLength(SHARE_NAME_MAX_LENGTH)]);

export function publisherNameError(name: Text): string | null {
  return shareName(name);
}

export interface SubscriberRecord {
  /** Absent for a subscriber being created. */
  readonly id?: string;
  readonly name: string;
  readonly shareKey: string;
  readonly inventoryId: string;
}

export type SubscriberField = 'name' | 'shareKey';

/**
 * spec 002 §5: subscriber name and share key are unique per inventory. Only subscribers of the same
 * inventory count, and the subscriber being edited (same id) is left out. A taken name gets "Name
 * field has to be unique", a taken share key "This field must be unique" (both spec 002 §5).
 */
export function subscriberErrors(
  subscriber: SubscriberRecord,
  existing: readonly SubscriberRecord[],
): FormErrors<SubscriberField> {
  const others = existing.filter(
    (other) => other.inventoryId === subscriber.inventoryId && (subscriber.id === undefined || other.id !== subscriber.id),
  );
  const errors: FormErrors<SubscriberField> = {};
  const name = firstError(subscriber.name, [shareName, uniqueAmong(others.map((o) => o.name), MESSAGES.uniqueName)]);
  if (name !== null) errors.name = name;
  const shareKey = firstError(subscriber.shareKey, [
    required,
    uniqueAmong(others.map((o) => o.shareKey), MESSAGES.mustBeUnique),
  ]);
  if (shareKey !== null) errors.shareKey = shareKey;
  return errors;
}

/**
 * spec 002 §5: folder name unique. `siblingNames` are the other folders of the same parent (the
 * spec does not give the scope; see docs). Required; "Name field has to be unique" when taken.
 */
export function folderNameError(name: Text, siblingNames: Iterable<string>): string | null {
  return firstError(name, [required, uniqueAmong(siblingNames, MESSAGES.uniqueName)]);
}

/** spec 002 §5: root folders cannot be edited (renamed or deleted). */
export function folderEditError(folder: { readonly isRoot: boolean }): string | null {
  return folder.isRoot ? SHARE_MESSAGES.rootFolderNotEditable : null;
}
