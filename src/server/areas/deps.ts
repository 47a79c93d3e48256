import type { Store } from '../store/store.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { OwnershipEvents } from '../ownership.ts';
import type { FleetPort } from '../fleet/port.ts';
import type { LiveBus } from '../live/bus.ts';
import { HttpError } from '../http/errors.ts';
import type { IncidentRecorder } from './incidents/recorder.ts';
import type { UsageRecorder } from './usageProfiles/recorder.ts';
import type { EventOutbox } from '../live/eventOutbox.ts';

/** Settings route code may read (a subset of ServerConfig plus build facts). */
export interface AppSettings {
  mapTileUrl: string | null;
  /** Origins allowed on the websocket upgrade besides the server's own. */
  allowedOrigins: readonly string[];
  /** The built console (Vite's dist/). */
  distDir: string;
  /** Sign-in attempts per minute per IP and username. */
  loginRatePerMinute: number;
  /** Failed sign-ins per minute per IP, whatever the usernames (src/server/auth/signInThrottle.ts). */
  signInFailuresPerAddress: number;
  /** Requests per minute per IP on every route. */
  globalRatePerMinute: number;
}

/** Live facts route code may ask for, answered by the simulator (wired in main.ts). */
export interface LiveQueries {
  /** The active alerts of the units of a group (spec 000 §3 alerts; v2/alerts/active). */
  activeAlerts(groupId: string): unknown[];
  /** A channel's live status (channel.status data), undefined when the fleet does not know it. */
  channelStatus(id: string): { status: string; unitIds: readonly string[] } | undefined;
}

/**
 * The running fleet: the fleet port (the simulator of this process through LocalFleet, or a
 * RemoteFleet asking the owner: src/server/fleet/) and the event bus it publishes on.
 */
export interface FleetRuntime {
  fleet: FleetPort;
  bus: LiveBus;
}

export const SIMULATOR_NOT_RUNNING = 'The unit fleet is not running; try again in a moment';

/**
 * Where routes find the running fleet. The app is built before the simulator starts (the
 * simulator needs the app's topic authority), so main.ts and the test harnesses attach it once it
 * runs; until then `get()` is undefined (reads show units offline) and `require()` answers 503.
 */
export class FleetSlot {
  private runtime: FleetRuntime | undefined;

  attach(runtime: FleetRuntime): void {
    this.runtime = runtime;
  }

  get(): FleetRuntime | undefined {
    return this.runtime;
  }

  require(): FleetRuntime {
    if (this.runtime === undefined) throw new HttpError(503, SIMULATOR_NOT_RUNNING);
    return this.runtime;
  }
}

/** What every route area receives. */
export interface RouteDeps {
  store: Store;
  sessions: SessionService;
  settings: AppSettings;
  live: LiveQueries;
  /** The running fleet simulator and bus (attached after start, see FleetSlot). */
  fleet: FleetSlot;
  /** Ownership changes (a unit, channel or user moving): services emit them after their commit. */
  ownership: OwnershipEvents;
  /**
   * Ends the websockets of a session on every instance (the `session-ended` cluster signal; each
   * instance's gateway closes its own sockets of that session).
   */
  closeSessionSockets(sessionId: string): void;
  /** Events a write owes the console, stored in its transaction and relayed after the commit (issue 18). */
  outbox: EventOutbox;
  /** The incident recorder (bus → incidents, the users' thresholds); services tell it when thresholds change. */
  incidents: IncidentRecorder;
  /** The usage recorder (bus unit.usage → each unit's use per day, for the usage reports; issue 14). */
  usage: UsageRecorder;
  /**
   * True where the jobs that must run exactly once run (the embedded server, the fleet owner): the
   * file transfer drain, the recorders, the retention purge, the upgrade runner's recovery
   * (docs/architecture.md "The fleet port"). False on a front that is not the owner.
   */
  runsBackgroundJobs: boolean;
  now(): number;
}
