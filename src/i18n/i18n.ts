/**
 * i18next for the console (spec 000 §1: "The interface is in English, with the default language
 * loaded on demand"). The language files are separate chunks fetched by a dynamic import when a
 * language is first used; English is the default and the fallback.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The English texts of each area of the console that has a file of its own
 * (`locales/en/<area>.json`, its keys under `<area>.`): one file per area, so areas are written
 * side by side without touching one shared file. The older texts stay in `locales/en.json`.
 */
const ENGLISH_AREAS = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { import: 'default' });

/** `./locales/en/groups.json` → `groups`. */
function areaOfFile(path: string): string {
  return path.replace(/^.*\/([^/]+)\.json$/, '$1');
}

/** Every English text: the shared file plus one key per area file. */
export async function englishResources(): Promise<Record<string, unknown>> {
  const [base, ...areas] = await Promise.all([
    import('./locales/en.json').then((m) => m.default as Record<string, unknown>),
    ...Object.entries(ENGLISH_AREAS).map(async ([path, load]) => [areaOfFile(path), await load()] as const),
  ]);
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [area, texts] of areas as (readonly [string, Record<string, unknown>])[]) {
    if (Object.hasOwn(merged, area)) throw new Error(`locales/en/${area}.json: the key '${area}' is already in locales/en.json`);
    merged[area] = texts;
  }
  return merged;
}

/** Loads one language's JSON on demand (separate build chunks per language). */
async function loadLanguage(language: string): Promise<Record<string, unknown>> {
  switch (language) {
    case 'en':
      return englishResources();
    default:
      return {};
  }
}

/** Initialises the shared i18next instance; resolves once the default language is loaded. */
export async function startI18n(instance: i18n = i18next): Promise<i18n> {
  await instance
    .use(resourcesToBackend((language: string) => loadLanguage(language)))
    .use(initReactI18next)
    .init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: false },
    });
  return instance;
}

/** spec 000 §2 "The title of a page is the translation of its path". */
export function translatedTitle(t: (key: string) => string, titleKey: string | null): string {
  return titleKey === null ? t('app.name') : t(titleKey);
}
