/**
 * The per-socket backlog of a slow consumer. While the socket's send buffer is above the high-water
 * mark, events wait here, coalesced per entity and kind for the whole-state kinds (last value wins:
 * *.status and *.config carry the whole state, protocol.md), one by one for the others. The backlog
 * is bounded by entry count and by bytes; push() reports an overflow instead of growing past them.
 */
import type { LiveEvent } from './types.ts';
import { isWholeState } from './types.ts';

export interface OutboxEntry {
  event: LiveEvent;
  /** The serialized envelope, shared by every socket that gets the event. */
  text: string;
}

export class Outbox {
  /** Insertion order is seq order: a replaced entry is moved to the end (see push). */
  private readonly entries = new Map<string, OutboxEntry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /**
   * Queues an event; returns false when the bound is exceeded (the caller resets the client).
   * A whole-state event replaces the queued one of the same entity and kind and moves to the end,
   * so draining in map order stays in seq order and a client never applies an older state after a
   * newer one of another kind of the same entity (rev order is kept).
   */
  push(entry: OutboxEntry): boolean {
    const { event } = entry;
    const key = isWholeState(event.kind) ? `${event.kind}|${event.id}` : `#${event.seq}`;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.text.length;
    }
    this.entries.set(key, entry);
    this.bytes += entry.text.length;
    return this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes;
  }

  /** Removes and returns the oldest entry. */
  shift(): OutboxEntry | undefined {
    const first = this.entries.entries().next();
    if (first.done === true) return undefined;
    const [key, entry] = first.value;
    this.entries.delete(key);
    this.bytes -= entry.text.length;
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
