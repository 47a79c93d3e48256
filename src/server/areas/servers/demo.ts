/** Demo IFB servers (issue 12): one per demo inventory, fixed ids, so a demo database reads the same everywhere. */
import type { Store } from '../../store/store.ts';
import { IfbServerRepo } from './ifbRepo.ts';

export async function seedDemoIfbServers(store: Store, inventories: readonly { id: string; name: string }[], now: number): Promise<void> {
  const repo = new IfbServerRepo(store.db);
  for (const [i, inventory] of inventories.entries()) {
    await repo.insert({ id: `IFB-${i + 1}`, name: `IFB-${inventory.name}-01`, host: `sip${i + 1}.ifb.demo.invalid`, port: 5060, inventoryId: inventory.id, enabled: true, createdAt: now, updatedAt: now });
  }
}
