/**
 * The English texts in three chunks after sign-in (docs/performance.md §7s, §7t): the console's
 * (`locales/en.json` and `locales/en/*.json`, loaded by the guard), the unit screens' beside the
 * list (`locales/en/unitScreens/*.json`, loaded with the unit page, multiview, map and file upload:
 * src/app/consoleScreens.ts) and the other screens' (`locales/en/screens/*.json`, loaded
 * with those screens, src/app/screens.ts). A text used where its chunk is not loaded would show its
 * key: these tests read our sources for any such use.
 *
 * "Where a folder's texts are not loaded" is everything main.tsx reaches, statically or by
 * `import()` (the shell, the top pages, the portals, the dialogs), plus the screens that do not
 * load that folder, without following the screen maps' loaders. A use is a string literal that
 * names a text of the folder's areas (`'users.title'`), or starts one (`` `users.states.${state}` ``);
 * a permission such as 'users.admin' is not a text and does not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, sourceClosure } from '../build/sourceClosure.ts';
import { CONSOLE_SCREENS, withTexts } from '../app/consoleScreens.ts';
import { consoleTexts, englishResources, screensTexts, unitScreensTexts } from './i18n.ts';

/** Every text path of an object (`users.title`, `users.states`, `users.states.active`). */
function pathsOf(texts: unknown, prefix: string): string[] {
  if (typeof texts !== 'object' || texts === null) return [];
  return Object.entries(texts).flatMap(([key, value]) => [`${prefix}${key}`, ...pathsOf(value, `${prefix}${key}.`)]);
}

/** A folder of area files loaded apart from the console's texts. */
class TextFolder {
  readonly areas: readonly string[];
  private readonly paths: ReadonlySet<string>;

  constructor(readonly folder: string) {
    const dir = join(REPO_ROOT, 'src/i18n/locales/en', folder);
    this.areas = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length));
    this.paths = new Set(this.areas.flatMap((area) => pathsOf(JSON.parse(readFileSync(join(dir, `${area}.json`), 'utf8')), `${area}.`)));
  }

  /** The texts of this folder a file's string literals name (`file: text`). */
  usedIn(file: string): string[] {
    const used: string[] = [];
    const text = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const match of text.matchAll(/['"`]([A-Za-z0-9_]+\.[A-Za-z0-9_.]*)(\$\{)?/g)) {
      const literal = match[1] as string;
      if (!this.areas.includes(literal.split('.')[0] as string)) continue;
      const named = match[2] !== undefined ? [...this.paths].some((path) => path.startsWith(literal)) : this.paths.has(literal);
      if (named) used.push(`${file}: ${literal}`);
    }
    return used;
  }
}

const SCREENS = new TextFolder('screens');
const UNIT_SCREENS = new TextFolder('unitScreens');
const SCREEN_MAPS = ['src/app/consoleScreens.ts', 'src/app/screens.ts'];

/** The file each screen's module loader imports, by screen name (consoleScreens.ts, screens.ts). */
function screenFiles(): Map<string, string> {
  const text = SCREEN_MAPS.map((file) => readFileSync(join(REPO_ROOT, file), 'utf8')).join('\n');
  return new Map([...text.matchAll(/^\s+(\w+): \(\) => import\('\.\.\/([^']+)'\)/gm)].map((match) => [match[1] as string, `src/${match[2] as string}`]));
}

/** The console screens whose loader waits for the unit screens' texts (its CONSOLE_SCREENS entry is withUnitTexts(…)). */
function consoleScreensWithUnitTexts(): Set<string> {
  const text = readFileSync(join(REPO_ROOT, 'src/app/consoleScreens.ts'), 'utf8');
  return new Set([...text.matchAll(/^\s+(\w+): withUnitTexts\(\w+\.\w+\),$/gm)].map((match) => match[1] as string));
}

/** Our sources drawn by `main.tsx` and the given screens, without following the screen maps' loaders. */
const drawnWith = (screenFileList: readonly string[]): string[] => [...sourceClosure(['src/app/main.tsx', ...screenFileList], { dynamic: true, stopAt: SCREEN_MAPS }).files];

describe('the English texts split in chunks', () => {
  const files = screenFiles();
  const fileOf = (name: string): string => files.get(name) ?? `(no file for ${name})`;
  const consoleNames = Object.keys(CONSOLE_SCREENS);
  const withUnitTexts = consoleScreensWithUnitTexts();
  const otherNames = [...files.keys()].filter((name) => !consoleNames.includes(name));

  it('are read from the sources (the walk reaches the shell, the portals and the unit page; the scans find texts)', () => {
    const all = drawnWith(consoleNames.map(fileOf));
    expect(all).toContain('src/app/shell/Shell.tsx');
    expect(all).toContain('src/features/videoReturn/VideoReturnPortal.tsx');
    expect(all).toContain('src/features/unit/UnitScreen.tsx');
    expect(SCREENS.areas).toEqual(expect.arrayContaining(['users', 'groups', 'channels']));
    expect(UNIT_SCREENS.areas).toEqual(expect.arrayContaining(['unitPage', 'multiview', 'map']));
    expect(SCREENS.usedIn(fileOf('Users'))).not.toEqual([]);
    expect(UNIT_SCREENS.usedIn(fileOf('Unit'))).not.toEqual([]);
    expect([...withUnitTexts].sort()).toEqual(['FileUpload', 'MultiView', 'Unit', 'UnitMap']);
  });

  it("no page or dialog that draws with the console's texts and the unit screens' uses a text of locales/en/screens/", () => {
    expect(drawnWith(consoleNames.map(fileOf)).flatMap((file) => SCREENS.usedIn(file))).toEqual([]);
  });

  it("no page or dialog that draws without the unit screens' texts (the list, the shell, the other screens) uses one", () => {
    const without = [...consoleNames.filter((name) => !withUnitTexts.has(name)), ...otherNames].map(fileOf);
    expect(drawnWith(without).flatMap((file) => UNIT_SCREENS.usedIn(file))).toEqual([]);
  });

  it.each([
    ['screens', SCREENS, otherNames],
    ['unitScreens', UNIT_SCREENS, [...withUnitTexts]],
  ] as const)('each area of locales/en/%s/ is used by a screen that loads it', (_folder, folder, names) => {
    const used = new Set(sourceClosure(names.map(fileOf), { dynamic: true, stopAt: SCREEN_MAPS }).files);
    const areasUsed = new Set([...used].flatMap((file) => folder.usedIn(file)).map((use) => use.split(': ')[1]?.split('.')[0]));
    expect(folder.areas.filter((area) => !areasUsed.has(area))).toEqual([]);
  });

  it('merge without an area in two folders, and hold what each folder holds', async () => {
    const [all, console, unitScreens, screens] = await Promise.all([englishResources(), consoleTexts(), unitScreensTexts(), screensTexts()]);
    expect(Object.keys(all).sort()).toEqual([...Object.keys(console), ...Object.keys(unitScreens), ...Object.keys(screens)].sort());
    expect(Object.keys(screens).sort()).toEqual([...SCREENS.areas].sort());
    expect(Object.keys(unitScreens).sort()).toEqual([...UNIT_SCREENS.areas].sort());
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
    const load = withTexts(
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
    const load = withTexts(
      async () => ({ default: () => null }),
      () => Promise.reject(new Error('texts unreachable')),
    );
    await expect(load()).rejects.toThrow('texts unreachable');
  });
});
