import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { UNIT_ALERT_FLAGS } from './units/alertSettings.ts';
import { defaultPreferences, mergePreferences, type UserPreferences } from './preferences.ts';

describe('default preferences (spec 002 §3)', () => {
  it.each<[string, (p: UserPreferences) => unknown, unknown]>([
    ['luSmartCountry is usa', (p) => p.luSmartCountry, 'usa'],
    ['map zoom is 3', (p) => p.mapData.zoom, 3],
    ['map latLng is 0,0', (p) => p.mapData.latLng, { lat: 0, lng: 0 }],
    ['grid prefs are empty', (p) => p.gridPrefs, {}],
    ['files filters show every kind and date', (p) => p.filesFilters, { kinds: [], date: 'any' }],
    ['no group is chosen', (p) => p.groupId, null],
  ])('%s', (_name, read, expected) => {
    expect(read(defaultPreferences())).toEqual(expected);
  });

  it('turns every unit alert setting on', () => {
    const settings = defaultPreferences().unitAlertsSettings;
    expect(Object.keys(settings).sort()).toEqual([...UNIT_ALERT_FLAGS].sort());
    expect(Object.values(settings).every((flag) => flag === true)).toBe(true);
    expect(UNIT_ALERT_FLAGS).toEqual(['offlineToOnline', 'startedStreaming', 'streamingToOnline', 'onlineToOffline', 'streamingToOffline', 'fileUploadStarted', 'fileUploadCompleted', 'newDeviceAdded']);
  });

  it('returns a fresh object each time', () => {
    expect(defaultPreferences()).not.toBe(defaultPreferences());
    expect(defaultPreferences().mapData.latLng).not.toBe(defaultPreferences().mapData.latLng);
  });
});

