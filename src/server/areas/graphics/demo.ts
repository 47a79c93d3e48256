/**
 * Demo seeding of the simulated cloud graphics service: the service is on for the Newsroom and
 * Sports inventories and off for Events, so My Graphics shows both a working screen and "Feature
 * disabled".
 */
import type { Store } from '../../store/store.ts';

export const DEMO_GRAPHICS_ENABLED = ['INV-NEWS', 'INV-SPORTS'] as const;

export async function seedDemoGraphics(store: Store, now: number): Promise<void> {
  for (const inventoryId of DEMO_GRAPHICS_ENABLED) await store.graphics.setServiceEnabled(inventoryId, true, now);
}
