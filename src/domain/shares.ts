/**
 * Shares between publishers and subscribers (spec 002 §1, §3 "Publisher", §5 "Shares") as a unit's
 * sharing options use them: a unit's live stream is shared (channel mode "multipoint share", 001 §2)
 * to subscribers of its inventory. Name and uniqueness checks live in validation/shares.ts; this
 * module adds the share key rules and the sharing selection rules (both ours where the spec is
 * silent).
 */
import type { Roles } from './roles/roleSets.ts';
import { inRoleSet } from './roles/roleSets.ts';
import type { FieldCheck } from './validation/check.ts';
import { firstError } from './validation/check.ts';
import { matches, maxLength, minLength, required } from './validation/fields.ts';
import { MESSAGES, formatMessage } from './validation/messages.ts';

export { SHARE_MESSAGES, SHARE_NAME_MAX_LENGTH, SHARE_NAME_MIN_LENGTH, folderEditError, publisherNameError, shareName, subscriberErrors } from './validation/shares.ts';
import { folderEditError, folderNameError, shareName as shareNameOf, subscriberErrors as subscriberErrorsOf } from './validation/shares.ts';

/** spec 002 §3: a publisher's fields (subscriber "similar"); createdOn is ms since epoch. */
export interface SharePartyFields {
  readonly id: string;
  readonly inventoryId: string;
  readonly name: string;
  readonly shareKey: string;
  readonly description: string;
  readonly groupId: string | null;
  readonly createdOn: number;
  readonly createdBy: string;
}
export type Publisher = SharePartyFields;
export type Subscriber = SharePartyFields;

/**
 * Ours (the spec says only "unique per inventory"): a share key is 8-64 characters of letters,
 * digits, dashes and underscores, so it can travel in a URL or a unit's configuration untouched.
 */
export const SHARE_KEY_MIN_LENGTH = 8;
export const SHARE_KEY_MAX_LENGTH = 64;
const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

export const shareKey: FieldCheck<string | null | undefined> = (value) =>
  firstError(value, [required, minLength(SHARE_KEY_MIN_LENGTH), maxLength(SHARE_KEY_MAX_LENGTH), matches(SHARE_KEY_PATTERN, MESSAGES.alphaDash)]);

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'; // no 0/O, 1/l/I look-alikes

/** A share key from random bytes (the caller draws them; 16 bytes → 16 characters). */
export function shareKeyFromBytes(bytes: Readonly<ArrayLike<number>>): string {
  let key = '';
  for (let i = 0; i < bytes.length; i += 1) key += KEY_ALPHABET[(bytes[i] ?? 0) % KEY_ALPHABET.length];
  return key;
}

/**
 * spec 002 §6 media group set: only super users and media group admins manage shares (/publishers,
 * /subscribers), so only they are shown share keys (ours: others see names and descriptions).
 */
export function maySeeShareKeys(roles: Roles): boolean {
  return inRoleSet(roles, 'mediaGroup');
}

/** Ours: one unit's stream goes to at most 64 subscribers at once. */
export const MAX_SHARE_SUBSCRIBERS = 64;

export const SHARING_MESSAGES = {
  unknownSubscriber: "Subscriber '{0}' is not in this unit's inventory",
  duplicateSubscriber: "Subscriber '{0}' is listed twice",
  tooMany: `A unit can be shared with at most ${MAX_SHARE_SUBSCRIBERS} subscribers`,
} as const;

/**
 * The sharing options a unit may store: each subscriber id once, each one of its inventory's
 * subscribers, at most MAX_SHARE_SUBSCRIBERS. Null when the list passes, else the first problem.
 */
export function sharingSelectionError(subscriberIds: readonly string[], inventorySubscriberIds: Iterable<string>): string | null {
  if (subscriberIds.length > MAX_SHARE_SUBSCRIBERS) return SHARING_MESSAGES.tooMany;
  const known = new Set(inventorySubscriberIds);
  const seen = new Set<string>();
  for (const id of subscriberIds) {
    if (seen.has(id)) return formatMessage(SHARING_MESSAGES.duplicateSubscriber, { 0: id });
    seen.add(id);
    if (!known.has(id)) return formatMessage(SHARING_MESSAGES.unknownSubscriber, { 0: id });
  }
  return null;
}

