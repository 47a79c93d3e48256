import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { batteryText, delayText, footerLeftText, LINK_BAR_FULL_KBPS, linkBarLevel, totalUplinkText } from './tileFacts.ts';

const link = (uplinkKbps: number, connected = true) => ({ connected, uplinkKbps });

describe('linkBarLevel', () => {
  it.each([
    [0, 0],
    [LINK_BAR_FULL_KBPS / 4, 0.5],
    [LINK_BAR_FULL_KBPS, 1],
    [LINK_BAR_FULL_KBPS * 3, 1],
  ])('fills a bar of %d kbps to %d', (kbps, level) => {
    expect(linkBarLevel(link(kbps))).toBeCloseTo(level);
  });

  it('leaves a disconnected link empty', () => {
    expect(linkBarLevel(link(5000, false))).toBe(0);
  });

  it('stays within 0..1 and grows with the bitrate', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(linkBarLevel(link(lo))).toBeLessThanOrEqual(linkBarLevel(link(hi)));
        expect(linkBarLevel(link(hi))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('labels', () => {
  it.each([
    [undefined, '–'],
    [999, '999 ms'],
    [1000, '1.0 s'],
    [1500, '1.5 s'],
  ])('shows a delay of %s as %s', (ms, text) => {
    expect(delayText(ms)).toBe(text);
  });

  it.each([
    [undefined, 'AC'],
    [{ percentage: 78 }, '78%'],
    [{ percentage: 78, charging: true }, '78%+'],
  ])('shows battery %j as %s', (battery, text) => {
    expect(batteryText(battery)).toBe(text);
  });

  it('sums the connected links only (spec 000 §9 display: Mbps above 1024 kbps)', () => {
    expect(totalUplinkText([link(1000), link(2200), link(5000, false)])).toBe('3.20 Mbps');
    expect(totalUplinkText([link(1024)])).toBe('1024 kbps');
  });
});

describe('footerLeftText (the footer never draws over the battery and alerts)', () => {
  // A monospace stand-in: 7 px per character.
  const widthOf = (text: string): number => text.length * 7;
  const full = '800 ms  ·  2.39 Mbps'; // 20 characters: 140 px
  it.each([
    [141, full],
    [140, full],
    [139, '800 ms'],
    [42, '800 ms'],
    [41, ''],
    [0, ''],
  ])('with %i px free shows %j', (available, expected) => {
    expect(footerLeftText('800 ms', '2.39 Mbps', available, widthOf)).toBe(expected);
  });
  it('shows the delay alone on a compact tile (no bitrate)', () => {
    expect(footerLeftText('800 ms', null, 500, widthOf)).toBe('800 ms');
  });
});
