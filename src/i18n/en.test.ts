import { describe, it, expect } from 'vitest';
import i18next from 'i18next';
import { englishResources } from './i18n.ts';
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
