import { describe, expect, it } from 'vitest';
import { buildHashOf } from './buildInfo.ts';

describe('the console build named by its chunk', () => {
  it.each([
    ['http://console.test/assets/AboutScreen-BXk2a9Qe.js', 'BXk2a9Qe'],
    ['/assets/buildInfo-a1B2c3D4.js?v=1', 'a1B2c3D4'],
    ['http://localhost:5173/src/features/about/buildInfo.ts', null],
    ['file:///work/main/src/features/about/buildInfo.ts', null],
  ])('%s → %j', (url, expected) => {
    expect(buildHashOf(url)).toBe(expected);
  });
});
