/**
 * Simulated software upgrade of a server (MMH, video return, transceiver, ingest; spec 001 §4):
 * progress in steps of SERVER_UPGRADE_STEP_PERCENT, each after SERVER_UPGRADE_STEP_MS, then the
 * server runs the new version. Servers are live in their own module (another issue); this one only
 * moves the upgrade on the simulator's clock and reports each step, so the caller keeps the state.
 */
import type { SimClock, TimerHandle } from './clock.ts';

/** Each step adds this many percent (0, 20, 40, 60, 80, then done). */
export const SERVER_UPGRADE_STEP_PERCENT = 20;
/** Duration of one step in ms. */
export const SERVER_UPGRADE_STEP_MS = 1_500;

export interface ServerUpgradeProgress {
  /** Called with 0, 20, 40, 60 and 80 while upgrading. */
  onProgress(percent: number): void;
  /** Called once at the end: the server now runs the target version. */
  onDone(): void;
}

export class ServerUpgradeSim {
  private readonly running = new Map<string, TimerHandle>();

  constructor(private readonly clock: SimClock) {}

  /** Whether this server is being upgraded. */
  isUpgrading(serverId: string): boolean {
    return this.running.has(serverId);
  }

  /** Starts the upgrade of one server; false when it is already upgrading. */
  start(serverId: string, report: ServerUpgradeProgress): boolean {
    if (this.running.has(serverId)) return false;
    const step = (percent: number): void => {
      report.onProgress(percent);
      const handle = this.clock.setTimeout(() => {
        if (percent + SERVER_UPGRADE_STEP_PERCENT < 100) {
          step(percent + SERVER_UPGRADE_STEP_PERCENT);
          return;
        }
        this.running.delete(serverId);
        report.onDone();
      }, SERVER_UPGRADE_STEP_MS);
      this.running.set(serverId, handle);
    };
    step(0);
    return true;
  }

  stop(): void {
    for (const handle of this.running.values()) this.clock.clear(handle);
    this.running.clear();
  }
}
