/**
 * The English texts of the screens outside the console's start (administration, services, system,
 * stories, preferences: `locales/en/screens/<area>.json`), one chunk that each of those screens
 * waits for with its own (src/app/screens.ts, consoleScreens.ts withTexts); i18n.ts merges it (areaTexts.ts).
 * The unit list, multiview, map, unit page, replay and file upload never need it
 * (i18n/textsSplit.test.ts), so their first draw does not wait for it (docs/performance.md §7s).
 */

/** Each screen area's file, by path (`./locales/en/screens/users.json`). */
export const areaFiles = import.meta.glob<Record<string, unknown>>('./locales/en/screens/*.json', { import: 'default', eager: true });
