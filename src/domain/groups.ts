/**
 * Groups (spec 002 §3 Group, §4, §5 "Groups"): the rules of the groups area, pure. The server's
 * service (src/server/areas/groups/service.ts) and the console's form (src/features/groups/) both
 * use them, so a refusal reads the same in both places. Who may call what is in the permissions
 * table (roles/permissions.ts: groups.read, groups.admin, groups.configure).
 *
 * Our readings where the spec says less (docs/domain.md "Groups"):
 * - a group belongs to one inventory and stays there; its units, channels and users come from it;
 * - a unit and a channel are in at most one group (the live stream is per group); a user may be in many;
 * - "unit auto association": a unit created in the inventory without a group lands in the first
 *   group (by name) whose unitAutoAssociation is on; "global auto association": a user created in
 *   the inventory joins every group whose autoAssociation is on;
 * - a group that still holds units or channels cannot be deleted (they would silently drop out of
 *   every operator's view): the refusal says how many, so the admin can move them first.
 */
import { groupNameError } from './validation/groups.ts';
import { cellularWithinTotal, CELLULAR_ABOVE_TOTAL_MESSAGE } from './validation/capping.ts';
import type { FormErrors } from './validation/check.ts';

export { groupNameError };

/** Our wording (see above). */
export const GROUP_MESSAGES = {
  notEmpty: 'The group still has {units} units and {channels} channels: move them to another group first',
  inventoryRequired: 'Choose the inventory of the group',
  otherInventory: 'It belongs to another inventory than the group',
  configurationExists: 'Inventory configuration already exists', // spec 001 §8 / 002 §8 generic text, exact
  configurationUnavailable: 'Configuration unavailable', // spec 001 §8 / 002 §8 generic text, exact
} as const;

export interface GroupContents {
  readonly unitCount: number;
  readonly channelCount: number;
}

/** Why a group cannot be deleted now, or null. */
export function groupDeletionRefusal(contents: GroupContents): string | null {
  if (contents.unitCount === 0 && contents.channelCount === 0) return null;
  return GROUP_MESSAGES.notEmpty.replace('{units}', String(contents.unitCount)).replace('{channels}', String(contents.channelCount));
}

export interface GroupForm {
  readonly name: string;
  readonly inventoryId: string;
}

/** The create/edit form's errors: name (pattern, length, not taken by another group) and inventory. */
export function groupFormErrors(form: GroupForm, takenNames: Iterable<string>): FormErrors<keyof GroupForm> {
  const errors: FormErrors<keyof GroupForm> = {};
  const name = groupNameError(form.name, takenNames);
  if (name !== null) errors.name = name;
  if (form.inventoryId.trim() === '') errors.inventoryId = GROUP_MESSAGES.inventoryRequired;
  return errors;
}

/** A group as auto association reads it. */
export interface AutoAssociationFacts {
  readonly id: string;
  readonly name: string;
  readonly autoAssociation: boolean;
  readonly unitAutoAssociation: boolean;
}

/** The group a new unit of the inventory lands in: the first, by name, with unit auto association on. */
export function groupForNewUnit(groupsOfInventory: readonly AutoAssociationFacts[]): string | null {
  const candidates = groupsOfInventory.filter((g) => g.unitAutoAssociation).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return candidates[0]?.id ?? null;
}

/** The groups a new user of the inventory joins: every group with global auto association on. */
export function groupsForNewUser(groupsOfInventory: readonly AutoAssociationFacts[]): string[] {
  return groupsOfInventory.filter((g) => g.autoAssociation).map((g) => g.id);
}

export interface DefaultConfigurationForm {
  readonly totalCappingKbps: number | null;
  readonly cellularCappingKbps: number | null;
}

/** spec 000 §5: the maximum cellular capping cannot exceed the maximum total. */
export function defaultConfigurationErrors(form: DefaultConfigurationForm): FormErrors<'cellularCappingKbps'> {
  return cellularWithinTotal(form.cellularCappingKbps, form.totalCappingKbps) ? {} : { cellularCappingKbps: CELLULAR_ABOVE_TOTAL_MESSAGE };
}
