/**
 * When the last REST snapshot's bytes were all in the worker (ms on the shared wall clock:
 * performance.timeOrigin + performance.now(), comparable with the page's), carried to the UI on
 * the snapshot's first diff (`FleetDiff.snapshotBytesAt`) so the page can mark it on its own
 * timeline (src/fleet/store.ts SNAPSHOT_BYTES_MARK). Measurement only: bench/ui's "first full list"
 * runs from this instant (issue 15 item 3) to the first viewport painted with every row in order.
 * One worker holds one stream, so one module-level stamp is enough.
 */
let stamp: number | null = null;

/** The wall-clock time now in ms, as precise as the platform allows. */
export function wallNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.timeOrigin + performance.now();
}

/** Called when a snapshot's body has been read in full. */
export function stampSnapshotBytes(at: number = wallNow()): void {
  stamp = at;
}

/** The stamp of the snapshot being loaded, once (null when none is waiting). */
export function takeSnapshotStamp(): number | null {
  const taken = stamp;
  stamp = null;
  return taken;
}
