/**
 * The servers the simulator runs, built from the store (main.ts and the test harnesses): each with
 * the channels that run on it, so its state and usage follow their load (src/server/sim/servers.ts).
 */
import type { Store } from '../../store/store.ts';
import type { SimServer } from '../../sim/servers.ts';

export async function simServersFrom(store: Store, channels: readonly { readonly id: string; readonly serverId?: string | null }[]): Promise<SimServer[]> {
  return (await store.servers.list()).map((s) => ({
    id: s.id,
    name: s.name,
    alias: s.alias,
    type: s.type,
    serialNumber: s.serial,
    swVersion: s.swVersion,
    channelIds: channels.filter((c) => c.serverId === s.id).map((c) => c.id),
  }));
}
