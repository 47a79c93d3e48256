/**
 * The choices a person makes on the Preferences screen for the preferences of spec 002 §3 that
 * hold a value rather than a layout: luSmartCountry (default usa) and graphicsRegion. The spec
 * names the preferences, not their values: these lists are ours. Stored values outside a list are
 * kept (mergePreferences keeps any text) and shown as they are.
 */
export interface Choice {
  /** As stored in the preferences. */
  readonly value: string;
  /** As shown (English; the country's common name). */
  readonly label: string;
}

/**
 * Countries for LU-Smart (the phone application invited to join a group): ISO 3166-1 alpha-3 codes
 * in lower case, the form of the spec's default "usa". The markets of the demo inventories first.
 */
export const LU_SMART_COUNTRIES: readonly Choice[] = [
  { value: 'usa', label: 'United States' },
  { value: 'can', label: 'Canada' },
  { value: 'gbr', label: 'United Kingdom' },
  { value: 'irl', label: 'Ireland' },
  { value: 'fra', label: 'France' },
  { value: 'deu', label: 'Germany' },
  { value: 'esp', label: 'Spain' },
  { value: 'ita', label: 'Italy' },
  { value: 'nld', label: 'Netherlands' },
  { value: 'bel', label: 'Belgium' },
  { value: 'che', label: 'Switzerland' },
  { value: 'aut', label: 'Austria' },
  { value: 'swe', label: 'Sweden' },
  { value: 'nor', label: 'Norway' },
  { value: 'dnk', label: 'Denmark' },
  { value: 'fin', label: 'Finland' },
  { value: 'pol', label: 'Poland' },
  { value: 'prt', label: 'Portugal' },
  { value: 'isr', label: 'Israel' },
  { value: 'are', label: 'United Arab Emirates' },
  { value: 'ind', label: 'India' },
  { value: 'sgp', label: 'Singapore' },
  { value: 'jpn', label: 'Japan' },
  { value: 'kor', label: 'South Korea' },
  { value: 'aus', label: 'Australia' },
  { value: 'nzl', label: 'New Zealand' },
  { value: 'bra', label: 'Brazil' },
  { value: 'mex', label: 'Mexico' },
  { value: 'arg', label: 'Argentina' },
  { value: 'zaf', label: 'South Africa' },
];

/**
 * Regions of the cloud graphics service (My Graphics, spec 002 §1, §7): the region the console's
 * graphics calls prefer. null (no preference) uses the inventory's own region. The names follow
 * the inventories' regions (us-east, eu-west, ap-southeast).
 */
export const GRAPHICS_REGIONS: readonly Choice[] = [
  { value: 'us-east', label: 'US East' },
  { value: 'us-west', label: 'US West' },
  { value: 'eu-west', label: 'Europe West' },
  { value: 'eu-central', label: 'Europe Central' },
  { value: 'ap-southeast', label: 'Asia Pacific Southeast' },
];

/** The choices with a stored value that is not among them added at the end, so it still shows. */
export function withStoredValue(choices: readonly Choice[], stored: string | null): Choice[] {
  if (stored === null || choices.some((choice) => choice.value === stored)) return [...choices];
  return [...choices, { value: stored, label: stored }];
}
