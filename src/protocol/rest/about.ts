/**
 * The About screen's call (spec 002 §2 "About screen exists; its path is not shown"; issue: "About:
 * product version, server version, build"). Path and shape ours: GET v2/about.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs } from './common.ts';

export const About = Schema.Struct({
  productName: Schema.String,
  /** The server's release (package.json version). */
  serverVersion: Schema.String,
  /** The release of the console the server serves (the same package.json: they ship together). */
  consoleVersion: Schema.String,
  build: Schema.Struct({
    /** The commit the server runs (LUC_BUILD_COMMIT, else the checkout's HEAD); null when unknown. */
    commit: Schema.NullOr(Schema.String),
    /** When the served console was built (its index.html's time); null when no console is built. */
    consoleBuiltAt: Schema.NullOr(EpochMs),
  }),
  /** When this server process started. */
  startedAt: EpochMs,
  /** Node.js version of the server (process.version). */
  nodeVersion: Schema.String,
  /** The store's engine. */
  database: Schema.Literals(['sqlite', 'postgres']),
});
export type About = typeof About.Type;

export const getAbout = endpoint({
  method: 'GET',
  path: 'v2/about',
  summary: 'Product name, server and console versions, build (commit, console build time), start time, Node.js version, database engine',
  tags: ['about'],
  response: About,
});

export const ABOUT_ENDPOINTS = [getAbout] as const;
