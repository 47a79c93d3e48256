import { describe, expect, it } from 'vitest';
import type { UnitStatus } from '../../../domain/units/status.ts';
import { streamButtonState, isTransitional, type StreamButtonInput } from './streamButton.ts';

const input = (status: UnitStatus, applications: string[] = [], extra: Partial<StreamButtonInput> = {}): StreamButtonInput => ({
  status,
  applications,
  videoState: undefined,
  transition: null,
  ...extra,
});

describe('streamButtonState (spec 000 §4 start/stop buttons show connecting and disconnecting)', () => {
  it.each([
    ['an idle unit offers start', input('idle'), 'start'],
    ['a streaming unit offers stop', input('streaming', ['video'], { videoState: 'streaming' }), 'stop'],
    ['a multi-camera stream offers stop (streaming rule)', input('idle', ['multiCamera']), 'stop'],
    ['a switcherAndProxy stream offers stop', input('idle', ['switcherAndProxy']), 'stop'],
    ['a speed test is not a stream: start', input('speedtest', ['video'], { videoState: 'speedtest' }), 'start'],
    ['store and forward alone offers start', input('storeandforward', ['store']), 'start'],
    ['an offline unit cannot stream', input('offline'), 'unavailable'],
    ['a pressed start shows connecting until the status arrives', input('idle', [], { transition: { button: 'stream', state: 'connecting' } }), 'connecting'],
    ['a pressed stop shows disconnecting', input('streaming', ['video'], { transition: { button: 'stream', state: 'disconnecting' } }), 'disconnecting'],
    ['a unit reporting video connecting shows connecting after the press cleared', input('idle', [], { videoState: 'connecting' }), 'connecting'],
    ['a unit reporting video disconnecting shows disconnecting', input('streaming', ['video'], { videoState: 'disconnecting' }), 'disconnecting'],
    ['a transition of another button does not touch the stream button', input('idle', [], { transition: { button: 'ipPipe', state: 'connecting' } }), 'start'],
  ] as const)('%s', (_name, given, expected) => {
    expect(streamButtonState(given)).toBe(expected);
  });

  it('treats only connecting and disconnecting as transitional', () => {
    expect(['start', 'stop', 'connecting', 'disconnecting', 'unavailable'].filter((s) => isTransitional(s as never))).toEqual(['connecting', 'disconnecting']);
  });
});
