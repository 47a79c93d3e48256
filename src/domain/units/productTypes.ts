/**
 * Product types and their groups (spec 000 §3 "Unit type groups", "Product types", "Unit settings
 * concepts"; 001 §3 server types; 002 §9 quality tiers). A unit's `type` is one of these strings,
 * spelled as the spec lists them ("600 (DB)", "Solo Pro Plus"); camera models carry their brand's
 * prefix.
 */
import { assertNever } from '../brand.ts';

/** Encoders (spec 000 §3). */
export const ENCODER_TYPES = [
  '200',
  '200E',
  '210',
  '220',
  '40',
  '300',
  '300e',
  '300S',
  '300Se',
  '400',
  '500',
  '600',
  '600c',
  '600 (DB)',
  '610',
  '610S',
  '700SV',
  '710',
  '70L',
  '800',
  '800e',
  '800-Link',
  '810',
] as const;

/** Solo family (spec 000 §3). */
export const SOLO_TYPES = ['Solo', 'Solo-Plus', 'Solo Pro', 'Solo Pro Plus'] as const;

/**
 * Other unit types (spec 000 §3 "Others", "Extender devices"). `Drone` is named only as an
 * extender device; `PTMP` is our name for the multipoint (ptmp) device, which the spec counts
 * (ptmpUnits, the ptmp counter) but does not name.
 */
export const OTHER_TYPES = ['DataBridge Extender', 'DataBridge Gateway', 'Lite', 'Smart', 'Drone', 'PTMP'] as const;

/**
 * The two camera brands (spec 000 §3: "two camera brands, each with its own prefix and model
 * list"; names and models are not given). Ours: Aperture (prefix "APX-") and Northlight
 * (prefix "NL-"); a type starting with a brand's prefix is a camera of that brand, listed or not.
 */
export const CAMERA_BRANDS = {
  aperture: { name: 'Aperture', prefix: 'APX-', models: ['APX-100', 'APX-200', 'APX-4K'] },
  northlight: { name: 'Northlight', prefix: 'NL-', models: ['NL-C1', 'NL-C2', 'NL-C4K'] },
} as const;
export type CameraBrand = keyof typeof CAMERA_BRANDS;
export const CAMERA_TYPES = [...CAMERA_BRANDS.aperture.models, ...CAMERA_BRANDS.northlight.models] as const;

/** Server types (spec 001 §3: MMH, Video Return, Transceiver, Ingest). */
export const SERVER_TYPES = ['MMH', 'Video Return', 'Transceiver', 'Ingest'] as const;

export const PRODUCT_TYPES = [...ENCODER_TYPES, ...SOLO_TYPES, ...OTHER_TYPES, ...CAMERA_TYPES] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type ServerType = (typeof SERVER_TYPES)[number];

/** Unit type groups (spec 000 §3). */
export const UNIT_TYPE_GROUPS = [
  'fieldUnits',
  'cameraUnits',
  'liteUnits',
  'smartUnits',
  'ptmpUnits',
  'mmhServer',
  'extenderDevices',
  'videoReturnServer',
  'transceiverServer',
  'ingestServer',
] as const;
export type UnitTypeGroup = (typeof UNIT_TYPE_GROUPS)[number];

/** Multi-camera units (spec 000 §3). */
export const MULTI_CAMERA_TYPES = ['800', '800e', '810'] as const;
/** Single-Ethernet units (spec 000 §3). */
export const SINGLE_ETHERNET_TYPES = ['200', '200E', '210', '220', '300', '300e', '300S'] as const;
/** Types that cannot be upgraded (spec 000 §3). */
export const NOT_UPGRADABLE_TYPES = [
  '70L',
  '700SV',
  'Smart',
  'Lite',
  '40',
  'Solo',
  'Solo-Plus',
  'DataBridge Extender',
  'Solo Pro',
  'Solo Pro Plus',
] as const;
/** Excluded types (spec 000 §3). */
export const EXCLUDED_TYPES = ['300S', '300Se', '700SV'] as const;
/** Extender devices (spec 000 §3). */
export const EXTENDER_TYPES = ['Drone', '800-Link'] as const;

function listed(list: readonly string[], type: string): boolean {
  return list.includes(type);
}

/** The camera brand whose prefix starts the type, or null. */
export function cameraBrandOf(type: string): CameraBrand | null {
  for (const brand of Object.keys(CAMERA_BRANDS) as CameraBrand[]) {
    if (type.startsWith(CAMERA_BRANDS[brand].prefix)) return brand;
  }
  return null;
}

const SERVER_GROUP: Readonly<Record<ServerType, UnitTypeGroup>> = {
  MMH: 'mmhServer',
  'Video Return': 'videoReturnServer',
  Transceiver: 'transceiverServer',
  Ingest: 'ingestServer',
};

/**
 * The type group of a type, or null for an unknown type. Extender devices win over the encoder
 * list (800-Link is both); DataBridge Extender and Gateway are field units (the spec names no
 * other group for them).
 */