describe('merging stored preferences', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an array', [1, 2]],
    ['broken JSON text', '{"luSmartCountry":'],
    ['an empty object', {}],
  ])('gives the defaults for %s', (_name, stored) => {
    expect(mergePreferences(stored)).toEqual(defaultPreferences());
  });

  it('keeps well-typed known fields', () => {
    const merged = mergePreferences({
      groupId: 'G1',
      luSmartCountry: 'deu',
      leftPanelWidth: 320,
      unitListExpanded: true,
      vrFilters: ['online', 'offline'],
      manageChannelsFilters: { types: ['smpte', 'sdiIn'], modes: ['cdn'], playing: ['busy'] },
      filesFilters: { kinds: ['metadata'], date: 'last7Days' },
      gridPrefs: { units: { columns: ['name', 'status'], sortState: { column: 'name', direction: 'desc' } } },
      unitAlertsSettings: { newDeviceAdded: false },
      filterPanelsOpen: { units: false },
      mapData: { zoom: 7, latLng: { lat: 51.5, lng: -0.12 } },
      lastSelectedUnit: 'U9',
    });
    expect(merged).toMatchObject({
      groupId: 'G1',
      luSmartCountry: 'deu',
      leftPanelWidth: 320,
      unitListExpanded: true,
      vrFilters: ['online', 'offline'],
      manageChannelsFilters: { types: ['smpte', 'sdiIn'], modes: ['cdn'], playing: ['busy'] },
      filesFilters: { kinds: ['metadata'], date: 'last7Days' },
      gridPrefs: { units: { columns: ['name', 'status'], sortState: { column: 'name', direction: 'desc' } } },
      filterPanelsOpen: { units: false },
      mapData: { zoom: 7, latLng: { lat: 51.5, lng: -0.12 } },
      lastSelectedUnit: 'U9',
    });
    expect(merged.unitAlertsSettings.newDeviceAdded).toBe(false);
    expect(merged.unitAlertsSettings.offlineToOnline).toBe(true);
  });

  it('reads the JSON text form', () => {
    expect(mergePreferences('{"luSmartCountry":"can"}').luSmartCountry).toBe('can');
  });

  it.each<[string, Record<string, unknown>, (p: UserPreferences) => unknown, unknown]>([
    ['an empty country falls back to usa', { luSmartCountry: '' }, (p) => p.luSmartCountry, 'usa'],
    ['a numeric country falls back to usa', { luSmartCountry: 1 }, (p) => p.luSmartCountry, 'usa'],
    ['zoom 29 falls back to 3', { mapData: { zoom: 29 } }, (p) => p.mapData.zoom, 3],
    ['zoom 28 is kept', { mapData: { zoom: 28 } }, (p) => p.mapData.zoom, 28],
    ['zoom -1 falls back to 3', { mapData: { zoom: -1 } }, (p) => p.mapData.zoom, 3],
    ['zoom 0 is kept', { mapData: { zoom: 0 } }, (p) => p.mapData.zoom, 0],
    ['a text zoom falls back to 3', { mapData: { zoom: '5' } }, (p) => p.mapData.zoom, 3],
    ['latitude 90 is kept', { mapData: { latLng: { lat: 90, lng: 180 } } }, (p) => p.mapData.latLng, { lat: 90, lng: 180 }],
    ['latitude 91 drops the centre', { mapData: { latLng: { lat: 91, lng: 0 } } }, (p) => p.mapData.latLng, { lat: 0, lng: 0 }],
    ['half a centre is dropped', { mapData: { latLng: { lat: 10 } } }, (p) => p.mapData.latLng, { lat: 0, lng: 0 }],
    ['unknown VR filters are dropped', { vrFilters: ['online', 'bogus', 3, 'online'] }, (p) => p.vrFilters, ['online']],
    ['an unknown date filter falls back to any', { filesFilters: { date: 'yesterday', kinds: ['chunks'] } }, (p) => p.filesFilters, { kinds: ['chunks'], date: 'any' }],
    ['a non-boolean alert flag stays on', { unitAlertsSettings: { onlineToOffline: 'no' } }, (p) => p.unitAlertsSettings.onlineToOffline, true],
    ['a bad sort direction drops the sort', { gridPrefs: { g: { columns: ['a', 1], sortState: { column: 'a', direction: 'up' } } } }, (p) => p.gridPrefs, { g: { columns: ['a'], sortState: null } }],
    ['a non-object grid is dropped', { gridPrefs: { g: 'wide' } }, (p) => p.gridPrefs, {}],
    ['a negative panel width is dropped', { leftPanelWidth: -5 }, (p) => p.leftPanelWidth, null],
    ['an infinite panel width is dropped', { leftPanelWidth: Number.POSITIVE_INFINITY }, (p) => p.leftPanelWidth, null],
    ['filter selections keep string values only', { deviceFilters: { status: ['online', 2], type: 'x' } }, (p) => p.deviceFilters, { status: ['online'] }],
    ['unknown fields are dropped', { theme: 'dark' }, (p) => Object.hasOwn(p, 'theme'), false],
  ])('%s', (_name, stored, read, expected) => {
    expect(read(mergePreferences(stored))).toEqual(expected);
  });

  it('does not read fields from the prototype', () => {
    const stored = Object.create({ luSmartCountry: 'fra' }) as object;
    expect(mergePreferences(stored).luSmartCountry).toBe('usa');
  });

  it('keeps a "__proto__" grid id as a plain key without touching the prototype', () => {
    const merged = mergePreferences(JSON.parse('{"gridPrefs":{"__proto__":{"columns":["a"]}}}'));
    expect(Object.getPrototypeOf(merged.gridPrefs)).toBe(Object.prototype);
    expect(Object.hasOwn(merged.gridPrefs, '__proto__')).toBe(true);
  });

  it('never throws and always yields the full shape', () => {
    const keys = Object.keys(defaultPreferences()).sort();
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.object(), fc.json()), (stored) => {
        const merged = mergePreferences(stored);
        expect(Object.keys(merged).sort()).toEqual(keys);
        expect(merged.luSmartCountry.trim()).not.toBe('');
      }),
    );
  });

  it('is a fixed point: merging a merged value changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json()), (stored) => {
        const merged = mergePreferences(stored);
        expect(mergePreferences(merged)).toEqual(merged);
        expect(mergePreferences(JSON.stringify(merged))).toEqual(merged);
      }),
    );
  });
});
