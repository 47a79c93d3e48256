/**
 * Topic names (protocol.md: `unit:U123`, `channel:C7`, `group:G1`) made once per entity and per
 * group, and every entity's last known group. The fan-out names an event's topics and looks its
 * group up for every bus event (60,000 a second in the bench): a fresh `${family}:${id}` string
 * per event was made, flattened and hashed anew for each Map it was looked up in, where a kept
 * string's hash is computed once (docs/performance.md §2 round p25). Entries live as long as the
 * gateway, as the last known groups always did: one per entity ever seen.
 */
import type { EntityFamily } from './types.ts';

export class TopicNames {
  private readonly entities: Record<EntityFamily, Map<string, string>> = { unit: new Map(), channel: new Map(), server: new Map() };
  private readonly groups = new Map<string, string>();
  /** Last known group of every entity, by family and id. */
  private readonly lastGroups: Record<EntityFamily, Map<string, string>> = { unit: new Map(), channel: new Map(), server: new Map() };

  /** `family:id`. */
  entity(family: EntityFamily, id: string): string {
    const names = this.entities[family];
    let name = names.get(id);
    if (name === undefined) {
      name = `${family}:${id}`;
      names.set(id, name);
    }
    return name;
  }

  /** `group:id`. */
  group(groupId: string): string {
    let name = this.groups.get(groupId);
    if (name === undefined) {
      name = `group:${groupId}`;
      this.groups.set(groupId, name);
    }
    return name;
  }

  /**
   * The entity's group: `current` (the authority's answer, kept as the last known), or when it has
   * none (the store forgot a removed unit) the last one known, so unit.removed still reaches the group.
   */
  groupOf(family: EntityFamily, id: string, current: string | undefined): string | undefined {
    const last = this.lastGroups[family];
    if (current === undefined) return last.get(id);
    if (last.get(id) !== current) last.set(id, current);
    return current;
  }
}
