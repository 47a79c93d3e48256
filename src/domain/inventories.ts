/**
 * Inventories (spec 001 §3 Inventory, §7 "Admin inventories", §8; 002 §3 Inventory, §5): the rules
 * of the inventories area, pure. The server's service (src/server/areas/inventories/service.ts)
 * and the console's form (src/features/systemEntities/) both use them, so a refusal reads the
 * same in both places. Who may call what is in the permissions table (roles/permissions.ts:
 * inventories.read for the admin set, inventories.admin for the super user).
 *
 * Our readings where the spec says less (docs/domain.md "Inventories"):
 * - the name follows the entity name rule (letters, numbers, underscores, hyphens; at most 255;
 *   unique without case), because the auto group is named after it and group names follow it;
 * - region and customer are free text (at most 64 and 255 characters);
 * - the parent is another inventory, never the inventory itself and never one below it (a loop);
 * - SIP server: an IPv4 address or a DNS host name ("Invalid IP field"), or empty for none;
 * - default software versions: per unit type group (spec 000 §3), a dotted number from 3.5 to
 *   9.0 (spec 000 §9), or none;
 * - properties: free key/value text, keys of letters, digits, dashes and underscores, unique;
 * - identity provider: '' is the console's own sign-in; otherwise the external provider's name
 *   (spec 002 §5: its inventories get no users from the console); user licences: how many active
 *   users the inventory may hold, null for no limit (spec 002 §8 "no available user licence");
 * - deletion: refused with the spec's texts while the inventory has overlays or an active audio
 *   room (001 §8), and (ours) while it still holds groups, units or users, which would otherwise
 *   silently leave every operator's view; the refusal says how many, so they can be moved first.
 */
import { ERRORS } from './errors.ts';
import { INVENTORY_FEATURE_FLAG_NAMES, type InventoryFeatureFlag } from './roles/roleSets.ts';
import { UNIT_TYPE_GROUPS, type UnitTypeGroup } from './units/productTypes.ts';
import { compareVersions, NEWEST_VERSION, OLDEST_VERSION } from './versions.ts';
import { firstError, type FieldCheck, type FormErrors } from './validation/check.ts';
import { integer, ipOrDns, matches, maxLength, minValue, maxValue, required, toNumber, type NumberInput } from './validation/fields.ts';
import { PARENT_IS_DESCENDANT, parentInventoryError } from './validation/groups.ts';
import { MESSAGES, formatMessage } from './validation/messages.ts';
import { entityNameError, NAME_PATTERN } from './validation/names.ts';

/** Characters (code points). */
export const REGION_MAX_LENGTH = 64;
export const CUSTOMER_MAX_LENGTH = 255;
/** A DNS name is at most 253 characters (RFC 1035). */
export const SIP_SERVER_MAX_LENGTH = 253;
export const IDENTITY_PROVIDER_MAX_LENGTH = 64;
export const PROPERTY_KEY_MAX_LENGTH = 64;
export const PROPERTY_VALUE_MAX_LENGTH = 1024;
/** Properties per inventory (ours: a settings list, not a store). */
export const MAX_PROPERTIES = 100;
/** Largest user licence count (ours: far past any broadcaster, and a plain 32-bit number). */
export const USER_LICENCES_MAX = 1_000_000;

/** A default software version as an administrator types it: 2 to 4 dotted numbers ("8.5", "8.5.2"). */
export const DEFAULT_VERSION_PATTERN = /^\d+(\.\d+){1,3}$/;

/** Our wording where the spec has none (see above). */
export const INVENTORY_MESSAGES = {
  /** The chosen parent sits below the inventory (src/domain/validation/groups.ts). */
  parentLoop: PARENT_IS_DESCENDANT,
  notEmpty: 'The inventory still has {groups} groups, {units} units and {users} users: move them to another inventory or delete them first',
  deleteHasOverlays: ERRORS.inventory.deleteHasOverlays, // spec 001 §8, exact
  deleteHasActiveAudioRoom: ERRORS.inventory.deleteHasActiveAudioRoom, // spec 001 §8, exact
  autoGroupTaken: 'A group named {name} already exists: choose another inventory name or turn auto group off',
  versionFormat: 'Must be a dotted version number such as 8.5.2',
  tooManyProperties: `At most ${MAX_PROPERTIES} properties`,
  vrChannelInUse: 'The video return channel is still given to {groups} groups: take it from them first',
} as const;

// ── Fields ─────────────────────────────────────────────────────────────────────────────────────

type Text = string | null | undefined;

/** Name: required, at most 255, letters, numbers, underscores, hyphens, not taken (spec 002 §5). */
export function inventoryNameError(name: Text, takenNames: Iterable<string> = []): string | null {
  return entityNameError(name, takenNames);
}

export const regionError: FieldCheck<Text> = (value) => maxLength(REGION_MAX_LENGTH)(value);
export const customerError: FieldCheck<Text> = (value) => maxLength(CUSTOMER_MAX_LENGTH)(value);

