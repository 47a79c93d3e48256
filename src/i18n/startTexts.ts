/**
 * The English texts of what shows before the guard has run: the brand (`app`), the sign-in page
 * (`signIn`) and the route error page (`routeError`), each an area file that englishTexts.ts also
 * merges. i18n.ts starts with these, so the sign-in page does not load the console's texts
 * (~14 kB gzipped); the guard loads those before any other page draws (docs/performance.md §7q),
 * and the screens outside the console's start bring their own (screenTexts.ts, §7s).
 */
import app from './locales/en/app.json';
import routeError from './locales/en/routeError.json';
import signIn from './locales/en/signIn.json';

export const startTexts: Record<string, unknown> = { app, signIn, routeError };
