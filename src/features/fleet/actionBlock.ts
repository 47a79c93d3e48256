/**
 * Honest state (issue 17 items 4 and 5): when the console may not act on a real unit, and why.
 * Pure: the unit page's buttons, the shell's banner and tests read it.
 * - replay: a log is replayed; every screen shows replayed state, and an action would reach the
 *   live unit that shares the replayed unit's id;
 * - stale: the live connection is down (reconnecting, offline, session ended); what is shown is as
 *   of the moment it went down, and an action's outcome could not be seen.
 * While connecting for the first time or resyncing, the server is reachable: nothing is blocked.
 */
import type { ConnectionState } from '../../../workers/sources/connectionState.ts';

export type ActionBlock =
  | { readonly kind: 'none' }
  | { readonly kind: 'replay'; /** The replay's log time (ms). */ readonly logTime: number }
  | { readonly kind: 'stale'; /** Since when the data has not been updated (ms). */ readonly asOf: number };

export const NOT_BLOCKED: ActionBlock = { kind: 'none' };

/** Since when the shown data is stale; null while the connection is up. */
export function staleSince(connection: ConnectionState): number | null {
  switch (connection.phase) {
    case 'reconnecting':
    case 'offline':
    case 'ended':
      return connection.since;
    default:
      return null;
  }
}

export function actionBlock(connection: ConnectionState, replayLogTime: number | null): ActionBlock {
  if (replayLogTime !== null) return { kind: 'replay', logTime: replayLogTime };
  const since = staleSince(connection);
  return since === null ? NOT_BLOCKED : { kind: 'stale', asOf: since };
}

/**
 * Writes through the REST API (the administration screens: save, delete, acknowledge): blocked
 * while the live connection is down, like unit actions: the server is then most likely out of
 * reach, and what the screen shows is as of the moment it went down. A replay does not block them:
 * administration data is never replayed, and the REST calls reach the real server as they say.
 */
export function writeBlock(connection: ConnectionState): ActionBlock {
  const since = staleSince(connection);
  return since === null ? NOT_BLOCKED : { kind: 'stale', asOf: since };
}

/**
 * The "data was reloaded" notice: it appears when the connection is live again after it was down
 * (the worker refetched the whole snapshot on resync), and stays until the user closes it or the
 * connection goes down again. `wasDown` is what the caller remembered from the previous state.
 */
export function reloadedNotice(wasDown: boolean, connection: ConnectionState): { readonly show: boolean; readonly wasDown: boolean } {
  const down = staleSince(connection) !== null;
  if (down) return { show: false, wasDown: true };
  if (connection.phase === 'live' && wasDown) return { show: true, wasDown: false };
  return { show: false, wasDown };
}
