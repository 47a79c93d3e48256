/** copyJson (copyJson.ts): what structuredClone gives for any JSON value, sharing no object with it. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { copyJson } from './copyJson.ts';

/** Every object and array inside `value`, itself included. */
function objectsOf(value: unknown, into: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return into;
  into.push(value);
  for (const item of Object.values(value)) objectsOf(item, into);
  return into;
}

describe('copyJson', () => {
  it('gives what structuredClone gives, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(copyJson(value)).toStrictEqual(structuredClone(value));
      }),
      { numRuns: 1_000 },
    );
  });

  it('shares no object or array with the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const originals = new Set(objectsOf(value));
        for (const object of objectsOf(copyJson(value))) expect(originals.has(object)).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });

  it('keeps an own "__proto__" key as a key, as JSON.parse makes it', () => {
    const value = JSON.parse('{"__proto__": {"state": "connected"}, "video": {"state": "streaming"}}') as Record<string, unknown>;
    const copy = copyJson(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'video']);
    expect(copy).toStrictEqual(structuredClone(value));
  });

  it('is not changed by a later change of the value in place (an intercom session connecting)', () => {
    const intercom: Record<string, { state: string }> = { intercom1: { state: 'connecting' } };
    const copy = copyJson(intercom);
    (intercom['intercom1'] as { state: string }).state = 'connected';
    expect(copy).toEqual({ intercom1: { state: 'connecting' } });
  });
});
