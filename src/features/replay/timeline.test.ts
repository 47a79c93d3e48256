import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBytes, formatLogTime, formatSpan, resampleDensity, timeOfX, xOfTime } from './timeline.ts';

const START = 1_763_700_000_000;
const END = START + 480_000;

describe('timeline geometry', () => {
  it.each([
    [START, 0],
    [END, 1000],
    [START + 240_000, 500],
    [START - 1, 0],
    [END + 1, 1000],
  ])('puts log time %s at x %s on a 1,000 px track', (ts, x) => {
    expect(xOfTime(ts, START, END, 1000)).toBe(x);
  });

  it('maps x back to the time at x, clamped to the log', () => {
    expect(timeOfX(-5, START, END, 1000)).toBe(START);
    expect(timeOfX(1005, START, END, 1000)).toBe(END);
    expect(timeOfX(250, START, END, 1000)).toBe(START + 120_000);
  });

  it('round-trips x → time → x within half a pixel (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1200 }), fc.integer({ min: 100, max: 1200 }), (x, width) => {
        const clamped = Math.min(x, width);
        expect(Math.abs(xOfTime(timeOfX(clamped, START, END, width), START, END, width) - clamped)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('puts everything at the start of a log that lasts no time', () => {
    expect(xOfTime(START, START, START, 1000)).toBe(0);
    expect(timeOfX(700, START, START, 1000)).toBe(START);
  });
});

describe('resampleDensity', () => {
  it('keeps every event when there are fewer bars than bins (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100), { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 400 }), (density, bars) => {
        const out = resampleDensity(density, bars);
        expect(out.length).toBe(Math.min(bars, density.length));
        expect(out.reduce((a, b) => a + b, 0)).toBe(density.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('sums neighbouring bins into one bar', () => {
    expect(resampleDensity([1, 2, 3, 4], 2)).toEqual([3, 7]);
  });
});

describe('labels', () => {
  it('shows log time in UTC with ms', () => {
    expect(formatLogTime(START + 12_345)).toBe('2025-11-21 04:40:12.345 UTC');
  });

  it.each([
    [12_500, '12.5 s'],
    [59_999, '60 s'],
    [480_000, '8 min 0 s'],
    [7_380_000, '2 h 3 min'],
  ])('shows a span of %s ms as %s', (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });

  it.each([
    [980, '980 B'],
    [1_000, '1 KB'],
    [635_382, '635 KB'],
    [1_234_567, '1.2 MB'],
  ])('shows %s bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
