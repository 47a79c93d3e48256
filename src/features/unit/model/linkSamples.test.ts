import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MODEM_GRAPH_SAMPLES, MODEM_GRAPH_STEP_MS } from '../../../domain/units/interface.ts';
import { chartRange, linkSample, plotColumns, recordLinks, timeTickLabels, type SampledLink } from './linkSamples.ts';

const link = (type: SampledLink['type'], uplinkKbps: number, connected = true, enabled = true): SampledLink => ({ type, uplinkKbps, connected, enabled });

describe('link bandwidth samples (spec 000 §4, §9: 360 samples, step 5000 ms)', () => {
  it('samples every 5000 ms', () => {
    expect(MODEM_GRAPH_STEP_MS).toBe(5000);
  });

  it('sums the uplink per series: Ethernet, Wi-Fi, modem', () => {
    const sample = linkSample([link('lan', 1000), link('lan', 500), link('wifi', 300), link('cell', 2000), link('cell', 1500)], 5000);
    expect(sample).toEqual({ at: 5000, ethernet: 1500, wifi: 300, modem: 3500 });
  });

  it.each([
    ['a disconnected link', link('cell', 900, false)],
    ['a disabled link', link('cell', 900, true, false)],
    ['a link of unknown type', link(undefined, 900)],
  ])('leaves out %s', (_name, ignored) => {
    expect(linkSample([ignored], 0)).toEqual({ at: 0, ethernet: 0, wifi: 0, modem: 0 });
  });

  it('keeps 360 samples: the 361st pushes out the oldest', () => {
    let samples = [] as ReturnType<typeof recordLinks>;
    for (let i = 0; i < 361; i += 1) samples = recordLinks(samples, [link('lan', i)], i * MODEM_GRAPH_STEP_MS);
    expect(samples).toHaveLength(360);
    expect(samples[0]?.ethernet).toBe(1);
    expect(samples[359]?.ethernet).toBe(360);
  });

  it('never holds more than 360 samples, and the last is always the newest', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { maxLength: 800 }), (uplinks) => {
        let samples = [] as ReturnType<typeof recordLinks>;
        uplinks.forEach((kbps, i) => (samples = recordLinks(samples, [link('wifi', kbps)], i)));
        expect(samples.length).toBe(Math.min(uplinks.length, MODEM_GRAPH_SAMPLES));
        if (uplinks.length > 0) expect(samples[samples.length - 1]?.wifi).toBe(uplinks[uplinks.length - 1]);
      }),
    );
  });

  it('gives uPlot x in seconds and one column per series', () => {
    expect(plotColumns([{ at: 10_000, ethernet: 1, wifi: 2, modem: 3 }])).toEqual([[10], [1], [2], [3]]);
  });
});

describe('the chart window fits its samples and names their date (issue 17 item 6)', () => {
  it.each([
    [1_000, 1_000, [940, 1_000]],
    [1_000, 1_030, [970, 1_030]],
    [1_000, 1_600, [1_000, 1_600]],
    [0, 5_000, [5_000 - 1_800, 5_000]],
  ] as const)('samples from %s s to %s s: the axis spans %j', (min, max, range) => {
    expect(chartRange(min, max, 1_800)).toEqual(range);
  });

  it('puts the samples’ own date under the first tick only', () => {
    const day = Date.UTC(2026, 10, 25, 9, 30) / 1000;
    const time = (ms: number, withSeconds: boolean) => new Date(ms).toISOString().slice(11, withSeconds ? 19 : 16);
    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(timeTickLabels([day, day + 300], time, date)).toEqual(['09:30\n2026-11-25', '09:35']);
    expect(timeTickLabels([day, day + 10], time, date)).toEqual(['09:30:00\n2026-11-25', '09:30:10']);
  });
});
