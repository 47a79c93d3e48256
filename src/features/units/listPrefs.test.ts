import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS } from './columns.ts';
import { DEFAULT_LAYOUT, layoutFromPrefs, layoutToPrefs, nextSort, toggleColumn } from './listPrefs.ts';

describe('unit list grid preferences (gridPrefs.unitList)', () => {
  it('uses the default columns and name order when nothing is saved', () => {
    expect(layoutFromPrefs(undefined)).toEqual(DEFAULT_LAYOUT);
    expect(layoutFromPrefs({ columns: [], sortState: null }).columns).toEqual(DEFAULT_COLUMNS);
  });

  it('reads back what it saved', () => {
    const layout = { columns: ['status', 'name', 'serial', 'location'] as const, sort: { column: 'bitrate', direction: 'desc' } as const };
    expect(layoutFromPrefs(layoutToPrefs(layout))).toEqual(layout);
  });

  it('drops unknown columns, keeps the fixed ones and ignores a sort on an unknown column', () => {
    expect(layoutFromPrefs({ columns: ['serial', 'bogus', 'serial'], sortState: { column: 'bogus', direction: 'asc' } })).toEqual({
      columns: ['status', 'name', 'serial'],
      sort: null,
    });
  });

  it('hides and shows a column in the canonical order, never the fixed ones', () => {
    expect(toggleColumn(['status', 'name', 'serial'], 'type')).toEqual(['status', 'name', 'type', 'serial']);
    expect(toggleColumn(['status', 'name', 'serial'], 'serial')).toEqual(['status', 'name']);
    expect(toggleColumn(['status', 'name'], 'name')).toEqual(['status', 'name']);
  });

  it.each([
    [null, 'name', { column: 'name', direction: 'asc' }],
    [{ column: 'name', direction: 'asc' }, 'name', { column: 'name', direction: 'desc' }],
    [{ column: 'name', direction: 'desc' }, 'name', null],
    [{ column: 'name', direction: 'desc' }, 'delay', { column: 'delay', direction: 'asc' }],
  ] as const)('moves the sort %j on a click of %s to %j', (current, column, expected) => {
    expect(nextSort(current, column)).toEqual(expected);
  });
});
