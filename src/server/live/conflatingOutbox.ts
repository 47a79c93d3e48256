/**
 * The backlog of a slow consumer on the console's own wires (`?frames=batch`, `?frames=bin`, `?frames=bin2`):
 * latest state per entity instead of a reset (issue 15 item 4, docs/protocol.md "Falling behind").
 *
 * Whole-state events (*.status, *.config, unit.usage, ...: isWholeState) of one entity wait in one
 * slot, one event per kind, the later replacing the earlier (the revs in between are skipped on
 * purpose: the gateway tells the client with {"op":"behind"} before the first one goes out). A
 * slot keeps the queue position it got when it opened, so an entity that changes faster than the
 * socket drains is still sent once per pass over the queue (moving it to the end on every change
 * would starve it forever at 60,000 events/s). A slot's events go out in seq order, so a client
 * never gets an older rev after a newer one of the same entity.
 *
 * Facts (unit.added, unit.removed, unit.alert, unit.speedtest) cannot be conflated: they wait one
 * by one, and a fact closes its entity's slot (later whole-state events open a new one behind it),
 * so a unit's status never overtakes its own removal or alert. Only facts count against
 * maxFacts / maxFactBytes; slots are bounded by maxConflated entries (one per entity and kind the
 * socket receives: a 50,000-unit group with 4 whole-state kinds per unit is 200,000). The texts
 * are the shared, serialized envelopes (the same string for every socket), so a slot entry costs
 * the socket a reference, not a copy. push() reports when a bound is exceeded: then, and only
 * then, the gateway resets the client.
 *
 * Because a slot is sent at its old position with its newest event, the seqs a conflated socket
 * receives are not increasing: the client must not resume from the highest seq it saw while
 * behind; the gateway's {"op":"caught-up","seq":N} tells it the point up to which it has every
 * event (or the latest state that replaced it).
 */
import type { OutboxEntry } from './outbox.ts';
import { familyOf, isWholeState } from './types.ts';

interface Slot {
  /** One entry per whole-state kind, in arrival order (sorted by seq when sent). */
  readonly entries: OutboxEntry[];
  readonly entity: string;
}

/** The bound on conflated entries per socket by default: 50,000 units × 4 whole-state kinds. */
export const MAX_CONFLATED_ENTRIES = 200_000;

export class ConflatingOutbox {
  /** Facts (key `#seq`) and slots (key `@n`) in queue order. */
  private readonly queue = new Map<string, OutboxEntry | Slot>();
  /** The open slot of each entity (`family:id` → queue key); a fact of the entity closes it. */
  private readonly open = new Map<string, string>();
  /** The rest of the slot being sent, in seq order. */
  private pending: OutboxEntry[] = [];
  private pendingAt = 0;
  private nextSlot = 0;
  private facts = 0;
  private factBytes = 0;
  private slotEntries = 0;
  private bytes = 0;
  /** True once an entry replaced an earlier one since the last clear(): revs will jump. */
  private replaced = false;

  constructor(
    private readonly maxFacts: number,
    private readonly maxFactBytes: number,
    private readonly maxConflated: number = MAX_CONFLATED_ENTRIES,
  ) {}

  /** Entries waiting (facts, slot entries and the rest of the slot being sent). */
  get size(): number {
    return this.facts + this.slotEntries + (this.pending.length - this.pendingAt);
  }

  /** Serialized bytes waiting (for metrics; only facts' bytes are bounded). */
  get byteSize(): number {
    return this.bytes;
  }

  /** Whether a waiting or sent entry skipped revs (an entry replaced another) since the last clear(). */
  get conflated(): boolean {
    return this.replaced;
  }

  /** Queues an event; false when a bound is exceeded (the caller resets the client). */
  push(entry: OutboxEntry): boolean {
    const { event } = entry;
    const entity = `${familyOf(event.kind)}:${event.id}`;
    if (!isWholeState(event.kind)) {
      this.queue.set(`#${event.seq}`, entry);
      this.open.delete(entity); // later states of this entity go behind this fact
      this.facts += 1;
      this.factBytes += entry.text.length;
      this.bytes += entry.text.length;
      return this.withinBounds();
    }
    const key = this.open.get(entity);
    const slot = key === undefined ? undefined : (this.queue.get(key) as Slot | undefined);
    if (slot === undefined) {
      const opened = `@${this.nextSlot}`;
      this.nextSlot += 1;
      this.queue.set(opened, { entries: [entry], entity });
      this.open.set(entity, opened);
      this.slotEntries += 1;
      this.bytes += entry.text.length;
      return this.withinBounds();
    }
    const same = slot.entries.findIndex((queued) => queued.event.kind === event.kind);
    if (same === -1) {
      slot.entries.push(entry);
      this.slotEntries += 1;
    } else {
      // The gateway pushes in seq order; should an older event ever come after a newer one of the
      // same entity and kind, the newer stays (a client must never go back a rev).
      const queued = slot.entries[same]!;
      if (queued.event.seq > event.seq) return this.withinBounds();
      this.bytes -= queued.text.length;
      slot.entries[same] = entry;
      this.replaced = true;
    }
    this.bytes += entry.text.length;
    return this.withinBounds();
  }

  /** Removes and returns the next entry to send. */
  shift(): OutboxEntry | undefined {
    if (this.pendingAt < this.pending.length) return this.take(this.pending[this.pendingAt++]!);
    const first = this.queue.entries().next();
    if (first.done === true) return undefined;
    const [key, item] = first.value;
    this.queue.delete(key);
    if (!('entries' in item)) {
      this.facts -= 1;
      this.factBytes -= item.text.length;
      return this.take(item);
    }
    if (this.open.get(item.entity) === key) this.open.delete(item.entity);
    this.slotEntries -= item.entries.length;
    this.pending = item.entries.length > 1 ? item.entries.sort((a, b) => a.event.seq - b.event.seq) : item.entries;
    this.pendingAt = 1;
    return this.take(this.pending[0]!);
  }

  clear(): void {
    this.queue.clear();
    this.open.clear();
    this.pending = [];
    this.pendingAt = 0;
    this.facts = 0;
    this.factBytes = 0;
    this.slotEntries = 0;
    this.bytes = 0;
    this.replaced = false;
  }

  /** Forgets that revs were skipped (the client was told it caught up). */
  caughtUp(): void {
    this.replaced = false;
  }

  private take(entry: OutboxEntry): OutboxEntry {
    this.bytes -= entry.text.length;
    return entry;
  }

  private withinBounds(): boolean {
    return this.facts <= this.maxFacts && this.factBytes <= this.maxFactBytes && this.slotEntries <= this.maxConflated;
  }
}
