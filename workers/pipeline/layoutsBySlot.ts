/**
 * The link-layout number each unit's links were last set with, by slot (issue 15 item 2,
 * docs/performance.md §3h; the numbers: src/protocol/linkLayouts.ts, EventSink.event's `layout`).
 *
 * Why: a usage event is a patch of numbers only when its links have the same layout (port, name,
 * type of each link, in order) as the unit's previous links; comparing them read every previous
 * link object, cold by then (~4 % of the worker's CPU at 60,000 events/s). With the wire's number
 * the check is two array reads and two compares.
 *
 * Always correct, never invalidated: a slot's number is used only while the unit's links are
 * still the very array that came with it (identity). Anything else that sets a unit's links (a
 * unit added, a refetch, a snapshot, an unnumbered usage event) or a slot reused by another unit
 * leaves another array there, and the caller compares the links as before.
 */
/** Initial capacity in slots; doubled as slots grow. */
const INITIAL_SLOTS = 1_024;

export class LayoutsBySlot {
  private numbers = new Float64Array(INITIAL_SLOTS);
  private links: (readonly unknown[] | undefined)[] = [];

  /** True when `layout` (> 0) is the number `current` (the unit's links now) came with. */
  same(slot: number, layout: number, current: readonly unknown[]): boolean {
    return layout > 0 && slot < this.numbers.length && this.numbers[slot] === layout && this.links[slot] === current;
  }

  /** The unit in `slot` now has `links`, which came with `layout` (0: not numbered, forgets the slot). */
  note(slot: number, layout: number, links: readonly unknown[]): void {
    if (layout <= 0) {
      if (slot < this.links.length) {
        this.numbers[slot] = 0;
        this.links[slot] = undefined;
      }
      return;
    }
    if (slot >= this.numbers.length) this.grow(slot);
    while (this.links.length < slot) this.links.push(undefined); // dense: slots are small integers from 0
    this.numbers[slot] = layout;
    this.links[slot] = links;
  }

  private grow(slot: number): void {
    const next = new Float64Array(Math.max(slot + 1, this.numbers.length * 2));
    next.set(this.numbers);
    this.numbers = next;
  }
}
