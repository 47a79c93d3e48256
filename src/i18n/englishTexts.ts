/**
 * Every English text in one chunk: the shared file `locales/en.json` plus one key per area file
 * (`locales/en/<area>.json`, its keys under `<area>.`: one file per area, so areas are written side
 * by side without touching one shared file). The files are bundled into this module (eager glob),
 * and i18n.ts imports it on demand: one request before the first page draws, where a chunk per
 * file made 34 (docs/performance.md §7: the browser opens at most 6 connections to a server, and
 * a busy one answers each in 0.3–3 s).
 */
import base from './locales/en.json';

const AREAS = import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { import: 'default', eager: true });

/** `./locales/en/groups.json` → `groups`. */
function areaOfFile(path: string): string {
  return path.replace(/^.*\/([^/]+)\.json$/, '$1');
}

/** The shared texts with each area's texts under its own key; an area named like a shared key is a mistake, named in the error. */
export function englishTexts(): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [path, texts] of Object.entries(AREAS)) {
    const area = areaOfFile(path);
    if (Object.hasOwn(merged, area)) throw new Error(`locales/en/${area}.json: the key '${area}' is already in locales/en.json`);
    merged[area] = texts;
  }
  return merged;
}
