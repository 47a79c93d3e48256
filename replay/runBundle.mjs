/**
 * Loads the replay command's CommonJS bundle (.cache/replay/cli.cjs, replay/build.mjs) with V8's
 * code cache, so a run does not parse and compile the bundle's ~780 kB (effect included) again:
 * on this 2-core machine the ES module bundle took ~85-95 ms of CPU to import, the script with its
 * cache ~42 ms (docs/performance.md §1 "Issue 15 item 5"). The command's start is serial: nothing
 * else runs on either core while it happens.
 *
 * The cache file is named after a hash of the bundle's text: V8 checks only the source's length
 * and its own version and flags before it uses a cache, so a cache is never looked up for another
 * bundle's text. V8 rejects a cache of another Node or other flags (`cachedDataRejected`); the
 * bundle then compiles as usual and the cache is written again. It is written after the command
 * has run, so it holds the functions the run compiled too, to a temporary file renamed into place
 * (two runs at once never read half a cache).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** The file of the code cache of `source`, beside `bundle`. */
export function cacheFileOf(bundle, source) {
  const hash = createHash('sha1').update(source).digest('hex').slice(0, 16);
  return `${bundle}.${hash}.v8cache`;
}

/**
 * Runs the CommonJS bundle `bundle` as Node runs a module (exports, require, module, __filename,
 * __dirname) plus `__replayBundleUrl`, its file URL (the bundle's `import.meta.url`). Returns its
 * exports and `saveCache()`, which writes the code cache when there was none or V8 rejected it.
 */
export function loadBundle(bundle) {
  const source = readFileSync(bundle, 'utf8');
  const cacheFile = cacheFileOf(bundle, source);
  const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname, __replayBundleUrl) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: bundle, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle), pathToFileURL(bundle).href);
  return {
    exports: module.exports,
    saveCache() {
      if (cachedData !== undefined && !script.cachedDataRejected) return;
      const partial = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
      } catch {
        // A folder that cannot be written (read-only checkout, disk full): the next run compiles
        // the bundle again, as this one did; the command's output and exit code stay its own.
        rmSync(partial, { force: true });
      }
    },
  };
}
