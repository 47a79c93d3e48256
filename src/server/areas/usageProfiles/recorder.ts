/**
 * The usage recorder (issue 14, usage reports): it listens to the fleet's unit.usage pushes (every
 * transmitting unit every few seconds, with each link's bitrates) and adds, per unit and UTC day,
 * the data moved (MB: the summed uplink and downlink kbps over the time since the unit's previous
 * push) and the time transmitting (s). The reports read those days; nothing is invented.
 *
 * - The first push of a unit only starts its clock; a gap longer than MAX_GAP_MS (the unit stopped
 *   and started again, or the server was away) counts MAX_GAP_MS at most, so a pause never turns
 *   into hours of use.
 * - Figures wait in memory and are stored every FLUSH_EVERY_MS in one transaction (the bus calls
 *   listeners synchronously; no listener waits on the database).
 */
import type { LiveBus } from '../../live/bus.ts';
import type { LiveEvent } from '../../live/types.ts';
import type { Store } from '../../store/store.ts';
import { addDailyUsage, dayOf, megabytesAt, type DailyUsage } from '../../../domain/usageProfiles.ts';

/** Waiting figures are stored this often (ms). */
export const USAGE_FLUSH_EVERY_MS = 10_000;
/** The longest interval one push may count (ms): twice the fleet's usage period (5 s). */
export const MAX_GAP_MS = 10_000;

export interface UsageRecorderDeps {
  readonly store: Store;
  logError(message: string, error: unknown): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The summed uplink + downlink kbps of a unit.usage push (0 for a malformed one). */
export function totalKbps(data: unknown): number {
  if (!isObject(data) || !Array.isArray(data['links'])) return 0;
  let sum = 0;
  for (const link of data['links']) {
    if (!isObject(link)) continue;
    const up = link['uplinkKbps'];
    const down = link['downlinkKbps'];
    if (typeof up === 'number' && Number.isFinite(up)) sum += Math.max(0, up);
    if (typeof down === 'number' && Number.isFinite(down)) sum += Math.max(0, down);
  }
  return sum;
}

export class UsageRecorder {
  private readonly lastPush = new Map<string, { ts: number; kbps: number }>();
  private waiting = new Map<string, DailyUsage>();
  private unsubscribe: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: UsageRecorderDeps) {}

  start(bus: LiveBus | null, options: { readonly timers?: boolean } = {}): void {
    if (bus !== null) this.unsubscribe = bus.subscribe((event) => this.handle(event));
    if (options.timers !== false) {
      this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** One bus event: a unit.usage push adds the interval since the unit's previous push, at that push's bitrates. */
  handle(event: LiveEvent): void {
    if (event.kind === 'unit.removed') {
      this.lastPush.delete(event.id);
      return;
    }
    if (event.kind !== 'unit.usage') return;
    const kbps = totalKbps(event.data);
    const previous = this.lastPush.get(event.id);
    this.lastPush.set(event.id, { ts: event.ts, kbps });
    if (previous === undefined || event.ts <= previous.ts) return;
    const seconds = Math.min(event.ts - previous.ts, MAX_GAP_MS) / 1000;
    addDailyUsage(this.waiting, { unitId: event.id, day: dayOf(event.ts), dataMb: megabytesAt(previous.kbps, seconds), seconds });
  }


  /** Stores what waits (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.waiting.size === 0) return;
      const rows = [...this.waiting.values()];
      this.waiting = new Map();
      try {
        await this.deps.store.transaction((tx) => tx.usage.add(rows));
      } catch (error) {
        this.deps.logError('storing recorded usage failed', error);
      }
    });
    return this.flushing;
  }
}
