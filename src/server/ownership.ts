/**
 * Ownership changes: a unit, channel or user moving between groups or inventories. Services emit
 * them after their transaction commits; whoever keeps a view of who owns what subscribes (the
 * websocket's topic authority keeps its uid → group maps from them), so no route has to remember
 * to refresh anything. In one process the bus is this emitter; the scale-out deployment carries
 * the same events between instances.
 */

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
  private readonly listeners = new Set<OwnershipListener>();

  /** Subscribes; returns the unsubscribe function. */
  on(listener: OwnershipListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, in subscription order. A listener's failure is its own: the others still hear it. */
  emit(change: OwnershipChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error('ownership listener failed', error);
      }
    }
  }
}
