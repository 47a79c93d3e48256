/**
 * The running fleet seen from the unit services (spec 000 §7 calls with a live effect): the
 * fleet runs a command and its events reach the websocket. `deps.fleet.require()` answers 503
 * while the fleet is not running; reads use `deps.fleet.get()` and show units offline instead.
 * Commands go through the fleet port (src/server/fleet/port.ts): to the simulator of this process,
 * or to the fleet owner over NATS (a RemoteFleet answers 503 when the owner does not answer).
 */
import type { SimCommand } from '../../sim/fleet.ts';
import type { LiveUnit } from '../../fleet/port.ts';
import type { RouteDeps } from '../deps.ts';
import { HttpError, notFound } from '../../http/errors.ts';

/** What the unit services use of the route deps. */
export type UnitDeps = Pick<RouteDeps, 'store' | 'fleet' | 'ownership' | 'now'>;

/** Runs a fleet command; a refusal becomes the simulator's status and spec message (409 busy, offline...). */
export async function runCommand(deps: UnitDeps, uid: string, command: SimCommand): Promise<void> {
  const result = await deps.fleet.require().fleet.command(uid, command);
  if (!result.ok) throw new HttpError(result.status, result.message);
}

/** The unit's live state (503 without a running fleet; 404 when the fleet does not have it). */
export function liveUnit(deps: UnitDeps, uid: string): LiveUnit {
  const unit = deps.fleet.require().fleet.unit(uid);
  if (unit === undefined) throw notFound(`Unit '${uid}' not found`);
  return unit;
}

/** The unit's live state when the fleet runs and has it. */
export function liveUnitIfAny(deps: UnitDeps, uid: string): LiveUnit | undefined {
  return deps.fleet.get()?.fleet.unit(uid);
}

/** True while a command flow runs on the unit (asked of the fleet: 503 without a running fleet). */
export function commandInProgress(deps: UnitDeps, uid: string): Promise<boolean> {
  return deps.fleet.require().fleet.commandInProgress(uid);
}
