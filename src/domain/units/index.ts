/** The field-unit domain (spec 000 §3, §4, §9; protocol.md): status, transitions, counters, settings, types. */
export * from './status.ts';
export * from './transitions.ts';
export * from './counters.ts';
export * from './alertSettings.ts';
export * from './productTypes.ts';
export * from './interface.ts';
