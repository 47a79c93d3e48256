import { describe, expect, it } from 'vitest';
import { changeRows, valueText, VALUE_MAX_CHARS } from './changes.ts';

describe('the activity details: what changed, as text', () => {
  it('opens lists keyed by kind down to the values that changed', () => {
    const before = { groupId: 'G1', thresholds: [{ kind: 'battery', enabled: false, value: 20 }, { kind: 'linkLoss', enabled: false, value: null }], updatedAt: null };
    const after = { groupId: 'G1', thresholds: [{ kind: 'battery', enabled: true, value: 99 }, { kind: 'linkLoss', enabled: false, value: null }], updatedAt: 5 };
    expect(changeRows({ changed: ['thresholds', 'updatedAt'], before, after, request: null })).toEqual([
      { field: 'thresholds.battery.enabled', before: 'false', after: 'true' },
      { field: 'thresholds.battery.value', before: '20', after: '99' },
      { field: 'updatedAt', before: '—', after: '5' },
    ]);
  });

  it('words a time field with the given clock format', () => {
    expect(changeRows({ changed: ['updatedAt'], before: {}, after: { updatedAt: 5 }, request: null }, (ms) => `t${ms}`)).toEqual([{ field: 'updatedAt', before: '—', after: 't5' }]);
  });

  it('shows what was sent when nothing changed (a refusal)', () => {
    expect(changeRows({ changed: [], before: { name: 'A' }, after: null, request: { name: 'B!' } })).toEqual([{ field: 'name', before: 'A', after: 'B!' }]);
  });

  it.each([
    [null, '—'],
    ['', '""'],
    [true, 'true'],
    [[], '[]'],
    ['x'.repeat(VALUE_MAX_CHARS + 5), `${'x'.repeat(VALUE_MAX_CHARS - 1)}…`],
  ])('words %j as %s', (value, text) => {
    expect(valueText(value)).toBe(text);
  });
});
