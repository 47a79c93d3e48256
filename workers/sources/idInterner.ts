/**
 * One string object per entity id for a live session's binary events (issue 15 item 2; docs/
 * performance.md §3b). Each binary frame decodes its ids as fresh strings, and the worker's path
 * then does five to eight hash-table operations per event with that id (the model's unit map and
 * pending set, the pipeline's aspect masks and split queue): with a fresh string every one of them
 * compares the key's characters against the table's own string object, two cache misses apart on
 * a 10,000-unit fleet. Interned here, an id is that same object every time, and the snapshot's
 * ids are the interned ones (they are the model's keys): after this one lookup, every other
 * finds its key by identity.
 *
 * Bound: cleared at each snapshot load (then holds the snapshot's ids), so it holds the fleet's ids
 * plus those first seen since.
 */
export class IdInterner {
  private readonly ids = new Map<string, string>();

  /** The session's own string for `id` (the first one seen since the last snapshot). */
  intern(id: string): string {
    const known = this.ids.get(id);
    if (known !== undefined) return known;
    this.ids.set(id, id);
    return id;
  }

  /** A snapshot was loaded: its ids (the model's keys) become the session's strings. */
  reset(ids: Iterable<string>): void {
    this.ids.clear();
    for (const id of ids) this.ids.set(id, id);
  }

  get size(): number {
    return this.ids.size;
  }
}
