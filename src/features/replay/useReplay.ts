/** The replay as the page and the shell's banner read it: one signal, from the fleet client. */
import { useFleet, useSignalValue } from '../../fleet/index.ts';
import type { ReplayClient } from '../../fleet/replay.ts';
import type { ReplayState } from '../../../workers/sources/replayState.ts';

export function useReplayClient(): ReplayClient {
  return useFleet().replay;
}

/** The open replay (info and position), or null while live; re-renders when it moves. */
export function useReplayState(): ReplayState | null {
  return useSignalValue(useReplayClient().state);
}
