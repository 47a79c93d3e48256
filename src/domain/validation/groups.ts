/**
 * Groups and inventories. spec 002 §5: group name of letters, numbers, underscores, hyphens;
 * "Parent inventory cannot be the current inventory".
 */
import { MESSAGES } from './messages.ts';
import { entityNameError } from './names.ts';

/** Our wording: the chosen parent sits below the inventory, which would make a loop. */
export const PARENT_IS_DESCENDANT = 'Parent inventory cannot be one of the inventories under the current inventory';

/**
 * Group name: required, at most 255 characters, letters, numbers, underscores and hyphens
 * ("Should contain only letters, numbers, underscores and hyphens"), not taken by another group.
 */
export function groupNameError(name: string | null | undefined, takenNames: Iterable<string>): string | null {
  return entityNameError(name, takenNames);
}

/**
 * Parent inventory of an inventory being edited. `parentOf` maps each inventory id to its parent id
 * (null for a top inventory); with it, a parent below the current inventory is refused too, since
 * it would make a loop. A missing parent (null) is a top-level inventory and passes.
 */
export function parentInventoryError(
  currentId: string,
  parentId: string | null,
  parentOf: ReadonlyMap<string, string | null> = new Map(),
): string | null {
  if (parentId === null) return null;
  if (parentId === currentId) return MESSAGES.parentInventory;
  const seen = new Set<string>();
  let cursor: string | null | undefined = parentOf.get(parentId);
  while (cursor !== null && cursor !== undefined && !seen.has(cursor)) {
    if (cursor === currentId) return PARENT_IS_DESCENDANT;
    seen.add(cursor);
    cursor = parentOf.get(cursor);
  }
  return null;
}
