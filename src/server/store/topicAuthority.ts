import type { TopicAuthority } from '../live/types.ts';
import type { Store } from './store.ts';
import type { OwnershipChange } from '../ownership.ts';

/**
 * Which group owns a unit, channel or server, for the websocket's per-topic authorization. Asked
 * for every published event (up to 100,000/s), so answers come from in-memory maps loaded from the
 * store once at start (`load`); routes that move a unit or channel to another group await
 * `refreshUnit` / `refreshChannel` after writing.
 */
export class StoreTopicAuthority implements TopicAuthority {
  private constructor(
    private readonly store: Store,
    private readonly units: Map<string, string>,
    private readonly channels: Map<string, string>,
    private readonly servers: Map<string, string>,
  ) {}

  /** Reads every unit's, channel's and server's group from the store. */
  static async load(store: Store): Promise<StoreTopicAuthority> {
    const units = await store.units.groupIndex();
    const channels = new Map<string, string>();
    for (const c of await store.channels.list()) if (c.groupId !== null) channels.set(c.id, c.groupId);
    const servers = new Map<string, string>();
    for (const s of await store.servers.list()) {
      const g = await store.servers.groupOf(s.id);
      if (g !== undefined) servers.set(s.id, g);
    }
    return new StoreTopicAuthority(store, units, channels, servers);
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

  /** Follows an ownership change (app.ts subscribes it to the routes' OwnershipEvents). */
  apply(change: OwnershipChange): void {
    switch (change.kind) {
      case 'unit':
        if (change.removed === true || change.groupId === null) this.units.delete(change.uid);
        else this.units.set(change.uid, change.groupId);
        return;
      case 'channel':
        if (change.removed === true || change.groupId === null) this.channels.delete(change.id);
        else this.channels.set(change.id, change.groupId);
        return;
      case 'user':
      case 'group-removed':
        return; // which groups a session may see is read from the store on each subscribe
      default: {
        const never: never = change;
        throw new Error(`unknown ownership change ${JSON.stringify(never)}`);
      }
    }
  }

  async refreshUnit(uid: string): Promise<void> {
    const g = await this.store.units.groupOf(uid);
    if (g === undefined) this.units.delete(uid);
    else this.units.set(uid, g);
  }

  async refreshChannel(id: string): Promise<void> {
    const g = await this.store.channels.groupOf(id);
    if (g === undefined) this.channels.delete(id);
    else this.channels.set(id, g);
  }
}
