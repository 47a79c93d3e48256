import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  SAME_HQ_AND_PROXY_MESSAGE,
  TOO_MANY_CAMERAS_MESSAGE,
  type CameraSlot,
  cameraPriority,
  multiCameraErrors,
} from './multiCamera.ts';

const cams = (...channels: string[]): CameraSlot[] => channels.map((channelId) => ({ channelId, priority: 1 }));

describe('cameraPriority (1 highest to 9 lowest, spec 000 §5)', () => {
  it.each([
    [0, 'Must be 1 or more'],
    [1, null],
    [9, null],
    [10, 'Must be 9 or less'],
    ['5', null],
    [2.5, 'Must be an integer'],
    ['', 'This field is required'],
  ])('answers a priority of %j with %j', (value, expected) => {
    expect(cameraPriority(value)).toBe(expected);
  });

  it('accepts exactly the whole priorities 1 to 9', () => {
    fc.assert(fc.property(fc.integer({ min: -100, max: 100 }), (value) => (cameraPriority(value) === null) === (value >= 1 && value <= 9)));
  });
});

describe('multiCameraErrors: Multi-HQ mode (spec 000 §5, §9)', () => {
  it.each([
    ['4 cameras on distinct channels', {}, cams('ch1', 'ch2', 'ch3', 'ch4')],
    ['5 cameras', { cameras: TOO_MANY_CAMERAS_MESSAGE }, cams('ch1', 'ch2', 'ch3', 'ch4', 'ch5')],
    ['two cameras on one channel', { 'cameras.0.channel': 'This field must be unique', 'cameras.2.channel': 'This field must be unique' }, cams('ch1', 'ch2', 'ch1')],
    ['a camera without channel', { 'cameras.1.channel': 'This field is required' }, cams('ch1', '')],
    ['a priority of 10', { 'cameras.0.priority': 'Must be 9 or less' }, [{ channelId: 'ch1', priority: 10 }]],
    ['a priority of 0', { 'cameras.0.priority': 'Must be 1 or more' }, [{ channelId: 'ch1', priority: 0 }]],
  ])('answers %s with %j', (_label, expected, cameras) => {
    expect(multiCameraErrors({ mode: 'highQuality', cameras })).toEqual(expected);
  });

  it('flags a channel used twice whatever the number of cameras', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^ch\d{1,3}$/), { minLength: 1, maxLength: 4 }), fc.nat(), (channels, pick) => {
        const repeated = channels[pick % channels.length] ?? 'ch0';
        const errors = multiCameraErrors({ mode: 'switcherAndProxy', cameras: cams(...channels, repeated), highQualityChannelId: 'hq', proxyChannelId: 'px' });
        return errors[`cameras.${channels.length}.channel`] === 'This field must be unique';
      }),
    );
  });
});

describe('multiCameraErrors: switcher modes (spec 000 §5, 001 §5)', () => {
  it.each([
    ['switcher', 'hq', 'px', {}],
    ['switcher', 'same', 'same', { proxyChannel: SAME_HQ_AND_PROXY_MESSAGE }],
    ['switcherAndProxy', 'same', 'same', { proxyChannel: SAME_HQ_AND_PROXY_MESSAGE }],
    ['switcherAndProxy', 'hq', '', { proxyChannel: 'This field is required' }],
    ['switcher', null, 'px', { highQualityChannel: 'This field is required' }],
  ] as const)('in %s mode with HQ %j and proxy %j answers %j', (mode, highQualityChannelId, proxyChannelId, expected) => {
    expect(multiCameraErrors({ mode, cameras: [], highQualityChannelId, proxyChannelId })).toEqual(expected);
  });

  it('does not limit the camera count or require camera channels outside Multi-HQ mode', () => {
    const cameras = [...cams('a', 'b', 'c', 'd', 'e'), { channelId: null, priority: 3 }];
    expect(multiCameraErrors({ mode: 'switcher', cameras, highQualityChannelId: 'hq', proxyChannelId: 'px' })).toEqual({});
  });
});
