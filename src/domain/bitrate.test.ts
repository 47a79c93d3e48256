import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatBitrate } from './bitrate.ts';

describe('formatBitrate (spec 000 §9: kbps up to 1024, Mbps above)', () => {
  it.each<[number, string]>([
    [0, '0 kbps'],
    [96, '96 kbps'],
    [1023, '1023 kbps'],
    [1024, '1024 kbps'],
    [1025, '1.02 Mbps'],
    [3600, '3.60 Mbps'], // the 3.6 Mbps capping preset reads as itself
    [1536, '1.54 Mbps'],
    [20_000, '20.00 Mbps'], // HD maximum in single-camera mode
    [1023.6, '1024 kbps'],
    [-5, '0 kbps'],
    [Number.NaN, '0 kbps'],
    [Number.POSITIVE_INFINITY, '0 kbps'],
  ])('shows %d kbps as %j', (kbps, text) => {
    expect(formatBitrate(kbps)).toBe(text);
  });

  it('uses kbps exactly for 0..1024 and Mbps exactly above', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (kbps) => {
        expect(formatBitrate(kbps).endsWith(kbps <= 1024 ? ' kbps' : ' Mbps')).toBe(true);
      }),
    );
  });
});
