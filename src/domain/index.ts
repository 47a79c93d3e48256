/**
 * The specs' rules, by area. Import from the area's module in application code
 * (`src/domain/units/status.ts`); this index exists for bundles that need the whole domain at once
 * (the in-browser domain test).
 */
export * as units from './units/index.ts';
export * as versions from './versions.ts';
export * as fields from './validation/fields.ts';
export * as messages from './validation/messages.ts';
