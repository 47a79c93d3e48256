/**
 * A unit's identity as a user edits it (spec 000 §5, §8): the name (letters, digits, _ and -;
 * unique without case: "Please select a different name. The current name is already in use"), the
 * comment (at most 100 characters) and the metadata fields (no ; or \, at most 1024 characters).
 * Every field is checked before anything is written: a refused edit changes nothing.
 */
import { unitNameErrors, UNIT_NAME_IN_USE } from '../../../domain/validation/names.ts';
import { metadataErrors, unitComment } from '../../../domain/validation/unitFields.ts';
import type { UnitIdentityChanges } from '../../../protocol/rest/units.ts';
import { badRequest, refuseFields } from '../../http/errors.ts';
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';

/** The refusal of a unit name, or undefined when it may be used (the unit itself left out). */
export async function unitNameRefusal(deps: UnitDeps, name: string, exceptUid: string | null): Promise<string | undefined> {
  return unitNameErrors(name, await deps.store.units.takenNames(name, exceptUid)) ?? undefined;
}

/** Validates and applies an identity edit; all or nothing. A duplicate the database catches (a race) answers the same message. */
export async function updateIdentity(deps: UnitDeps, unit: StoredUnit, changes: UnitIdentityChanges): Promise<StoredUnit> {
  const errors: Record<string, string | undefined> = {};
  if (changes.name !== undefined && changes.name !== unit.name) errors['name'] = await unitNameRefusal(deps, changes.name, unit.uid);
  if (changes.comment !== undefined) errors['comment'] = unitComment(changes.comment) ?? undefined;
  if (changes.metadata !== undefined) {
    for (const [field, message] of Object.entries(metadataErrors(changes.metadata))) errors[`metadata.${field}`] = message as string;
  }
  refuseFields(errors);
  const result = await deps.store.units.update(
    unit.uid,
    {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.comment !== undefined ? { comment: changes.comment } : {}),
      ...(changes.metadata !== undefined ? { metadata: changes.metadata } : {}),
    },
    deps.now(),
  );
  if (!result.ok) {
    if (result.reason === 'name-taken') refuseFields({ name: UNIT_NAME_IN_USE });
    throw badRequest('The unit could not be updated');
  }
  return result.unit;
}

/** devices/update: a rename; the same name again changes nothing. */
export async function renameUnit(deps: UnitDeps, unit: StoredUnit, name: string): Promise<StoredUnit> {
  return unit.name === name ? unit : updateIdentity(deps, unit, { name });
}
