import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../i18n/locales/en.json';
import type { ConnectionState } from '../../../workers/sources/connectionState.ts';
import { describeConnection } from '../../../workers/sources/connectionState.ts';
import { connectionLabel, ticks } from './connectionLabel.ts';

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

async function english() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance;
}

const NOW = Date.UTC(2026, 0, 1, 10, 42, 0);

describe('the header connection indicator', () => {
  it.each<[string, ConnectionState]>([
    ['connecting', { phase: 'connecting' }],
    ['live', { phase: 'live' }],
    ['resyncing', { phase: 'resyncing' }],
    ['reconnecting in 7 s', { phase: 'reconnecting', attempt: 2, retryAt: NOW + 6_100, since: NOW - 1_000 }],
    ['reconnecting in 0 s', { phase: 'reconnecting', attempt: 2, retryAt: NOW - 5, since: NOW - 1_000 }],
    ['offline since 10:41:55', { phase: 'offline', since: NOW - 5_000, reloadAt: null }],
    ['session ended', { phase: 'ended', since: NOW - 5_000 }],
  ])('says "%s" in the words of describeConnection', async (expected, state) => {
    const i18n = await english();
    const label = connectionLabel(state, NOW, time);
    expect(i18n.t(label.key, label.values)).toBe(expected);
    expect(describeConnection(state, NOW, time)).toBe(expected);
  });

  it('ticks every second only while a reconnect is counted down', () => {
    expect(ticks({ phase: 'reconnecting', attempt: 1, retryAt: 0, since: 0 })).toBe(true);
    expect(ticks({ phase: 'live' })).toBe(false);
    expect(ticks({ phase: 'offline', since: 0, reloadAt: 5 })).toBe(false);
  });
});
