/**
 * The specs' rules, by area. Application code imports from the area's module
 * (`src/domain/units/status.ts`); this index exists for bundles that need the whole domain at once
 * (the in-browser domain test) and as a map: docs/domain.md says which spec section lives where.
 */
export * as units from './units/index.ts';
export * as roles from './roles/index.ts';
export * as versions from './versions.ts';
export * as upgrade from './upgrade.ts';
export * as errors from './errors.ts';
export * as constants from './constants.ts';
export * as bitrate from './bitrate.ts';
export * as timedRetry from './timedRetry.ts';
export * as channels from './channels.ts';
export * as videoReturn from './videoReturn.ts';
export * as servers from './servers.ts';
export * as services from './services.ts';
export * as notifications from './notifications.ts';
export * as account from './account.ts';
export * as preferences from './preferences.ts';
export * as graphics from './graphics.ts';
export * as files from './files.ts';
export * as validation from './validation/index.ts';
export * as adhoc from './adhoc.ts';
export * as stories from './stories.ts';
export * as shares from './shares.ts';
export * as switcher from './switcher.ts';
