import { describe, expect, it } from 'vitest';
import { noteReplay, takeEndedReplay } from './replayMemory.ts';

function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

describe('a page load during a replay says the replay ended', () => {
  it('answers the replay open before the load, once', () => {
    const storage = memory();
    noteReplay(storage, 'storm.ndjson');
    expect(takeEndedReplay(storage)).toBe('storm.ndjson');
    expect(takeEndedReplay(storage)).toBeNull();
  });

  it('says nothing after a return to live', () => {
    const storage = memory();
    noteReplay(storage, 'storm.ndjson');
    noteReplay(storage, null);
    expect(takeEndedReplay(storage)).toBeNull();
  });

  it('says nothing without storage', () => {
    expect(takeEndedReplay(undefined)).toBeNull();
  });
});
