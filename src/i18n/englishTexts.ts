/**
 * The console's English texts in one chunk, which the guard waits for before any page but sign-in
 * draws: the shared file `locales/en.json` plus the area files of `locales/en/` (the shell, the
 * unit screens, the portals and every dialog they open). The texts of the other screens
 * (`locales/en/screens/`) come with those screens (screenTexts.ts, docs/performance.md §7s). The
 * files are bundled into this module (eager glob), and i18n.ts imports it on demand and merges it
 * (areaTexts.ts, in the start chunk: no module here but data): one request, where a chunk per file
 * made 34 (docs/performance.md §7: the browser opens at most 6 connections to a server, and a busy
 * one answers each in 0.3–3 s).
 */
import base from './locales/en.json';

export const sharedTexts: Record<string, unknown> = base;

/** Each console area's file, by path (`./locales/en/kit.json`). */
export const areaFiles = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { import: 'default', eager: true });
