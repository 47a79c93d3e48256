import { describe, expect, it } from 'vitest';
import { activeSwitcher, switcherStreamState, type SwitcherStreamInput } from './switcherStream.ts';

const input = (over: Partial<SwitcherStreamInput> = {}): SwitcherStreamInput => ({ offline: false, applications: [], applicationStates: {}, transition: null, ...over });

// spec 000 §4: "Busy: video, multiCamera, switcher, switcherAndProxy ... is active"; "Streaming: ... or a switcher mode is active".
describe('switcherStreamState', () => {
  it.each<[string, Partial<SwitcherStreamInput>, string]>([
    ['idle', {}, 'start'],
    ['offline', { offline: true }, 'unavailable'],
    ['start pressed', { transition: { button: 'stream', state: 'connecting' } }, 'connecting'],
    ['stop pressed', { applications: ['switcher'], transition: { button: 'stream', state: 'disconnecting' } }, 'disconnecting'],
    ['another button in transition', { transition: { button: 'databridge', state: 'connecting' } }, 'start'],
    ['switcher connecting', { applications: ['switcher'], applicationStates: { switcher: 'connecting' } }, 'connecting'],
    ['switcher streaming', { applications: ['switcher'], applicationStates: { switcher: 'streaming' } }, 'stop'],
    ['switcherAndProxy streaming', { applications: ['switcherAndProxy'] }, 'stop'],
    ['video streaming', { applications: ['video'] }, 'busy'],
    ['Multi-HQ streaming', { applications: ['multiCamera'] }, 'busy'],
    ['store and forward both', { applications: ['store', 'forward'] }, 'busy'],
    ['store alone', { applications: ['store'] }, 'start'],
    ['ifb alone', { applications: ['ifb'] }, 'start'],
  ])('%s → %s', (_name, over, expected) => {
    expect(switcherStreamState(input(over))).toBe(expected);
  });

  it('names the running switcher application', () => {
    expect(activeSwitcher(['ifb', 'switcherAndProxy'])).toBe('switcherAndProxy');
    expect(activeSwitcher(['video'])).toBeNull();
  });
});
