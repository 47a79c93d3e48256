/**
 * Runs a TypeScript worker module (its file URL: the worker's first argument) with tsx, for the
 * replay's reader threads started from the sources (tests, `tsx replay/cli.ts`): a worker's
 * execArgv cannot register tsx. `npm run replay` runs the bundled worker instead (replay/build.mjs).
 */
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
