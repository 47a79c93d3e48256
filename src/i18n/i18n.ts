/**
 * i18next for the console (spec 000 §1: "The interface is in English, with the default language
 * loaded on demand"). The language files are separate chunks fetched by a dynamic import when a
 * language is first used; English is the default and the fallback. English comes in two parts:
 * the texts of the pages before sign-in at start, every text once the guard runs (loadAllTexts).
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';

export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Every English text (englishTexts.ts, one chunk loaded on demand). */
export async function englishResources(): Promise<Record<string, unknown>> {
  return (await import('./englishTexts.ts')).englishTexts();
}

/** The texts before the guard has run (startTexts.ts: sign-in, brand, route error), loaded on demand. */
async function loadLanguage(language: string): Promise<Record<string, unknown>> {
  switch (language) {
    case 'en':
      return (await import('./startTexts.ts')).startTexts;
    default:
      return {};
  }
}

const allTextsLoaded = new WeakMap<i18n, Promise<void>>();

/**
 * Adds every English text to the instance (once; a failed load is tried again by the next call).
 * The guard waits for it before any page but sign-in draws (router.tsx); the sign-in page
 * prefetches it while the user types, and main.tsx starts it on any other page (shellLoading.ts).
 */
export function loadAllTexts(instance: i18n = i18next): Promise<void> {
  let loading = allTextsLoaded.get(instance);
  if (loading === undefined) {
    loading = englishResources().then(
      (texts) => {
        instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true, true);
      },
      (error: unknown) => {
        allTextsLoaded.delete(instance);
        throw error;
      },
    );
    allTextsLoaded.set(instance, loading);
  }
  return loading;
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
