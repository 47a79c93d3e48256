/**
 * What a full page load says of a replay (issue 17 item 5): the replay lives in the fleet worker,
 * which a page load ends; the console then shows live data again. So that nobody takes that for
 * the replay going on, the open replay's name is kept in the tab's session storage while it runs,
 * and a load that finds it (with no replay running) says the replay ended.
 */
export const REPLAY_MARKER_KEY = 'luc-replay-open';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The replay now open (null: none); keeps or clears the marker. */
export function noteReplay(storage: Store | undefined, name: string | null): void {
  try {
    if (name === null) storage?.removeItem(REPLAY_MARKER_KEY);
    else storage?.setItem(REPLAY_MARKER_KEY, name);
  } catch {
    // storage refused (private mode, quota): the notice is a courtesy, nothing depends on it
  }
}

/** At load: the name of the replay the last page had open, once (the marker is removed). */
export function takeEndedReplay(storage: Store | undefined): string | null {
  try {
    const name = storage?.getItem(REPLAY_MARKER_KEY) ?? null;
    storage?.removeItem(REPLAY_MARKER_KEY);
    return name;
  } catch {
    return null;
  }
}