/** SIP server: empty for none, else an IPv4 address or a DNS name ("Invalid IP field"). */
export const sipServerError: FieldCheck<Text> = (value) => firstError(value, [maxLength(SIP_SERVER_MAX_LENGTH), ipOrDns]);

/** Identity provider: empty for the console's own sign-in, else a name of letters, digits, dashes, underscores. */
export const identityProviderError: FieldCheck<Text> = (value) => firstError(value, [maxLength(IDENTITY_PROVIDER_MAX_LENGTH), matches(NAME_PATTERN, MESSAGES.alphaDash)]);

/** User licences: empty (null) for no limit, else a whole number from 0 to USER_LICENCES_MAX. */
export const userLicencesError: FieldCheck<NumberInput> = (value) => firstError(value, [integer, minValue(0), maxValue(USER_LICENCES_MAX)]);

/** A default software version: empty for none, else dotted and from 3.5 to 9.0 (spec 000 §9). */
export const defaultVersionError: FieldCheck<Text> = (value) => {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!DEFAULT_VERSION_PATTERN.test(text)) return INVENTORY_MESSAGES.versionFormat;
  if (compareVersions(text, OLDEST_VERSION) < 0) return formatMessage(MESSAGES.minValue, { 1: OLDEST_VERSION });
  if (compareVersions(text, NEWEST_VERSION) > 0) return formatMessage(MESSAGES.maxValue, { 1: NEWEST_VERSION });
  return null;
};

/**
 * The parent of an inventory: none, or another inventory that is not below it. `parentOf` maps
 * each inventory id to its parent id; `currentId` is null for an inventory being created (it can
 * be nobody's parent yet, so only the choice itself is checked by the caller: it must exist).
 */
export function inventoryParentError(currentId: string | null, parentId: string | null, parentOf: ReadonlyMap<string, string | null>): string | null {
  if (currentId === null || parentId === null || parentId === '') return null;
  return parentInventoryError(currentId, parentId, parentOf);
}

/** One property as the form edits it (a row of key and value). */
export interface PropertyRow {
  readonly key: string;
  readonly value: string;
}

/**
 * The properties' errors, keyed `properties.<row>.key` / `properties.<row>.value` (the row's
 * position), and `properties` itself when there are too many. A key is required, of letters,
 * digits, dashes and underscores, at most 64, and unique without case ("This field must be unique").
 */
export function propertyErrors(rows: readonly PropertyRow[]): FormErrors<string> {
  const errors: FormErrors<string> = {};
  if (rows.length > MAX_PROPERTIES) errors['properties'] = INVENTORY_MESSAGES.tooManyProperties;
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    // Keys are stored trimmed (the service trims them), so " contact " is the key "contact".
    const trimmed = row.key.trim();
    const folded = trimmed.toLowerCase();
    const key = firstError(trimmed, [required, maxLength(PROPERTY_KEY_MAX_LENGTH), matches(NAME_PATTERN, MESSAGES.alphaDash)]) ?? (seen.has(folded) ? MESSAGES.mustBeUnique : null);
    seen.add(folded);
    if (key !== null) errors[`properties.${index}.key`] = key;
    const value = maxLength(PROPERTY_VALUE_MAX_LENGTH)(row.value);
    if (value !== null) errors[`properties.${index}.value`] = value;
  });
  return errors;
}

/** The versions' errors, keyed `defaultSwVersions.<unit type group>`. */
export function defaultVersionsErrors(versions: Readonly<Partial<Record<string, string>>>): FormErrors<string> {
  const errors: FormErrors<string> = {};
  for (const [group, version] of Object.entries(versions)) {
    const error = defaultVersionError(version);
    if (error !== null) errors[`defaultSwVersions.${group}`] = error;
  }
  return errors;
}

/** The inventory form as the console holds it and the server checks it. */
export interface InventoryForm {
  readonly name: string;
  readonly region: string;
  readonly customer: string;
  /** '' or null: a top-level inventory. */
  readonly parentId: string | null;
  readonly sipServer: string;
  readonly identityProvider: string;
  /** '' or null: no limit. */
  readonly userLicences: NumberInput;
  readonly defaultSwVersions: Readonly<Partial<Record<string, string>>>;
  readonly properties: readonly PropertyRow[];
}

export interface InventoryFormContext {
  /** The inventory being edited; null when creating one. */
  readonly currentId: string | null;
  /** Each inventory's parent (for the loop check); empty when unknown (the server checks again). */
  readonly parentOf: ReadonlyMap<string, string | null>;
  /** Names of the other inventories (the server's unique index has the last word). */
  readonly takenNames?: Iterable<string>;
}

