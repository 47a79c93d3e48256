import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { graphicsServiceEnabled } from './graphics.ts';

describe('graphics permission (spec 002 §4: only HTTP 200 with serviceEnabled true)', () => {
  it.each<[number, unknown, boolean]>([
    [200, { serviceEnabled: true }, true],
    [200, { serviceEnabled: false }, false],
    [200, { serviceEnabled: 'true' }, false],
    [200, { serviceEnabled: 1 }, false],
    [200, {}, false],
    [200, null, false],
    [200, 'serviceEnabled', false],
    [201, { serviceEnabled: true }, false],
    [204, { serviceEnabled: true }, false],
    [403, { serviceEnabled: true }, false],
    [500, { serviceEnabled: true }, false],
  ])('HTTP %i with %j → %s', (status, body, expected) => {
    expect(graphicsServiceEnabled(status, body)).toBe(expected);
  });

  it('does not read serviceEnabled from the prototype', () => {
    expect(graphicsServiceEnabled(200, Object.create({ serviceEnabled: true }))).toBe(false);
  });

  it('never enables on any status other than 200, and never throws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.anything(), (status, body) => {
        const enabled = graphicsServiceEnabled(status, body);
        if (status !== 200) expect(enabled).toBe(false);
      }),
    );
  });
});
