/**
 * The English texts of the console's unit screens other than the list (the unit page and its
 * dialogs, multiview, map, file upload: `locales/en/unitScreens/<area>.json`), one chunk that each
 * of those screens waits for beside its own (src/app/consoleScreens.ts); i18n.ts merges it
 * (areaTexts.ts). The unit list, the shell and the portals never need it
 * (i18n/textsSplit.test.ts), so the list's first draw does not wait for it (docs/performance.md §7t).
 */

/** Each unit screen area's file, by path (`./locales/en/unitScreens/unitPage.json`). */
export const areaFiles = import.meta.glob<Record<string, unknown>>('./locales/en/unitScreens/*.json', { import: 'default', eager: true });
