/**
 * Link-layout numbers for version 2's events frames (docs/protocol.md "Version 2", the layouts
 * column; issue 15 item 2, docs/performance.md §3h): the server side.
 *
 * A unit's *link layout* is the list of its links' (port, name, type) in order: what a usage
 * event may not change without the console redrawing the unit whole (a usage patch carries only
 * the numbers). The worker used to compare each usage event's links with the unit's previous ones
 * (three string compares per link, all of them cold reads of the old link objects: ~4 % of its CPU
 * at 60,000 events/s). With a number per layout it compares one number.
 *
 * The rule a client may rely on: within one gateway (one LinkLayouts), a number > 0 stands for
 * exactly one layout. Numbers are minted from one counter, a fresh one whenever a ref's layout
 * differs from the last one numbered for that ref, and never reused; so two usage events with the
 * same number have links of the same layout, whichever units they are for. Across gateways (a
 * server restart, hence a new connection) numbers repeat: a client keeps them per connection.
 * 0 means "not numbered" (not a usage event, links this module does not understand, or the counter
 * spent): the client compares the links as before.
 */

/** The largest number minted (a u32 column); past it every usage event goes unnumbered (0). */
export const MAX_LAYOUT_NUMBER = 0xffff_ffff;

/**
 * The layout's key: one text that differs exactly when (port, name, type) of some link differs or
 * the count does (JSON of the strings, 0 for an absent name or type, which no string equals).
 * null when a link is not an object of string port and string-or-absent name and type.
 */
export function layoutKeyOf(links: unknown): string | null {
  if (!Array.isArray(links)) return null;
  const parts: unknown[] = [];
  for (const link of links as unknown[]) {
    if (typeof link !== 'object' || link === null) return null;
    const { port, name, type } = link as { port?: unknown; name?: unknown; type?: unknown };
    if (typeof port !== 'string') return null;
    if (name !== undefined && typeof name !== 'string') return null;
    if (type !== undefined && typeof type !== 'string') return null;
    parts.push(port, name ?? 0, type ?? 0);
  }
  return JSON.stringify(parts);
}

/** The gateway's numbers: per wire ref, the last layout key numbered and its number. */
export class LinkLayouts {
  private readonly keys: (string | undefined)[] = [];
  private readonly numbers: number[] = [];
  private next = 1;

  /** The layout number of an event for `ref` (0: not a usage event, or not numbered). */
  numberOf(ref: number, kind: string, data: unknown): number {
    if (kind !== 'unit.usage' || typeof data !== 'object' || data === null) return 0;
    const key = layoutKeyOf((data as { links?: unknown }).links);
    if (key === null) return 0;
    if (this.keys[ref] === key) return this.numbers[ref] as number;
    if (this.next > MAX_LAYOUT_NUMBER) return 0;
    const number = this.next;
    this.next += 1;
    this.keys[ref] = key;
    this.numbers[ref] = number;
    return number;
  }

  /** The numbers of a frame's events, one per event, with their refs. */
  columnOf(events: readonly { readonly kind: string; readonly data: unknown }[], refs: Uint32Array): Uint32Array {
    const column = new Uint32Array(events.length);
    for (let i = 0; i < events.length; i += 1) {
      const event = events[i] as { kind: string; data: unknown };
      column[i] = this.numberOf(refs[i] as number, event.kind, event.data);
    }
    return column;
  }
}
