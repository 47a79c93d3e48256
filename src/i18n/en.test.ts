import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it, expect } from 'vitest';
import i18next from 'i18next';
import { englishResources } from './i18n.ts';
import { startTexts } from './startTexts.ts';
import { ROUTES } from '../domain/roles/routes.ts';
import { MENU_SECTIONS, menuLinks, MENU } from '../domain/roles/menu.ts';

async function english() {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: await englishResources() } }, interpolation: { escapeValue: false }, showSupportNotice: false });
  return instance;
}

describe('English translations', () => {
  it.each(ROUTES.map((route) => [route.path, route.titleKey] as const))('translate the page title of %s (%s)', async (_path, key) => {
    const i18n = await english();
    expect(i18n.exists(key)).toBe(true);
    expect(i18n.t(key)).not.toBe(key);
    expect(i18n.t(key).trim()).not.toBe('');
  });

  it('name the unit list "Unit List", as the menu does (spec 000 §2)', async () => {
    const i18n = await english();
    expect(i18n.t('routes.list')).toBe('Unit List');
    expect(i18n.t('routes.psg/system_entities/inventories')).toBe('System Entities: Inventories');
  });

  it.each(menuLinks().map(({ link }) => [link.title] as const))('translate the menu item "%s" with the spec’s own words', async (title) => {
    const i18n = await english();
    expect(i18n.t(`menu.items.${title}`)).toBe(title);
  });

  it('translate every menu section and group title', async () => {
    const i18n = await english();
    for (const section of MENU_SECTIONS) expect(i18n.exists(`menu.sections.${section}`)).toBe(true);
    const groups = Object.values(MENU).flat().filter((entry) => 'children' in entry);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(i18n.exists(`menu.items.${group.title}`)).toBe(true);
  });

  it('choose the singular and plural of the password notice by count', async () => {
    const i18n = await english();
    expect(i18n.t('passwordNotice.expiresIn', { count: 1 })).toBe('Your password expires in 1 day.');
    expect(i18n.t('passwordNotice.expiresIn', { count: 14 })).toBe('Your password expires in 14 days.');
  });
});

describe('the start texts (startTexts.ts: what shows before the guard has loaded the console’s texts)', () => {
  /** The components that draw before the guard: the sign-in page, its frame and brand, the route error page. */
  const BEFORE_GUARD = ['src/app/pages/SignInPage.tsx', 'src/components/CenteredPage.tsx', 'src/components/BrandMark.tsx', 'src/app/pages/RouteErrorPage.tsx', 'src/components/FullPageLoader.tsx'];
  const keysUsed = BEFORE_GUARD.flatMap((file) => [...readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8').matchAll(/\bt\('([\w.]+)'/g)].map((match) => [file, match[1] as string] as const));

  it('are found in the components (the scan works)', () => {
    expect(keysUsed.map(([, key]) => key)).toEqual(expect.arrayContaining(['signIn.submit', 'app.name', 'routeError.heading']));
  });

  it.each(keysUsed)('hold the text %s uses: %s', async (_file, key) => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en', resources: { en: { translation: startTexts } }, showSupportNotice: false });
    expect(instance.exists(key)).toBe(true);
  });

  it('are the same texts as in the whole set', async () => {
    const all = await englishResources();
    for (const [key, texts] of Object.entries(startTexts)) expect(all[key]).toEqual(texts);
  });
});
