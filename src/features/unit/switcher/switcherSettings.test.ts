import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { multiCameraErrors, SAME_HQ_AND_PROXY_MESSAGE, type MultiCameraMode } from '../../../domain/validation/multiCamera.ts';
import { MESSAGES } from '../../../domain/validation/messages.ts';
import { SWITCHER_SDI_INPUTS } from '../../../domain/switcher.ts';
import { SDI_INPUTS } from '../../../protocol/rest/unitApplications.ts';
import {
  applySwitcherCall,
  decodeSavedSwitcher,
  initialSwitcherValues,
  switcherErrors,
  switcherSavePlan,
  type SavedSwitcher,
  type SwitcherMode,
} from './switcherSettings.ts';

const saved = (over: Partial<SavedSwitcher> = {}): SavedSwitcher => ({
  mode: 'highQuality',
  cameras: [],
  highQualityChannelId: null,
  proxyChannelId: null,
  sdiInput: null,
  ...over,
});

describe('decodeSavedSwitcher', () => {
  it('reads the stored setting', () => {
    expect(decodeSavedSwitcher({ mode: 'switcherAndProxy', cameras: [{ channelId: 'C1', priority: 2 }], highQualityChannelId: 'A', proxyChannelId: 'B', sdiInput: 3 })).toEqual({
      mode: 'switcherAndProxy',
      cameras: [{ channelId: 'C1', priority: 2 }],
      highQualityChannelId: 'A',
      proxyChannelId: 'B',
      sdiInput: 3,
    });
  });
  it('takes the defaults for a missing or malformed setting', () => {
    expect(decodeSavedSwitcher({})).toEqual(saved());
    expect(decodeSavedSwitcher({ mode: 'live', cameras: 'x', highQualityChannelId: 7, sdiInput: 5 })).toEqual(saved());
  });
  it('offers the SDI inputs the server accepts', () => {
    expect([...SWITCHER_SDI_INPUTS]).toEqual([...SDI_INPUTS]);
  });
});

describe('initialSwitcherValues', () => {
  it.each<[MultiCameraMode, SwitcherMode]>([
    ['highQuality', 'switcher'],
    ['switcher', 'switcher'],
    ['switcherAndProxy', 'switcherAndProxy'],
  ])('saved mode %s starts the form in %s', (mode, expected) => {
    expect(initialSwitcherValues(saved({ mode, highQualityChannelId: 'A', proxyChannelId: 'B' }))).toEqual({ mode: expected, highQualityChannelId: 'A', proxyChannelId: 'B' });
  });
});

// spec 000 §5: "in switcher mode the HQ and proxy channels must differ".
describe('switcherErrors (spec 000 §5: in switcher mode the HQ and proxy channels must differ)', () => {
  it.each<[SwitcherMode, string | null, string | null, Record<string, string>]>([
    ['switcher', 'A', 'A', { proxyChannelId: SAME_HQ_AND_PROXY_MESSAGE }],
    ['switcherAndProxy', 'A', 'A', { proxyChannelId: 'The HQ and proxy channels must be different' }],
    ['switcher', 'A', 'B', {}],
    ['switcherAndProxy', 'B', 'A', {}],
    ['switcher', null, 'B', { highQualityChannelId: MESSAGES.required }],
    ['switcher', 'A', null, { proxyChannelId: MESSAGES.required }],
  ])('%s HQ %s proxy %s', (mode, hq, proxy, expected) => {
    expect(switcherErrors(saved(), { mode, highQualityChannelId: hq, proxyChannelId: proxy })).toEqual(expected);
  });
  it('puts an error of the saved cameras on the form', () => {
    const errors = switcherErrors(saved({ cameras: [{ channelId: 'C', priority: 1 }, { channelId: 'C', priority: 2 }] }), { mode: 'switcher', highQualityChannelId: 'A', proxyChannelId: 'B' });
    expect(errors).toEqual({ form: MESSAGES.mustBeUnique });
  });
});

describe('switcherSavePlan', () => {
  it.each([
    {
      name: 'from Multi-HQ: HQ, proxy, then mode',
      from: saved(),
      to: { mode: 'switcher' as const, highQualityChannelId: 'A', proxyChannelId: 'B' },
      calls: ['highQualityChannel:A', 'proxyChannel:B', 'mode:switcher'],
    },
    {
      name: 'nothing changed: no call',
      from: saved({ mode: 'switcher', highQualityChannelId: 'A', proxyChannelId: 'B' }),
      to: { mode: 'switcher' as const, highQualityChannelId: 'A', proxyChannelId: 'B' },
      calls: [],
    },
    {
      name: 'only the mode',
      from: saved({ mode: 'switcher', highQualityChannelId: 'A', proxyChannelId: 'B' }),
      to: { mode: 'switcherAndProxy' as const, highQualityChannelId: 'A', proxyChannelId: 'B' },
      calls: ['mode:switcherAndProxy'],
    },
    {
      name: 'new HQ is the old proxy: proxy first',
      from: saved({ mode: 'switcher', highQualityChannelId: 'A', proxyChannelId: 'B' }),
      to: { mode: 'switcher' as const, highQualityChannelId: 'B', proxyChannelId: 'C' },
      calls: ['proxyChannel:C', 'highQualityChannel:B'],
    },
    {
      name: 'a swap: one whole configuration',
      from: saved({ mode: 'switcher', highQualityChannelId: 'A', proxyChannelId: 'B' }),
      to: { mode: 'switcher' as const, highQualityChannelId: 'B', proxyChannelId: 'A' },
      calls: ['whole'],
    },
  ])('$name', ({ from, to, calls }) => {
    const plan = switcherSavePlan(from, to);
    expect(plan.map((c) => (c.kind === 'whole' ? 'whole' : `${c.kind}:${c.kind === 'mode' ? c.mode : c.channelId}`))).toEqual(calls);
  });

  it('every step leaves a configuration the server accepts, and the last is the target', () => {
    const channel = fc.constantFrom('A', 'B', 'C', 'D');
    const switcherMode = fc.constantFrom<SwitcherMode>('switcher', 'switcherAndProxy');
    const start = fc.oneof(
      fc.record({ mode: fc.constant<MultiCameraMode>('highQuality'), highQualityChannelId: fc.option(channel, { nil: null }), proxyChannelId: fc.option(channel, { nil: null }) }),
      fc.record({ mode: switcherMode as fc.Arbitrary<MultiCameraMode>, highQualityChannelId: channel, proxyChannelId: channel }).filter((s) => s.highQualityChannelId !== s.proxyChannelId),
    );
    const target = fc.record({ mode: switcherMode, highQualityChannelId: channel, proxyChannelId: channel }).filter((t) => t.highQualityChannelId !== t.proxyChannelId);
    fc.assert(
      fc.property(start, target, (s, t) => {
        let config = saved(s);
        for (const call of switcherSavePlan(config, t)) {
          config = applySwitcherCall(config, call);
          expect(multiCameraErrors(config)).toEqual({});
        }
        expect({ mode: config.mode, highQualityChannelId: config.highQualityChannelId, proxyChannelId: config.proxyChannelId }).toEqual(t);
      }),
    );
  });
});
