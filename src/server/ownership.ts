/**
 * Ownership changes: a unit, channel or user moving between groups or inventories. Services emit
 * them after their transaction commits; whoever keeps a view of who owns what subscribes (the
 * websocket's topic authority keeps its uid → group maps from them), so no route has to remember
 * to refresh anything. The changes travel as ClusterSignals (src/server/cluster/signals.ts): in
 * one process they stay in it; in the scale-out deployment every instance hears a change emitted on
 * any of them, once (the emitting one synchronously, inside `emit`).
 */
import { LocalClusterSignals, type ClusterSignals } from './cluster/signals.ts';

export type OwnershipChange =
  /** A unit's group or inventory changed (null: in none); `removed` when the unit was deleted. */
  | { readonly kind: 'unit'; readonly uid: string; readonly groupId: string | null; readonly inventoryId: string | null; readonly removed?: boolean }
  /** A channel's group changed (null: in none). */
  | { readonly kind: 'channel'; readonly id: string; readonly groupId: string | null; readonly removed?: boolean }
  /** A user's groups, inventories, type or active flag changed: what their sessions may see changed. */
  | { readonly kind: 'user'; readonly userId: string }
  /** A group was deleted: its members left it. */
  | { readonly kind: 'group-removed'; readonly groupId: string };

export type OwnershipListener = (change: OwnershipChange) => void;

export class OwnershipEvents {
  constructor(private readonly signals: ClusterSignals = new LocalClusterSignals((message, error) => console.error('ownership listener failed', message, error))) {}

  /** Subscribes (to changes from every instance); returns the unsubscribe function. */
  on(listener: OwnershipListener): () => void {
    return this.signals.on('ownership', listener);
  }

  /**
   * Tells every listener of this instance, in subscription order, before returning, then the other
   * instances. A listener's failure is its own: the others still hear it.
   */
  emit(change: OwnershipChange): void {
    this.signals.emit('ownership', change);
  }
}
