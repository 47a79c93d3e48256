/**
 * The English texts in two chunks (docs/performance.md §7s): the console's (`locales/en.json` and
 * `locales/en/*.json`, loaded by the guard) and the other screens' (`locales/en/screens/*.json`,
 * loaded with those screens, src/app/screens.ts). A text of the second used where only the first
 * is loaded would show its key: these tests read our sources for any such use.
 *
 * What is "where only the console's texts are loaded": everything main.tsx reaches, statically or
 * by `import()` (the shell, the top pages, the portals, the dialogs), and the console's screens
 * (consoleScreens.ts), without screens.ts's loaders. A use is a string literal that names a
 * text of a screens area (`'users.title'`), or starts one (`` `users.states.${state}` ``); a
 * permission such as 'users.admin' is not a text and does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, sourceClosure } from '../build/sourceClosure.ts';
import { CONSOLE_SCREENS } from '../app/consoleScreens.ts';
import { withScreenTexts } from '../app/screens.ts';
import { consoleTexts, englishResources, screensTexts } from './i18n.ts';

const SCREENS_DIR = join(REPO_ROOT, 'src/i18n/locales/en/screens');
const SCREEN_AREAS = readdirSync(SCREENS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** Every text path of an object (`users.title`, `users.states`, `users.states.active`). */
function pathsOf(texts: unknown, prefix: string): string[] {
  if (typeof texts !== 'object' || texts === null) return [];
  return Object.entries(texts).flatMap(([key, value]) => [`${prefix}${key}`, ...pathsOf(value, `${prefix}${key}.`)]);
}

const SCREEN_TEXT_PATHS: ReadonlySet<string> = new Set(SCREEN_AREAS.flatMap((area) => pathsOf(JSON.parse(readFileSync(join(SCREENS_DIR, `${area}.json`), 'utf8')), `${area}.`)));

/** The texts of the screens' areas a file's string literals name (`file: text`). */
function screenTextsUsedIn(file: string): string[] {
  const used: string[] = [];
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  for (const match of text.matchAll(/['"`]([A-Za-z0-9_]+\.[A-Za-z0-9_.]*)(\$\{)?/g)) {
    const literal = match[1] as string;
    if (!SCREEN_AREAS.includes(literal.split('.')[0] as string)) continue;
    const named = match[2] !== undefined ? [...SCREEN_TEXT_PATHS].some((path) => path.startsWith(literal)) : SCREEN_TEXT_PATHS.has(literal);
    if (named) used.push(`${file}: ${literal}`);
  }
  return used;
}

/** The file each screen's loader imports, by screen name (consoleScreens.ts, screens.ts). */
function screenFiles(): Map<string, string> {
  const text = ['src/app/consoleScreens.ts', 'src/app/screens.ts'].map((file) => readFileSync(join(REPO_ROOT, file), 'utf8')).join('\n');
  return new Map([...text.matchAll(/^\s+(\w+): \(\) => import\('\.\.\/([^']+)'\)/gm)].map((match) => [match[1] as string, `src/${match[2] as string}`]));
}

describe("the console's texts and the screens' texts", () => {
  const files = screenFiles();
  const consoleScreenFiles = Object.keys(CONSOLE_SCREENS).map((name) => files.get(name) ?? `(no file for ${name})`);
  const consolePages = sourceClosure(['src/app/main.tsx', ...consoleScreenFiles], { dynamic: true, stopAt: ['src/app/screens.ts'] });

  it('are read from the sources (the walk reaches the shell, the portals and the unit page; the scan finds texts)', () => {
    expect(consolePages.files).toContain('src/app/shell/Shell.tsx');
    expect(consolePages.files).toContain('src/features/videoReturn/VideoReturnPortal.tsx');
    expect(consolePages.files).toContain('src/features/unit/UnitScreen.tsx');
    expect(SCREEN_AREAS).toEqual(expect.arrayContaining(['users', 'groups', 'channels']));
    expect(screenTextsUsedIn(files.get('Users') ?? '')).not.toEqual([]);
  });

  it("no page or dialog that draws with the console's texts alone uses a text of locales/en/screens/", () => {
    expect([...consolePages.files].flatMap(screenTextsUsedIn)).toEqual([]);
  });

  it('each screens area is used by a screen that loads those texts', () => {
    const others = [...files].filter(([name]) => !Object.hasOwn(CONSOLE_SCREENS, name)).map(([, file]) => file);
    const used = new Set(sourceClosure(others, { dynamic: true, stopAt: ['src/app/screens.ts'] }).files);
    const areasUsed = new Set([...used].flatMap(screenTextsUsedIn).map((use) => use.split(': ')[1]?.split('.')[0]));
    expect(SCREEN_AREAS.filter((area) => !areasUsed.has(area))).toEqual([]);
  });

  it('merge without an area in both folders, and hold what each folder holds', async () => {
    const [all, console, screens] = await Promise.all([englishResources(), consoleTexts(), screensTexts()]);
    expect(Object.keys(all).sort()).toEqual([...Object.keys(console), ...Object.keys(screens)].sort());
    expect(Object.keys(screens).sort()).toEqual([...SCREEN_AREAS].sort());
    expect(Object.keys(console)).toEqual(expect.arrayContaining(['menu', 'unitList', 'kit', 'incidents']));
  });
});

describe('a screen with texts of its own', () => {
  it('resolves once both its module and the texts are in, whichever comes last', async () => {
    const order: string[] = [];
    let releaseTexts = (): void => undefined;
    const texts = new Promise<void>((resolve) => {
      releaseTexts = resolve;
    });
    const module = { default: () => null };
    const load = withScreenTexts(
      async () => {
        order.push('module');
        return module;
      },
      () => texts.then(() => void order.push('texts')),
    );
    const loading = load().then((loaded) => {
      order.push('screen');
      return loaded;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['module']);
    releaseTexts();
    await expect(loading).resolves.toBe(module);
    expect(order).toEqual(['module', 'texts', 'screen']);
  });

  it('fails when the texts fail (the route retries the load, screenLoading.ts)', async () => {
    const load = withScreenTexts(
      async () => ({ default: () => null }),
      () => Promise.reject(new Error('texts unreachable')),
    );
    await expect(load()).rejects.toThrow('texts unreachable');
  });
});
