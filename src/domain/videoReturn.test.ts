import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { SRT_MODES, VR_FILTERS, VR_INPUT_TYPES, VR_STATES, parseVrState, vrFilterOf, vrMatchesFilter, type VrFilter, type VrState } from './videoReturn.ts';

describe('video return values (spec 001 §3, §4)', () => {
  it('lists the states connecting, collecting, idle, offline, input connected', () => {
    expect(VR_STATES).toEqual(['connecting', 'collecting', 'idle', 'offline', 'inputConnected']);
  });

  it('lists input types disabled, SDI, SRT and SRT modes listener, caller', () => {
    expect(VR_INPUT_TYPES).toEqual(['disabled', 'sdi', 'srt']);
    expect(SRT_MODES).toEqual(['listener', 'caller']);
    expect(VR_FILTERS).toEqual(['offline', 'inputConnected', 'online']);
  });

  it.each([
    ['idle', 'idle'],
    ['inputConnected', 'inputConnected'],
    ['streaming', null],
  ])('parses %j as %j', (raw, expected) => {
    expect(parseVrState(raw)).toBe(expected);
  });
});

describe('video return filter (offline, input connected, online)', () => {
  it.each<[VrState, VrFilter[], boolean]>([
    ['offline', ['offline'], true],
    ['offline', ['online'], false],
    ['inputConnected', ['inputConnected'], true],
    ['inputConnected', ['online'], false],
    ['idle', ['online'], true],
    ['connecting', ['online'], true],
    ['collecting', ['online'], true],
    ['collecting', ['offline', 'inputConnected'], false],
    ['collecting', [], true],
  ])('%s with filter %j → %s', (state, filters, expected) => {
    expect(vrMatchesFilter(state, filters)).toBe(expected);
  });

  it('puts every state in exactly one bucket', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VR_STATES), (state) => {
        expect(VR_FILTERS.filter((f) => vrMatchesFilter(state, [f]))).toEqual([vrFilterOf(state)]);
      }),
    );
  });
});
