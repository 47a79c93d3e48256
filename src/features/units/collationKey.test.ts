import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPlainText, plainKey, rankTexts, TEXT_COLLATOR } from './collationKey.ts';

const sign = (value: number): number => Math.sign(value);
const keyOrder = (a: string, b: string): number => {
  const x = plainKey(a);
  const y = plainKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

// Unit names: letters, digits, "_" and "-" (spec 000 §5); weighted towards digits and separators.
const plainChar = fc.constantFrom(...'aAbBzZ0019_-'.split(''), ...'cdXY2345678'.split(''));
const plainText = fc.array(plainChar, { maxLength: 14 }).map((chars) => chars.join(''));

describe('plain text keys order as the collator does (numeric, case- and accent-blind)', () => {
  it.each([
    ['Unit 1'.replace(' ', '-'), 'unit-2', -1],
    ['Unit-10', 'unit-2', 1],
    ['Paris-RR8-00012', 'paris-rr8-12', 0],
    ['a_b', 'a-b', -1],
    ['a-b', 'a0', -1],
    ['a9', 'ab', -1],
    ['a', 'a-', -1],
    ['x0', 'x00', 0],
    ['', 'a', -1],
    ['Z', 'a', 1],
  ])('%s vs %s: %i', (a, b, expected) => {
    expect(sign(keyOrder(a, b))).toBe(expected);
    expect(sign(TEXT_COLLATOR.compare(a, b))).toBe(expected);
  });

  it('agrees with Intl.Collator on every pair of unit names', () => {
    fc.assert(
      fc.property(plainText, plainText, (a, b) => {
        expect(sign(keyOrder(a, b))).toBe(sign(TEXT_COLLATOR.compare(a, b)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('orders numbers of more than 46 digits by their length, then their digits', () => {
    const long = (digits: number, first = '1') => `n${first}${'0'.repeat(digits - 1)}`;
    expect(sign(keyOrder(long(46), long(47)))).toBe(-1);
    expect(sign(keyOrder(long(47), long(48)))).toBe(-1);
    expect(sign(keyOrder(long(60, '2'), long(60)))).toBe(1);
    expect(sign(TEXT_COLLATOR.compare(long(47), long(48)))).toBe(-1);
  });

  it('tells plain text from text with other characters', () => {
    expect(isPlainText('Paris-RR8_00001')).toBe(true);
    expect(isPlainText('Unit 1')).toBe(false);
    expect(isPlainText('Zürich')).toBe(false);
  });
});

describe('rankTexts', () => {
  it('ranks plain texts by key, equal texts sharing a rank', () => {
    const ranks = rankTexts(['unit-10', 'Unit-2', 'unit-2', 'unit-1']);
    expect([ranks.get('unit-1'), ranks.get('Unit-2'), ranks.get('unit-2'), ranks.get('unit-10')]).toEqual([0, 1, 1, 2]);
  });

  it('ranks other texts with the collator (accents and spaces)', () => {
    const ranks = rankTexts(['Zürich', 'zurich', 'Unit 10', 'Unit 9', 'Berlin']);
    expect(ranks.get('Berlin')).toBe(0);
    expect(ranks.get('Unit 9')).toBeLessThan(ranks.get('Unit 10') ?? -1);
    expect(ranks.get('Zürich')).toBe(ranks.get('zurich'));
  });

  it('takes another order when given (versions as dotted numbers)', () => {
    const byLength = (a: string, b: string) => a.length - b.length;
    expect(rankTexts(['ccc', 'a', 'bb'], byLength)).toEqual(new Map([['a', 0], ['bb', 1], ['ccc', 2]]));
  });

  it('gives the same order as sorting with the collator, for any mix of texts', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(plainText, fc.string({ maxLength: 6 }))), (texts) => {
        const ranks = rankTexts(texts);
        for (let i = 1; i < texts.length; i += 1) {
          const a = texts[i - 1] as string;
          const b = texts[i] as string;
          expect(sign((ranks.get(a) ?? 0) - (ranks.get(b) ?? 0))).toBe(sign(TEXT_COLLATOR.compare(a, b)));
        }
      }),
    );
  });
});