/** The whole form's errors, one message per field, with the spec's words where it has them. */
export function inventoryFormErrors(form: InventoryForm, context: InventoryFormContext): FormErrors<string> {
  const errors: FormErrors<string> = {};
  const put = (field: string, message: string | null): void => {
    if (message !== null) errors[field] = message;
  };
  put('name', inventoryNameError(form.name, context.takenNames ?? []));
  put('region', regionError(form.region));
  put('customer', customerError(form.customer));
  put('parentId', inventoryParentError(context.currentId, form.parentId === '' ? null : form.parentId, context.parentOf));
  put('sipServer', sipServerError(form.sipServer));
  put('identityProvider', identityProviderError(form.identityProvider));
  put('userLicences', userLicencesError(form.userLicences));
  return { ...errors, ...defaultVersionsErrors(form.defaultSwVersions), ...propertyErrors(form.properties) };
}

/** The user licences of a form value: null for none (blank), else the number. */
export function userLicencesOf(value: NumberInput): number | null {
  return toNumber(value);
}

// ── Feature flags (spec 000 §6, 001 §6) ───────────────────────────────────────────────────────

export type InventoryFeatureSwitches = Readonly<Record<InventoryFeatureFlag, boolean>>;

/** Every flag with its state; the store keeps the names of the flags that are on. */
export function featureSwitchesOf(onFlags: Iterable<string>): InventoryFeatureSwitches {
  const on = new Set(onFlags);
  return Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, on.has(flag)])) as Record<InventoryFeatureFlag, boolean>;
}

/** The names of the flags that are on, in the table's order (unknown names never pass the contract). */
export function onFeatureFlags(switches: Readonly<Partial<Record<InventoryFeatureFlag, boolean>>>): InventoryFeatureFlag[] {
  return INVENTORY_FEATURE_FLAG_NAMES.filter((flag) => switches[flag] === true);
}

/** Changes applied to stored flags: a flag the change names takes its value, the others stay. */
export function applyFeatureChanges(stored: Iterable<string>, changes: Readonly<Partial<Record<InventoryFeatureFlag, boolean>>>): InventoryFeatureFlag[] {
  return onFeatureFlags({ ...featureSwitchesOf(stored), ...changes });
}

// ── Default software versions ──────────────────────────────────────────────────────────────────

/** The unit type groups an inventory may set a default version for (spec 000 §3). */
export const DEFAULT_VERSION_GROUPS: readonly UnitTypeGroup[] = UNIT_TYPE_GROUPS;

/** The versions that are set (blank ones dropped, each trimmed), in the groups' order. */
export function setVersions(versions: Readonly<Partial<Record<string, string>>>): Partial<Record<UnitTypeGroup, string>> {
  const out: Partial<Record<UnitTypeGroup, string>> = {};
  for (const group of DEFAULT_VERSION_GROUPS) {
    const text = versions[group]?.trim() ?? '';
    if (text !== '') out[group] = text;
  }
  return out;
}

// ── Auto group ─────────────────────────────────────────────────────────────────────────────────

/**
 * spec 001 §3, 002 §3 "auto group": ours, an inventory created with it gets, in the same
 * transaction, a group named after it with both auto associations on, so its first users and
 * units have a group to land in without an administrator stepping in.
 */
export function autoGroupOf(inventoryName: string): { readonly name: string; readonly autoAssociation: true; readonly unitAutoAssociation: true } {
  return { name: inventoryName.trim(), autoAssociation: true, unitAutoAssociation: true };
}

export function autoGroupTakenMessage(name: string): string {
  return INVENTORY_MESSAGES.autoGroupTaken.replace('{name}', name);
}

// ── Deletion ───────────────────────────────────────────────────────────────────────────────────

/**
 * What an inventory still holds when it is to be deleted. Overlays and audio rooms have no table
 * yet: the service passes 0 for them until the channels issue adds them.
 */
export interface InventoryContents {
  readonly overlayCount: number;
  readonly activeAudioRoomCount: number;
  readonly groupCount: number;
  readonly unitCount: number;
  readonly userCount: number;
}

/** Why an inventory cannot be deleted now, or null: the spec's refusals first, then ours. */
export function inventoryDeletionRefusal(contents: InventoryContents): string | null {
  if (contents.overlayCount > 0) return INVENTORY_MESSAGES.deleteHasOverlays;
  if (contents.activeAudioRoomCount > 0) return INVENTORY_MESSAGES.deleteHasActiveAudioRoom;
  if (contents.groupCount + contents.unitCount + contents.userCount === 0) return null;
  return INVENTORY_MESSAGES.notEmpty
    .replace('{groups}', String(contents.groupCount))
    .replace('{units}', String(contents.unitCount))
    .replace('{users}', String(contents.userCount));
}

/** Why a video return channel cannot leave its inventory now (ours: it is given to groups), or null. */
export function vrChannelRemovalRefusal(groupCount: number): string | null {
  return groupCount === 0 ? null : INVENTORY_MESSAGES.vrChannelInUse.replace('{groups}', String(groupCount));
}
