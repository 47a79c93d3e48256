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

export { SHARE_NAME_MAX_LENGTH, SHARE_NAME_MIN_LENGTH, publisherNameError, shareName, subscriberErrors } from './validation/shares.ts';

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