// ── Publishers, subscribers and folders as the My Publishers / My Subscribers screens edit them ──

/** The two trees of shares (spec 002 §2 /publishers, /subscribers): a folder holds one kind. */
export const SHARE_KINDS = ['publishers', 'subscribers'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Ours: a description is at most 255 characters (the spec's name bound, 002 §9 "Name max"). */
export const SHARE_DESCRIPTION_MAX_LENGTH = 255;
/** Ours: folder names have the parties' bound, 1-32 characters. */
export const SHARE_FOLDER_NAME_MAX_LENGTH = 32;

/** Our words for the folder refusals the spec leaves without words. */
export const FOLDER_MESSAGES = {
  notEmpty: 'A folder that holds publishers, subscribers or folders cannot be deleted',
  unknownFolder: 'Folder not found in this inventory',
} as const;

export interface PartyFormValues {
  readonly name: string;
  /** '' = let the server draw one (create); a key otherwise. */
  readonly shareKey: string;
  readonly description: string;
}

export type PartyField = 'name' | 'shareKey' | 'description';

/**
 * A publisher's or subscriber's form (spec 002 §5): name 1-32; a typed share key follows our key
 * rule (an empty one on create is drawn by the server); description at most 255. For subscribers,
 * `existing` (the inventory's other subscribers) makes the name and key unique per inventory with
 * the spec's two messages; publishers have no uniqueness rule in the spec.
 */
export function partyFormErrors(
  kind: ShareKind,
  values: PartyFormValues & { readonly id?: string; readonly inventoryId: string },
  existing: readonly { readonly id: string; readonly name: string; readonly shareKey: string; readonly inventoryId: string }[] = [],
): Partial<Record<PartyField, string>> {
  const errors: Partial<Record<PartyField, string>> = {};
  const name = shareNameOf(values.name);
  if (name !== null) errors.name = name;
  if (values.shareKey.trim() !== '') {
    const key = shareKey(values.shareKey.trim());
    if (key !== null) errors.shareKey = key;
  }
  const description = maxLength(SHARE_DESCRIPTION_MAX_LENGTH)(values.description);
  if (description !== null) errors.description = description;
  if (kind === 'subscribers') {
    const unique = subscriberErrorsOf(
      { ...(values.id !== undefined ? { id: values.id } : {}), name: values.name.trim(), shareKey: values.shareKey.trim() === '' ? '\u0000new' : values.shareKey.trim(), inventoryId: values.inventoryId },
      existing,
    );
    if (errors.name === undefined && unique.name !== undefined) errors.name = unique.name;
    if (errors.shareKey === undefined && unique.shareKey !== undefined && values.shareKey.trim() !== '') errors.shareKey = unique.shareKey;
  }
  return errors;
}

/**
 * A folder's name (spec 002 §5 "Folder name unique"): required, 1-32, not taken by another folder
 * of the same inventory and kind (without case).
 */
export function shareFolderNameError(name: string | null | undefined, takenNames: Iterable<string>): string | null {
  return firstError(name, [required, maxLength(SHARE_FOLDER_NAME_MAX_LENGTH)]) ?? folderNameError(name, takenNames);
}

/**
 * Why a folder may not be deleted, or null: a root folder cannot be edited (spec 002 §5); a folder
 * that still holds parties or folders is kept (ours: deleting it would lose where they were filed).
 */
export function folderDeletionRefusal(folder: { readonly isRoot: boolean }, holds: { readonly parties: number; readonly folders: number }): string | null {
  return folderEditError(folder) ?? (holds.parties > 0 || holds.folders > 0 ? FOLDER_MESSAGES.notEmpty : null);
}

/** The root folder of each tree, named when the server creates it (ours). */
export const ROOT_FOLDER_NAMES: Readonly<Record<ShareKind, string>> = { publishers: 'All publishers', subscribers: 'All subscribers' };

/** Ours: the group a party names must be one of its inventory's groups. */
export const PARTY_MESSAGES = {
  unknownGroup: 'Group not found in this inventory',
} as const;
