/**
 * The header's connection indicator text and tone (issue 5 item 3 "live connection state
 * visible"): live, behind (showing the latest state), reconnecting in N s, resyncing, offline since T, session ended. The words are the i18n keys
 * fleet.connection.*, which say what describeConnection (workers/sources/connectionState.ts) says.
 */
import { assertNever } from '../../domain/brand.ts';
import type { ConnectionState } from '../../../workers/sources/connectionState.ts';
import { secondsUntil } from '../../../workers/sources/connectionState.ts';

export const CONNECTION_TONES = { live: 'green', behind: 'yellow', connecting: 'yellow', resyncing: 'yellow', reconnecting: 'orange', offline: 'red', ended: 'gray' } as const;

export type ConnectionLabel = { readonly key: string; readonly values: Readonly<Record<string, string | number>> };

/** The i18n key and values of a state at `now` (ms); `formatTime` turns the offline time into text. */
export function connectionLabel(state: ConnectionState, now: number, formatTime: (ms: number) => string): ConnectionLabel {
  switch (state.phase) {
    case 'connecting':
    case 'live':
    case 'behind':
    case 'resyncing':
    case 'ended':
      return { key: `fleet.connection.${state.phase}`, values: {} };
    case 'reconnecting':
      return { key: 'fleet.connection.reconnecting', values: { seconds: secondsUntil(state.retryAt, now) } };
    case 'offline':
      return { key: 'fleet.connection.offline', values: { time: formatTime(state.since) } };
    default:
      return assertNever(state, 'connection state');
  }
}

/** Whether the label changes with time (the indicator re-renders every second then). */
export function ticks(state: ConnectionState): boolean {
  return state.phase === 'reconnecting';
}
