import { describe, expect, it } from 'vitest';
import { IP_PIPE_STATES } from '../../../domain/units/interface.ts';
import { ipPipeState } from './ipPipeState.ts';

describe('ipPipeState (spec 000 §4: connected, connecting, disconnecting, not connected, failed)', () => {
  it.each([
    ['no l2ControlPipe: not connected', null, { present: false, state: undefined }, 'notConnected'],
    ['l2ControlPipe connecting', null, { present: true, state: 'connecting' }, 'connecting'],
    ['l2ControlPipe connected', null, { present: true, state: 'connected' }, 'connected'],
    ['l2ControlPipe failed', null, { present: true, state: 'failed' }, 'failed'],
    ['a pressed connect before the status arrives', { button: 'ipPipe', state: 'connecting' }, { present: false, state: undefined }, 'connecting'],
    ['a pressed disconnect before the status arrives', { button: 'ipPipe', state: 'disconnecting' }, { present: true, state: 'connected' }, 'disconnecting'],
    ['a stream transition does not count', { button: 'stream', state: 'connecting' }, { present: false, state: undefined }, 'notConnected'],
  ] as const)('%s', (_name, transition, application, expected) => {
    expect(ipPipeState(transition, application)).toBe(expected);
  });

  it('answers only the spec’s states', () => {
    expect(IP_PIPE_STATES).toContain(ipPipeState(null, { present: true, state: 'weird' }));
  });
});
