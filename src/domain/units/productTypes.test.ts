import { describe, it, expect } from 'vitest';
import type { UnitTypeGroup } from './productTypes.ts';
import {
  cameraBrandOf,
  CAMERA_BRANDS,
  ENCODER_TYPES,
  isCamera,
  isExcludedType,
  isExtenderDevice,
  isMultiCamera,
  isSingleEthernet,
  isUpgradable,
  OWNED_BY,
  PRODUCT_TYPES,
  QUALITY_TIERS,
  resolutionClassOf,
  SOLO_TYPES,
  STORE_AND_FORWARD_QUALITIES,
  storeAndForwardQualityLabel,
  unitTypeGroup,
  withQualityAliases,
} from './productTypes.ts';

describe('product types (spec 000 §3)', () => {
  it('lists the 23 encoders and the 4 Solo models', () => {
    expect(ENCODER_TYPES).toHaveLength(23);
    expect(SOLO_TYPES).toEqual(['Solo', 'Solo-Plus', 'Solo Pro', 'Solo Pro Plus']);
  });
  it('has no duplicate product type', () => {
    expect(new Set(PRODUCT_TYPES).size).toBe(PRODUCT_TYPES.length);
  });
  it('gives each camera brand its own prefix that starts all its models', () => {
    const prefixes = Object.values(CAMERA_BRANDS).map((brand) => brand.prefix);
    expect(new Set(prefixes).size).toBe(2);
    for (const brand of Object.values(CAMERA_BRANDS)) {
      for (const model of brand.models) expect(model.startsWith(brand.prefix)).toBe(true);
    }
  });
});

describe('unitTypeGroup (spec 000 §3 type groups)', () => {
  it.each<[string, UnitTypeGroup | null]>([
    ['800', 'fieldUnits'],
    ['200E', 'fieldUnits'],
    ['600 (DB)', 'fieldUnits'],
    ['Solo Pro Plus', 'fieldUnits'],
    ['DataBridge Extender', 'fieldUnits'],
    ['DataBridge Gateway', 'fieldUnits'],
    ['APX-100', 'cameraUnits'],
    ['NL-C2', 'cameraUnits'],
    ['APX-9000', 'cameraUnits'],
    ['Lite', 'liteUnits'],
    ['Smart', 'smartUnits'],
    ['PTMP', 'ptmpUnits'],
    ['Drone', 'extenderDevices'],
    ['800-Link', 'extenderDevices'],
    ['MMH', 'mmhServer'],
    ['Video Return', 'videoReturnServer'],
    ['Transceiver', 'transceiverServer'],
    ['Ingest', 'ingestServer'],
    ['900', null],
    ['solo', null],
    ['', null],
  ])('puts type %j in group %s', (type, group) => {
    expect(unitTypeGroup(type)).toBe(group);
  });

  it('places every product type in some group', () => {
    for (const type of PRODUCT_TYPES) expect(unitTypeGroup(type)).not.toBeNull();
  });
});

describe('type lists (spec 000 §3)', () => {
  it.each<[string, boolean, boolean, boolean, boolean, boolean]>([
    // type, multiCamera, singleEthernet, upgradable, excluded, extender
    ['800', true, false, true, false, false],
    ['800e', true, false, true, false, false],
    ['810', true, false, true, false, false],
    ['800-Link', false, false, true, false, true],
    ['200', false, true, true, false, false],
    ['300S', false, true, true, true, false],
    ['300Se', false, false, true, true, false],
    ['700SV', false, false, false, true, false],
    ['70L', false, false, false, false, false],
    ['40', false, false, false, false, false],
    ['Solo Pro', false, false, false, false, false],
    ['DataBridge Extender', false, false, false, false, false],
    ['DataBridge Gateway', false, false, true, false, false],
    ['Smart', false, false, false, false, false],
    ['Lite', false, false, false, false, false],
    ['Drone', false, false, true, false, true],
    ['610', false, false, true, false, false],
  ])('%s: multi-camera %s, single-Ethernet %s, upgradable %s, excluded %s, extender %s', (type, multi, single, upgradable, excluded, extender) => {
    expect(isMultiCamera(type)).toBe(multi);
    expect(isSingleEthernet(type)).toBe(single);
    expect(isUpgradable(type)).toBe(upgradable);
    expect(isExcludedType(type)).toBe(excluded);
    expect(isExtenderDevice(type)).toBe(extender);
  });

  it('recognises cameras by brand prefix', () => {
    expect(cameraBrandOf('APX-200')).toBe('aperture');
    expect(cameraBrandOf('NL-C1')).toBe('northlight');
    expect(cameraBrandOf('800')).toBeNull();
    expect(isCamera('NL-anything')).toBe(true);
    expect(isCamera('APX')).toBe(false);
  });

  it('lists the 9 owned-by values', () => {
    expect(OWNED_BY).toEqual(['lease', 'sold', 'psg', 'rent', 'r&d', 'inventory', 'roaming', 'engineering', 'demo']);
  });
});

describe('quality (spec 000 §3, 002 §9)', () => {
  it.each([
    ['high', 'uhd'],
    ['standard', 'hd'],
    ['low', 'sd'],
  ] as const)('maps tier %s to %s', (tier, resolution) => {
    expect(resolutionClassOf(tier)).toBe(resolution);
    expect(QUALITY_TIERS[tier]).toBe(resolution);
  });

  it('offers h264 and h265 each in HQ, MQ and LQ', () => {
    expect(STORE_AND_FORWARD_QUALITIES.map(storeAndForwardQualityLabel)).toEqual([
      'H.264 HQ', 'H.264 MQ', 'H.264 LQ', 'H.265 HQ', 'H.265 MQ', 'H.265 LQ',
    ]);
  });
});

describe('withQualityAliases (spec 000 §3)', () => {
  it('exposes H.264/AVC under h264 and H.265/HEVC under h265', () => {
    const config = { delay: 1000, storeAndForwardVideoQualityV2: { 'H.264/AVC': 'HQ', 'H.265/HEVC': ['MQ', 'LQ'] } };
    const aliased = withQualityAliases(config);
    expect(aliased.storeAndForwardVideoQualityV2).toEqual({
      'H.264/AVC': 'HQ',
      'H.265/HEVC': ['MQ', 'LQ'],
      h264: 'HQ',
      h265: ['MQ', 'LQ'],
    });
    expect(aliased.delay).toBe(1000);
  });

  it('does not change the input', () => {
    const qualities = { 'H.264/AVC': 'LQ' };
    const config = { storeAndForwardVideoQualityV2: qualities };
    withQualityAliases(config);
    expect(qualities).toEqual({ 'H.264/AVC': 'LQ' });
  });

  it('adds no alias for a missing codec key', () => {
    const aliased = withQualityAliases({ storeAndForwardVideoQualityV2: { 'H.265/HEVC': 'HQ' } });
    expect(aliased.storeAndForwardVideoQualityV2).not.toHaveProperty('h264');
    expect(aliased.storeAndForwardVideoQualityV2?.h265).toBe('HQ');
  });

  it('returns a config without storeAndForwardVideoQualityV2 unchanged', () => {
    const config = { delay: 500 };
    expect(withQualityAliases(config)).toBe(config);
  });
});
