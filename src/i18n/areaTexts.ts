/**
 * How the English texts are put together: a base object plus one key per area file
 * (`locales/en/<area>.json` or `locales/en/screens/<area>.json`, its keys under `<area>.`), so
 * areas are written side by side without touching one shared file (docs/decisions.md).
 */

/** `./locales/en/screens/groups.json` → `groups`. */
function areaOfFile(path: string): string {
  return path.replace(/^.*\/([^/]+)\.json$/, '$1');
}

/**
 * `base` with each file's texts under its area's key. An area named like a key already there is a
 * mistake, named in the error (`where` says which folder the file is in).
 */
export function withAreas(base: Readonly<Record<string, unknown>>, files: Readonly<Record<string, Record<string, unknown>>>, where: string): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [path, texts] of Object.entries(files)) {
    const area = areaOfFile(path);
    if (Object.hasOwn(merged, area)) throw new Error(`${where}/${area}.json: the key '${area}' is already taken`);
    merged[area] = texts;
  }
  return merged;
}