export function unitTypeGroup(type: string): UnitTypeGroup | null {
  if (cameraBrandOf(type) !== null) return 'cameraUnits';
  if (type === 'Lite') return 'liteUnits';
  if (type === 'Smart') return 'smartUnits';
  if (type === 'PTMP') return 'ptmpUnits';
  if (listed(EXTENDER_TYPES, type)) return 'extenderDevices';
  if (listed(SERVER_TYPES, type)) return SERVER_GROUP[type as ServerType];
  if (listed(ENCODER_TYPES, type) || listed(SOLO_TYPES, type)) return 'fieldUnits';
  if (type === 'DataBridge Extender' || type === 'DataBridge Gateway') return 'fieldUnits';
  return null;
}

export function isMultiCamera(type: string): boolean {
  return listed(MULTI_CAMERA_TYPES, type);
}
export function isSingleEthernet(type: string): boolean {
  return listed(SINGLE_ETHERNET_TYPES, type);
}
/** False for the not-upgradable types; true for every other type (unknown ones included). */
export function isUpgradable(type: string): boolean {
  return !listed(NOT_UPGRADABLE_TYPES, type);
}
export function isExcludedType(type: string): boolean {
  return listed(EXCLUDED_TYPES, type);
}
export function isExtenderDevice(type: string): boolean {
  return listed(EXTENDER_TYPES, type);
}
export function isCamera(type: string): boolean {
  return cameraBrandOf(type) !== null;
}

/** Owned-by values (spec 000 §3). */
export const OWNED_BY = ['lease', 'sold', 'psg', 'rent', 'r&d', 'inventory', 'roaming', 'engineering', 'demo'] as const;
export type OwnedBy = (typeof OWNED_BY)[number];

/** Quality tiers map to resolution classes (spec 000 §3, 002 §9: high = uhd, standard = hd, low = sd). */
export const QUALITY_TIERS = { high: 'uhd', standard: 'hd', low: 'sd' } as const;
export type QualityTier = keyof typeof QUALITY_TIERS;
export type ResolutionClass = (typeof QUALITY_TIERS)[QualityTier];

export function resolutionClassOf(tier: QualityTier): ResolutionClass {
  return QUALITY_TIERS[tier];
}

/** Store-and-forward codecs and quality levels (spec 000 §3: h264 and h265 variants, HQ, MQ, LQ). */
export const STORE_AND_FORWARD_CODECS = ['h264', 'h265'] as const;
export type StoreAndForwardCodec = (typeof STORE_AND_FORWARD_CODECS)[number];
export const STORE_AND_FORWARD_LEVELS = ['HQ', 'MQ', 'LQ'] as const;
export type StoreAndForwardLevel = (typeof STORE_AND_FORWARD_LEVELS)[number];
export type StoreAndForwardQuality = { codec: StoreAndForwardCodec; level: StoreAndForwardLevel };

/** Every store-and-forward quality, h264 first, HQ to LQ. */
export const STORE_AND_FORWARD_QUALITIES: readonly StoreAndForwardQuality[] = STORE_AND_FORWARD_CODECS.flatMap(
  (codec) => STORE_AND_FORWARD_LEVELS.map((level) => ({ codec, level })),
);

/** The configuration response's codec keys (spec 000 §3) and the alias each is exposed under. */
export const QUALITY_V2_KEYS = { h264: 'H.264/AVC', h265: 'H.265/HEVC' } as const satisfies Record<
  StoreAndForwardCodec,
  string
>;

/** Label shown for a quality: "H.264 HQ", "H.265 LQ". */
export function storeAndForwardQualityLabel(quality: StoreAndForwardQuality): string {
  switch (quality.codec) {
    case 'h264':
      return `H.264 ${quality.level}`;
    case 'h265':
      return `H.265 ${quality.level}`;
    default:
      return assertNever(quality.codec, 'codec');
  }
}

export type QualityV2 = Record<string, unknown>;
export type QualityV2WithAliases = QualityV2 & { h264?: unknown; h265?: unknown };

/**
 * Exposes the H.264/AVC and H.265/HEVC keys of storeAndForwardVideoQualityV2 also under h264 and
 * h265, inside that same object (spec 000 §3). Returns a new object and never mutates the input;
 * a missing codec key gets no alias, and a config without an object under
 * storeAndForwardVideoQualityV2 is returned unchanged (same reference).
 */
export function withQualityAliases<C extends object>(
  config: C,
): C & { storeAndForwardVideoQualityV2?: QualityV2WithAliases } {
  const qualities = (config as { storeAndForwardVideoQualityV2?: unknown }).storeAndForwardVideoQualityV2;
  if (typeof qualities !== 'object' || qualities === null || Array.isArray(qualities)) return config;
  const source = qualities as QualityV2;
  const aliased: QualityV2WithAliases = { ...source };
  for (const codec of STORE_AND_FORWARD_CODECS) {
    const key = QUALITY_V2_KEYS[codec];
    if (Object.hasOwn(source, key)) aliased[codec] = source[key];
  }
  return { ...config, storeAndForwardVideoQualityV2: aliased };
}
