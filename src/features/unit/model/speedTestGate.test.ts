import { describe, expect, it } from 'vitest';
import { SPEED_TEST_MIN_VERSION, speedTestBlock, type SpeedTestInput } from './speedTestGate.ts';

const ready: SpeedTestInput = { offline: false, busy: false, channelId: 'CH-1', channelVersion: '7.5.1' };

describe('speedTestBlock (spec 000 §4: speed test needs channel version 7.5.1 or higher)', () => {
  it('needs 7.5.1', () => expect(SPEED_TEST_MIN_VERSION).toBe('7.5.1'));

  it.each([
    ['a channel on 7.5.1 allows the test', ready, null],
    ['a channel on 8.5.0 allows the test', { ...ready, channelVersion: '8.5.0' }, null],
    ['a channel on 7.5.0 blocks it', { ...ready, channelVersion: '7.5.0' }, 'channelVersion'],
    ['a channel on 7.4.10 blocks it', { ...ready, channelVersion: '7.4.10' }, 'channelVersion'],
    ['an unknown channel version leaves the check to the server', { ...ready, channelVersion: undefined }, null],
    ['no selected channel blocks it', { ...ready, channelId: null }, 'noChannel'],
    ['a busy unit blocks it', { ...ready, busy: true }, 'busy'],
    ['an offline unit blocks it first', { ...ready, offline: true, busy: true, channelId: null }, 'offline'],
  ] as const)('%s', (_name, input, expected) => {
    expect(speedTestBlock(input)).toBe(expected);
  });
});
