import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../i18n/locales/en.json';
import { UNIT_COUNTER_NAMES } from '../../domain/units/counters.ts';
import { STATUS_FILTER_GROUPS, USER_FACING_STATUSES } from '../../domain/units/status.ts';
import { UNIT_TYPE_GROUPS } from '../../domain/units/productTypes.ts';
import { TRANSITION_NAMES } from '../../domain/units/transitions.ts';
import { UNIT_COLUMNS } from './columns.ts';
import { SEARCH_KEYS } from './search.ts';
import { PASSING_VIDEO_STATES } from './statusLabel.ts';

async function english() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance;
}

describe('the unit list speaks English for every value it shows', () => {
  it.each([
    ...UNIT_COLUMNS.map((name) => `unitList.columns.${name}`),
    ...UNIT_COUNTER_NAMES.map((name) => `unitList.counters.${name}`),
    ...STATUS_FILTER_GROUPS.map((name) => `unitList.filters.statuses.${name}`),
    ...UNIT_TYPE_GROUPS.map((name) => `unitList.filters.types.${name}`),
    ...USER_FACING_STATUSES.map((name) => `unitList.status.${name}`),
    ...PASSING_VIDEO_STATES.map((name) => `unitList.status.${name}`),
    ...SEARCH_KEYS.map((name) => `unitList.search.keys.${name}`),
    ...TRANSITION_NAMES.map((name) => `fleet.transitions.${name}`),
  ])('translates %s', async (key) => {
    const i18n = await english();
    expect(i18n.exists(key)).toBe(true);
    expect(i18n.t(key).trim()).not.toBe('');
  });

  it('names the empty state as the list says it', async () => {
    const i18n = await english();
    expect(i18n.t('unitList.emptyFiltered')).toBe('No units match these filters');
    expect(i18n.t('unitList.summary', { shown: '12', total: '60', count: 60 })).toBe('12 of 60 units');
    expect(i18n.t('fleet.transitions.more', { count: 2 })).toBe('and 2 more unit transitions');
  });
});
