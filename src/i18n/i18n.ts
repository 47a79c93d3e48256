/**
 * i18next for the console (spec 000 §1: "The interface is in English, with the default language
 * loaded on demand"). The language files are separate chunks fetched by a dynamic import when a
 * language is first used; English is the default and the fallback. English comes in four parts:
 * the texts of the pages before sign-in at start, the console's once the guard runs
 * (loadConsoleTexts), the unit screens' beside the list with those screens (loadUnitScreenTexts),
 * the other screens' with those screens (loadScreenTexts).
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { withAreas } from './areaTexts.ts';

export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The console's English texts: englishTexts.ts (one chunk loaded on demand), each area under its key. */
export async function consoleTexts(): Promise<Record<string, unknown>> {
  const { sharedTexts, areaFiles } = await import('./englishTexts.ts');
  return withAreas(sharedTexts, areaFiles, 'locales/en');
}

type AreaFolder = { readonly load: () => Promise<{ readonly areaFiles: Record<string, Record<string, unknown>> }>; readonly where: string };

/** The screens outside the console's start: screenTexts.ts (one chunk loaded on demand). */
const SCREENS_FOLDER: AreaFolder = { load: () => import('./screenTexts.ts'), where: 'locales/en/screens' };
/** The unit screens beside the list: unitScreenTexts.ts (one chunk loaded on demand). */
const UNIT_SCREENS_FOLDER: AreaFolder = { load: () => import('./unitScreenTexts.ts'), where: 'locales/en/unitScreens' };

/** `base` with a folder's areas beside its keys (areaTexts.ts). */
async function withFolder(base: Readonly<Record<string, unknown>>, folder: AreaFolder): Promise<Record<string, unknown>> {
  return withAreas(base, (await folder.load()).areaFiles, folder.where);
}

/** The texts of the screens outside the console's start. */
export const screensTexts = (): Promise<Record<string, unknown>> => withFolder({}, SCREENS_FOLDER);

/** The texts of the unit screens beside the list. */
export const unitScreensTexts = (): Promise<Record<string, unknown>> => withFolder({}, UNIT_SCREENS_FOLDER);

/** Every English text: the console's with the unit screens' and the screens' areas beside them (an area in two folders is a mistake, named in the error). */
export async function englishResources(): Promise<Record<string, unknown>> {
  return withFolder(await withFolder(await consoleTexts(), UNIT_SCREENS_FOLDER), SCREENS_FOLDER);
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

/** A set of texts added to an instance at most once: the load in flight or done, per instance. */
function textsOnce(load: () => Promise<Record<string, unknown>>): (instance?: i18n) => Promise<void> {
  const added = new WeakMap<i18n, Promise<void>>();
  return (instance = i18next) => {
    let loading = added.get(instance);
    if (loading === undefined) {
      loading = load().then(
        (texts) => {
          instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true, true);
        },
        (error: unknown) => {
          added.delete(instance); // the next call tries again
          throw error;
        },
      );
      added.set(instance, loading);
    }
    return loading;
  };
}

/**
 * Adds the console's texts to the instance (once; a failed load is tried again by the next call).
 * The guard waits for them before any page but sign-in draws (router.tsx); the sign-in page
 * prefetches them while the user types, and main.tsx starts them on any other page (shellLoading.ts).
 */
export const loadConsoleTexts = textsOnce(consoleTexts);

/**
 * Adds the texts of the screens outside the console's start (once, retried like the console's):
 * each such screen's load waits for them (src/app/screens.ts).
 */
export const loadScreenTexts = textsOnce(screensTexts);

/**
 * Adds the texts of the unit screens beside the list (once, retried like the console's): the unit
 * page, multiview, map and file upload wait for them (src/app/consoleScreens.ts).
 */
export const loadUnitScreenTexts = textsOnce(unitScreensTexts);

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
