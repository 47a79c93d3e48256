import { describe, expect, it } from 'vitest';
import { UNIT_SEARCH_PAGE_SIZE } from '../../domain/constants.ts';
import { searchPageOf, DEFAULT_KEY, isServerSearch, SEARCH_KEYS, searchKeysFor } from './search.ts';
import { statusLabelKey } from './statusLabel.ts';
import { unitView } from './testViews.ts';

describe('unit search (spec 000 §9: page size 50, default key name)', () => {
  it('searches by name by default, in the live list', () => {
    expect(DEFAULT_KEY).toBe('name');
    expect(UNIT_SEARCH_PAGE_SIZE).toBe(50);
    expect(isServerSearch({ key: 'name', value: 'Paris' })).toBe(false);
  });

  it.each([
    ['serial', 'SN-1', true],
    ['serial', '   ', false],
    ['swVersion', '8.5', true],
  ] as const)('asks the server for a %s search of "%s": %s', (key, value, expected) => {
    expect(isServerSearch({ key, value })).toBe(expected);
  });

  it.each([
    [['luc_regular'], SEARCH_KEYS],
    [['luc_media_group_admin'], SEARCH_KEYS],
    [['luc_curator'], ['name']],
    [['staff'], ['name']],
  ] as const)('offers %j the keys %j (the server listing is for the management set)', (roles, keys) => {
    expect(searchKeysFor(roles)).toEqual(keys);
  });

  it('keeps of a server page the total, the offset and each unit’s uid and group', () => {
    expect(searchPageOf({ total: 120, offset: 50, units: [{ uid: 'U1', groupId: 'G-1' }, { uid: 'U2', groupId: null }] })).toEqual({
      total: 120,
      offset: 50,
      units: [
        { uid: 'U1', groupId: 'G-1' },
        { uid: 'U2', groupId: null },
      ],
    });
  });
});

describe('row status words', () => {
  it.each([
    ['a pressed start waiting for its status', { transition: { button: 'stream', state: 'connecting' } }, 'unitList.status.connecting'],
    ['a unit reporting video connecting', { videoState: 'connecting', applications: ['video'], status: 'streaming' }, 'unitList.status.connecting'],
    ['a unit reporting video disconnecting', { videoState: 'disconnecting', applications: ['video'], status: 'streaming' }, 'unitList.status.disconnecting'],
    ['a streaming unit', { videoState: 'streaming', applications: ['video'], status: 'streaming' }, 'unitList.status.streaming'],
    ['an offline unit', { status: 'offline' }, 'unitList.status.offline'],
  ] as const)('names %s', (_name, extra, key) => {
    expect(statusLabelKey(unitView('u', extra as never))).toBe(key);
  });
});

describe('row status dot', () => {
  it('shows a unit between two states, and not a settled one', async () => {
    const { isPassing } = await import('./statusLabel.ts');
    expect(isPassing(unitView('u', { videoState: 'connecting' }))).toBe(true);
    expect(isPassing(unitView('u', { transition: { button: 'stream', state: 'disconnecting' } } as never))).toBe(true);
    expect(isPassing(unitView('u', { videoState: 'streaming' }))).toBe(false);
  });
});
