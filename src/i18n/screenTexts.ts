/**
 * The English texts of the screens outside the console's start (administration, services, system,
 * stories, preferences: `locales/en/screens/<area>.json`), one chunk that each of those screens
 * waits for with its own (src/app/screens.ts withScreenTexts). The unit list, multiview, map,
 * unit page, replay and file upload never need it (i18n/textsSplit.test.ts): 10.4 KiB gzip that
 * their first draw does not wait for (docs/performance.md §7s).
 */
import { withAreas } from './areaTexts.ts';

const AREAS = import.meta.glob<Record<string, unknown>>('./locales/en/screens/*.json', { import: 'default', eager: true });

/** Each screen area's texts under its own key. */
export function screenTexts(): Record<string, unknown> {
  return withAreas({}, AREAS, 'locales/en/screens');
}
