/**
 * A unit's stored settings (units.settings JSON; spec 000 §3 "Unit settings concepts"), one key
 * per setting, kept across restarts. Each service reads and writes its own keys through these.
 */
import type { StoredUnit } from './repo.ts';
import type { UnitDeps } from './live.ts';
import { notFound } from '../../http/errors.ts';

/** The stored value of one setting, when it is an object (else undefined). */
export function settingObject<T extends object>(unit: StoredUnit, key: string): Partial<T> | undefined {
  const value = unit.settings[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<T>) : undefined;
}

/** The stored value of one setting, when it is a list (else undefined). */
export function settingList<T>(unit: StoredUnit, key: string): T[] | undefined {
  const value = unit.settings[key];
  return Array.isArray(value) ? (value as T[]) : undefined;
}

/** The stored value of one setting, when it is a text (else undefined). */
export function settingText(unit: StoredUnit, key: string): string | undefined {
  const value = unit.settings[key];
  return typeof value === 'string' ? value : undefined;
}

/** Writes one settings key of a unit; answers the stored unit. */
export async function saveSetting(deps: UnitDeps, uid: string, key: string, value: unknown): Promise<StoredUnit> {
  const unit = await deps.store.units.get(uid);
  if (unit === undefined) throw notFound(`Unit '${uid}' not found`);
  const result = await deps.store.units.update(uid, { settings: { ...unit.settings, [key]: value } }, deps.now());
  if (!result.ok) throw notFound(`Unit '${uid}' not found`);
  return result.unit;
}
