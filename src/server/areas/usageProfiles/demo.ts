/**
 * Demo data of issue 14 (called once by seedDemo): each inventory's own usage profile, some units
 * on a profile, and managed services in several states (Newsroom keeps its trials on offer, so a
 * new user can start one). Usage itself is never seeded: the recorder writes it from the fleet.
 */
import type { Store } from '../../store/store.ts';
import type { StoredManagedService } from '../../../domain/services.ts';

const DAY_MS = 86_400_000;

const purchased = (serviceName: StoredManagedService['serviceName'], planKind: StoredManagedService['planKind']): StoredManagedService => ({
  serviceName,
  planKind,
  state: 'active',
  trialState: 'purchasedService',
  trialStartedAt: null,
  usage: { kind: 'na', used: 0, limit: null },
});

export async function seedDemoServicesUsage(tx: Store, inventories: readonly { id: string; name: string }[], now: number): Promise<void> {
  for (const [i, inventory] of inventories.entries()) {
    const profileId = `UP-${inventory.id}-FIELD`;
    await tx.usageProfiles.insert({ id: profileId, inventoryId: inventory.id, name: `${inventory.name}-Field-Data`, type: 'data', value: 51_200, resetDay: 15, isDefault: false }, now);
    await tx.usageProfiles.insert({ id: `UP-${inventory.id}-STUDIO`, inventoryId: inventory.id, name: `${inventory.name}-Studio-Hours`, type: 'hours', value: 200, resetDay: 1, isDefault: false }, now);
    const units = (await tx.units.all()).filter((u) => u.inventoryId === inventory.id).sort((a, b) => a.name.localeCompare(b.name));
    // Every third unit on the field profile, every third (shifted) on the default data profile.
    for (const [n, unit] of units.entries()) {
      if (n % 3 === 0) await tx.usageProfiles.setUnitProfile(unit.uid, profileId);
      else if (n % 3 === 1) await tx.usageProfiles.setUnitProfile(unit.uid, 'UP-DEFAULT-DATA');
    }
    await tx.services.save(inventory.id, purchased('ai_integration', 'PERMANENT'), now);
    if (i === 1) {
      await tx.services.save(inventory.id, { serviceName: 'go_plan', planKind: 'ADHOC', state: 'enabled', trialState: 'activeTrial', trialStartedAt: now - 10 * DAY_MS, usage: { kind: 'na', used: 0, limit: null } }, now);
      await tx.services.save(inventory.id, purchased('cellular_cap', 'PERMANENT'), now);
    }
    if (i === 2) {
      await tx.services.save(inventory.id, { serviceName: 'smart_plan', planKind: 'ADHOC_SMART', state: 'expired', trialState: 'activeTrial', trialStartedAt: now - 40 * DAY_MS, usage: { kind: 'na', used: 0, limit: null } }, now);
      await tx.services.save(inventory.id, { ...purchased('smart_plan', 'PERMANENT_SMART'), serviceName: 'field_server', planKind: 'PERMANENT', usage: { kind: 'data', used: 12_000, limit: 10_000 } }, now);
    }
  }
}
