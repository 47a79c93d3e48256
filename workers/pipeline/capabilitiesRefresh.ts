/**
 * Capabilities refetch (spec 000 §4: "capabilities are refetched when a unit comes back online"),
 * made lazy. A unit coming back online only marks its capabilities stale; they are fetched
 * (GET v2/units/{id}/capabilities) once the unit is wanted: in a view's visible set or selected.
 * Fetches start at the next animation frame (every unit marked in one frame is handled by one
 * pass) and at most CAPABILITIES_MAX_IN_FLIGHT are in flight; the rest start as answers come in.
 *
 * Why: under churn ~9 % of events bring a unit back online; one REST call each capped the worker
 * at ~6,000 events/s in Chromium (docs/performance.md §3). Units off screen are fetched when they
 * come on screen, so what a person sees is never older than before.
 */

/** REST capabilities requests in flight at most (our choice: a few, so the API stays free for the UI). */
export const CAPABILITIES_MAX_IN_FLIGHT = 4;

export interface CapabilitiesRefreshDeps {
  /** REST: the unit's capabilities. Without it stale marks are kept but nothing is fetched. */
  fetch?(unitId: string): Promise<unknown>;
  /** Runs `callback` at the next animation frame. */
  requestFrame(callback: () => void): void;
  /** False for a unit the model no longer holds (its stale mark is dropped). */
  exists(unitId: string): boolean;
  /** An answer arrived: the pipeline stores it and rebuilds the unit's view. */
  arrived(unitId: string, capabilities: unknown): void;
  onError?(message: string): void;
  maxInFlight?: number;
}

export class CapabilitiesRefresh {
  private readonly stale = new Set<string>();
  private readonly views = new Map<string, ReadonlySet<string>>();
  private selected: string | null = null;
  private readonly inFlight = new Set<string>();
  private frameRequested = false;
  private disposed = false;
  /** Requests started so far (tests, stats). */
  fetches = 0;

  constructor(private readonly deps: CapabilitiesRefreshDeps) {}

  /** The unit came back online: its capabilities are stale until fetched. */
  markStale(unitId: string): void {
    this.stale.add(unitId);
    if (this.wanted(unitId)) this.schedule();
  }

  isStale(unitId: string): boolean {
    return this.stale.has(unitId);
  }

  /** What view `viewId` shows (an empty list releases the view). */
  setView(viewId: string, unitIds: readonly string[]): void {
    if (unitIds.length === 0) {
      this.views.delete(viewId);
      return;
    }
    this.views.set(viewId, new Set(unitIds));
    if (unitIds.some((id) => this.stale.has(id))) this.schedule();
  }

  /** The unit the user selected (its page is open). */
  select(unitId: string): void {
    this.selected = unitId;
    if (this.stale.has(unitId)) this.schedule();
  }

  dispose(): void {
    this.disposed = true;
  }

  private wanted(unitId: string): boolean {
    if (this.selected === unitId) return true;
    for (const ids of this.views.values()) if (ids.has(unitId)) return true;
    return false;
  }

  private schedule(): void {
    if (this.frameRequested || this.disposed) return;
    this.frameRequested = true;
    this.deps.requestFrame(() => {
      this.frameRequested = false;
      this.pump();
    });
  }

  /** Wanted units, the selected one first. */
  private *candidates(): Iterable<string> {
    if (this.selected !== null) yield this.selected;
    for (const ids of this.views.values()) yield* ids;
  }

  private pump(): void {
    const fetch = this.deps.fetch;
    if (fetch === undefined || this.disposed || this.stale.size === 0) return;
    const max = this.deps.maxInFlight ?? CAPABILITIES_MAX_IN_FLIGHT;
    for (const unitId of this.candidates()) {
      if (this.inFlight.size >= max) return;
      if (!this.stale.has(unitId) || this.inFlight.has(unitId)) continue;
      this.stale.delete(unitId);
      if (!this.deps.exists(unitId)) continue;
      this.start(fetch, unitId);
    }
  }

  private start(fetch: (unitId: string) => Promise<unknown>, unitId: string): void {
    this.inFlight.add(unitId);
    this.fetches += 1;
    const done = (): void => {
      this.inFlight.delete(unitId);
      if (this.stale.size > 0) this.schedule();
    };
    fetch(unitId).then(
      (capabilities) => {
        if (this.disposed) return;
        done();
        if (this.deps.exists(unitId)) this.deps.arrived(unitId, capabilities);
      },
      (error: unknown) => {
        if (this.disposed) return;
        done();
        this.deps.onError?.(`capabilities of unit ${unitId} failed: ${String(error)}`);
      },
    );
  }
}
