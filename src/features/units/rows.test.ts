import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderedUnitIds } from './rows.ts';
import { gridTemplate, locationOf } from './columns.ts';
import { unitView } from './testViews.ts';

const all = () => true;

describe('unit list order', () => {
  const units = [
    unitView('a', { name: 'Unit 10', delayMs: 1500, swVersion: '8.10.0', uplinkKbps: 3000 }),
    unitView('b', { name: 'unit 2', delayMs: 800, swVersion: '8.9.1', uplinkKbps: 0 }),
    unitView('c', { name: 'Unit 1', swVersion: '7.5.1', uplinkKbps: 1200 }),
  ];

  it.each([
    ['name', 'asc', ['c', 'b', 'a']],
    ['name', 'desc', ['a', 'b', 'c']],
    ['delay', 'asc', ['b', 'a', 'c']],
    ['delay', 'desc', ['a', 'b', 'c']],
    ['version', 'asc', ['c', 'b', 'a']],
    ['bitrate', 'desc', ['a', 'c', 'b']],
  ] as const)('sorts by %s %s (numbers in names and versions as numbers, no value last)', (column, direction, expected) => {
    expect(orderedUnitIds(units, all, { column, direction })).toEqual(expected);
  });

  it('sorts statuses in the user-facing order: offline, online, streaming', () => {
    const fleet = [unitView('s', { status: 'streaming', applications: ['video'] }), unitView('o', { status: 'offline' }), unitView('i')];
    expect(orderedUnitIds(fleet, all, { column: 'status', direction: 'asc' })).toEqual(['o', 'i', 's']);
  });

  it('keeps every unit that matches, once, whatever the sort', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 })), fc.nat(2_000), (ids, delay) => {
        const views = ids.map((id, index) => unitView(id, { delayMs: index % 3 === 0 ? undefined : (delay + index) % 5000 }));
        const ordered = orderedUnitIds(views, all, { column: 'delay', direction: 'desc' });
        expect([...ordered].sort()).toEqual([...ids].sort());
      }),
    );
  });

  it('writes a grid track per visible column', () => {
    expect(gridTemplate(['status', 'name'])).toBe('minmax(150px, 1.2fr) minmax(170px, 2fr)');
  });

  it('shows the address, else the coordinates to 2 decimals, else nothing', () => {
    expect(locationOf(unitView('x', { address: 'Paris', lat: 1, lng: 2 }))).toBe('Paris');
    expect(locationOf(unitView('x', { lat: 48.8566, lng: 2.3522 }))).toBe('48.86, 2.35');
    expect(locationOf(unitView('x'))).toBeUndefined();
  });
});
