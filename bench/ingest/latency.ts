/**
 * Event-to-diff latency and sustained rate from two logs of one stream: the feed's batches
 * ([firstIndex, count, sentAt]) and the diffs that reached the page ([arrivedAt], [events]).
 * The pipeline applies events in order and a diff carries every event applied since the last, so
 * the k-th diff covers events C(k-1) ... C(k)-1 (C = running sum of `events`): each of those
 * events waited arrivedAt(k) − sentAt(its batch).
 */
export type StreamStats = {
  readonly sent: number;
  readonly delivered: number;
  /** Delivered events per second, from the first batch sent to the last diff that covered one. */
  readonly sustained: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Events never covered by a diff before the cut-off (their latency is counted as cut-off − sentAt, a lower bound). */
  readonly undelivered: number;
  readonly diffs: number;
};

/** 0.1 ms bins up to 120 s. */
const BIN_MS = 0.1;
const BINS = 1_200_000;

function percentile(histogram: Uint32Array, total: number, p: number): number {
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) {
    seen += histogram[bin] ?? 0;
    if (seen >= rank) return (bin + 1) * BIN_MS;
  }
  return BINS * BIN_MS;
}

export function streamStats(batches: readonly [number, number, number][], times: readonly number[], events: readonly number[], cutoff: number): StreamStats {
  const histogram = new Uint32Array(BINS);
  const sent = batches.reduce((sum, [, count]) => sum + count, 0);
  const first = batches[0]?.[2] ?? 0;
  let batch = 0;
  let usedInBatch = 0;
  let delivered = 0;
  let lastArrival = first;
  let max = 0;
  const add = (latency: number, count: number) => {
    const bin = Math.min(BINS - 1, Math.max(0, Math.floor(latency / BIN_MS)));
    histogram[bin] = (histogram[bin] ?? 0) + count;
    if (latency > max) max = latency;
  };
  for (let k = 0; k < times.length && batch < batches.length; k += 1) {
    const arrived = times[k] as number;
    let remaining = events[k] as number;
    if (remaining > 0) lastArrival = arrived;
    while (remaining > 0 && batch < batches.length) {
      const [, count, sentAt] = batches[batch] as [number, number, number];
      const take = Math.min(remaining, count - usedInBatch);
      add(arrived - sentAt, take);
      delivered += take;
      remaining -= take;
      usedInBatch += take;
      if (usedInBatch === count) {
        batch += 1;
        usedInBatch = 0;
      }
    }
  }
  const undelivered = sent - delivered;
  for (let rest = batch; rest < batches.length; rest += 1) {
    const [, count, sentAt] = batches[rest] as [number, number, number];
    const left = rest === batch ? count - usedInBatch : count;
    if (left > 0) add(cutoff - sentAt, left);
  }
  const seconds = Math.max(1e-3, (lastArrival - first) / 1000);
  return {
    sent,
    delivered,
    sustained: delivered / seconds,
    p50: percentile(histogram, sent, 50),
    p99: percentile(histogram, sent, 99),
    max,
    undelivered,
    diffs: times.length,
  };
}
