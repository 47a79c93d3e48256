import type { TopicAuthority } from '../live/types.ts';
import type { Store } from './store.ts';

/**
 * Which group owns a unit, channel or server, for the websocket's per-topic authorization. Asked
 * for every published event (up to 100,000/s), so answers come from in-memory maps loaded from the
 * store at start; routes that move a unit or channel to another group call `refreshUnit` /
 * `refreshChannel` after writing.
 */
export class StoreTopicAuthority implements TopicAuthority {
  private readonly units: Map<string, string>;
  private readonly channels = new Map<string, string>();
  private readonly servers = new Map<string, string>();

  constructor(private readonly store: Store) {
    this.units = store.units.groupIndex();
    for (const c of store.channels.list()) if (c.groupId !== null) this.channels.set(c.id, c.groupId);
    for (const s of store.servers.list()) {
      const g = store.servers.groupOf(s.id);
      if (g !== undefined) this.servers.set(s.id, g);
    }
  }

  groupOfUnit(uid: string): string | undefined {
    return this.units.get(uid);
  }

  groupOfChannel(id: string): string | undefined {
    return this.channels.get(id);
  }

  groupOfServer(id: string): string | undefined {
    return this.servers.get(id);
  }

  refreshUnit(uid: string): void {
    const g = this.store.units.groupOf(uid);
    if (g === undefined) this.units.delete(uid);
    else this.units.set(uid, g);
  }

  refreshChannel(id: string): void {
    const g = this.store.channels.groupOf(id);
    if (g === undefined) this.channels.delete(id);
    else this.channels.set(id, g);
  }
}
