/**
 * What a set of our source files brings into the browser, read from their text (for tests that
 * keep a page's JavaScript or texts within what it needs: signInPageImports.test.ts,
 * i18n/textsSplit.test.ts). It follows relative imports to .ts/.tsx files, never `import type`,
 * and, on request, `import()` too; it records the value names taken from each package. A regular
 * expression, not a parser: our files keep one import per statement at the start of a line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface ClosureOptions {
  /** Follow `import('./…')` as well as static imports (what the page may load later, not at once). */
  readonly dynamic?: boolean;
  /** Files (relative to the root) whose imports are not followed (the file itself is counted). */
  readonly stopAt?: readonly string[];
}

export interface SourceClosure {
  /** Our source files, relative to the root (`src/app/main.tsx`). */
  readonly files: Set<string>;
  /** Per package, the value names imported from it. */
  readonly packages: Map<string, string[]>;
}

/** Static imports and re-exports of a module's text (not `import type`), and its `import()` specifiers. */
export function importsOf(text: string): { specifier: string; names: string; dynamic: boolean }[] {
  const found: { specifier: string; names: string; dynamic: boolean }[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)([^;'"]*?)\s*from\s*'([^']+)'/gms)) found.push({ names: match[1] ?? '', specifier: match[2] ?? '', dynamic: false });
  for (const match of text.matchAll(/^import\s+'([^']+)'/gm)) found.push({ names: '', specifier: match[1] ?? '', dynamic: false });
  for (const match of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push({ names: '', specifier: match[1] ?? '', dynamic: true });
  return found;
}

/** The closure of `entries` (paths relative to the root). */
export function sourceClosure(entries: readonly string[], options: ClosureOptions = {}): SourceClosure {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const stopAt = new Set(options.stopAt ?? []);
  const queue = entries.map((entry) => resolve(REPO_ROOT, entry));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const name = relative(REPO_ROOT, file);
    if (files.has(name)) continue;
    files.add(name);
    if (stopAt.has(name)) continue;
    for (const { specifier, names, dynamic } of importsOf(readFileSync(file, 'utf8'))) {
      if (dynamic && options.dynamic !== true) continue;
      if (specifier.startsWith('.')) {
        if (specifier.includes('?')) continue; // `?url`, `?worker&url`: the file's URL, not its code
        const target = resolve(dirname(file), specifier);
        if (/\.(tsx?)$/.test(target) && existsSync(target)) queue.push(target);
        continue;
      }
      const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] as string);
      packages.set(pkg, [...(packages.get(pkg) ?? []), ...names.replace(/[{}]/g, ' ').split(/[\s,]+/).filter((part) => part !== '' && !part.startsWith('type'))]);
    }
  }
  return { files, packages };
}
