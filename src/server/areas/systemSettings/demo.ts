/**
 * Demo modem vendors/models and the modems the first demo units report (ids fixed so a demo
 * database reads the same everywhere). The third vendor is named by no modem, so it can be deleted;
 * the others show the "could not be deleted" refusal (spec 001 §8).
 */
import type { Store } from '../../store/store.ts';

export const DEMO_MODEM_VENDORS = [
  { id: 'MV-DEMO-1', vid: '1199', vidName: 'Sierra Wireless', pid: '9091', pidName: 'EM7565' },
  { id: 'MV-DEMO-2', vid: '2C7C', vidName: 'Quectel', pid: '0800', pidName: 'RM500Q-GL' },
  { id: 'MV-DEMO-3', vid: '1BC7', vidName: 'Telit', pid: '1060', pidName: 'LN920' },
] as const;

/** How many demo units report modems (two each, one of each of the first two vendors). */
const UNITS_WITH_MODEMS = 4;

export async function seedDemoSystemSettings(store: Store, unitIds: readonly string[], now: number): Promise<void> {
  for (const vendor of DEMO_MODEM_VENDORS) await store.systemSettings.insertVendor({ ...vendor, createdAt: now });
  const [first, second] = DEMO_MODEM_VENDORS;
  for (const unitId of unitIds.slice(0, UNITS_WITH_MODEMS)) {
    await store.systemSettings.setUnitModem(unitId, 1, first.vid, first.pid);
    await store.systemSettings.setUnitModem(unitId, 2, second.vid, second.pid);
  }
}
