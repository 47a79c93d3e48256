import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { ChannelId } from './brand.ts';
import {
  CHANNEL_KINDS,
  CHANNEL_KIND_OF_TYPE,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  DEFAULT_CHANNEL_PLACEHOLDER,
  DELIVERY_MODES,
  canForceOutput,
  canMultipoint,
  channelCounters,
  channelDisplayName,
  channelFlags,
  channelMatchesFilters,
  channelStatusClass,
  channelWarnings,
  deriveChannelType,
  effectiveChannelStatus,
  forceDistributor,
  groupChannelStatus,
  multiChannelStatus,
  outputLicenceError,
  parseChannelStatus,
  sortMultiCameraChannels,
  type Channel,
  type ChannelStatus,
  type ChannelWarningContext,
} from './channels.ts';

const ch = (fields: Partial<Channel> = {}): Channel => ({
  channelId: (fields.channelId ?? 'C1') as ChannelId,
  channelName: 'Studio_1',
  status: 'idle',
  ...fields,
});

const statusArb = fc.constantFrom(...CHANNEL_STATUSES);

describe('channel status values (spec 001 §4)', () => {
  it('lists offline, idle, collecting, connecting, unavailable and play stored file', () => {
    expect(CHANNEL_STATUSES).toEqual(['offline', 'idle', 'collecting', 'connecting', 'unavailable', 'playStoredFile']);
  });

  it.each([
    ['collecting', 'collecting'],
    ['unavailable', 'unavailable'],
    ['streaming', null],
    ['', null],
  ])('parses %j as %j', (raw, expected) => {
    expect(parseChannelStatus(raw)).toBe(expected);
  });

  it.each<[ChannelStatus, string, string]>([
    ['offline', 'offline', 'offline'],
    ['unavailable', 'offline', 'offline'],
    ['idle', 'idle', 'idle'],
    ['collecting', 'collecting', 'busy'],
    ['connecting', 'connecting', 'busy'],
    ['playStoredFile', 'playStoredFile', 'busy'],
  ])('treats %s as %s, counted as %s', (status, effective, statusClass) => {
    expect(effectiveChannelStatus(status)).toBe(effective);
    expect(channelStatusClass(status)).toBe(statusClass);
  });
});

describe('multi-channel status: offline if any offline, else collecting if any collecting, else idle', () => {
  it.each<[ChannelStatus[], string]>([
    [['idle', 'collecting', 'offline'], 'offline'],
    [['idle', 'unavailable'], 'offline'],
    [['idle', 'collecting'], 'collecting'],
    [['idle', 'idle'], 'idle'],
    [['idle', 'connecting'], 'idle'],
    [[], 'idle'],
  ])('gives %j → %s', (subs, expected) => {
    expect(multiChannelStatus(subs)).toBe(expected);
  });

  it('is offline exactly when some sub-channel is offline or unavailable', () => {
    fc.assert(
      fc.property(fc.array(statusArb), (subs) => {
        const anyOffline = subs.some((s) => s === 'offline' || s === 'unavailable');
        expect(multiChannelStatus(subs) === 'offline').toBe(anyOffline);
      }),
    );
  });
});

describe('group pseudo-channel: idle if any idle, else collecting if any collecting, else offline', () => {
  it.each<[ChannelStatus[], string]>([
    [['offline', 'collecting', 'idle'], 'idle'],
    [['offline', 'collecting'], 'collecting'],
    [['offline', 'unavailable'], 'offline'],
    [['connecting'], 'offline'],
    [[], 'offline'],
  ])('gives %j → %s', (members, expected) => {
    expect(groupChannelStatus(members)).toBe(expected);
  });

  it('is idle exactly when some member is idle, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(statusArb), (members) => {
        expect(groupChannelStatus(members) === 'idle').toBe(members.includes('idle'));
        expect(groupChannelStatus([...members].reverse())).toBe(groupChannelStatus(members));
      }),
    );
  });
});

describe('kinds, types and delivery modes (spec 001 §3)', () => {
  it('maps each of the five types to its kind constant', () => {
    expect(CHANNEL_TYPES).toEqual(['preview', 'output', 'input', 'group', 'distributor']);
    expect(CHANNEL_TYPES.map((t) => CHANNEL_KIND_OF_TYPE[t]).sort()).toEqual([...CHANNEL_KINDS].sort());
    expect(CHANNEL_KIND_OF_TYPE.distributor).toBe('DISTRIBUTOR_CHANNEL');
  });

  it('has delivery modes live and storeAndForward', () => {
    expect(DELIVERY_MODES).toEqual(['live', 'storeAndForward']);
  });
});

describe('type derivation (spec 001 §4)', () => {
  it.each<[string, Partial<Channel>, string]>([
    ['an SDI number without output is input', { sdiNo: 2 }, 'input'],
    ['an SDI number with output false is input', { sdiNo: 1, output: false }, 'input'],
    ['an SDI number with output is output', { sdiNo: 1, output: true }, 'output'],
    ['forward RTMP is output', { forwardRtmp: true }, 'output'],
    ['NDI is output', { ndi: true }, 'output'],
    ['force output is output', { forceOutput: true }, 'output'],
    ['an SMPTE flavour is output', { flavor: 'smpte2110' }, 'output'],
    ['an empty flavour is not SMPTE, so preview', { flavor: '' }, 'preview'],
    ['SDI number 0 means no SDI, so preview', { sdiNo: 0 }, 'preview'],
    ['no flags is preview', {}, 'preview'],
    ['the output flag alone is preview', { output: true }, 'preview'],
    ['a distributor is forced to output', { distributor: true, preview: true }, 'output'],
    ['a distributor with an SDI number is output, not input', { distributor: true, sdiNo: 3 }, 'output'],
  ])('%s', (_name, fields, expected) => {
    expect(deriveChannelType(ch(fields))).toBe(expected);
  });

  it('forces a distributor to output with force output on and preview off', () => {
    const forced = forceDistributor(ch({ distributor: true, preview: true, output: false, forceOutput: false }));
    expect(forced).toMatchObject({ distributor: true, output: true, forceOutput: true, preview: false });
  });

  it('leaves a non-distributor untouched', () => {
    const channel = ch({ preview: true });
    expect(forceDistributor(channel)).toBe(channel);
  });
});

describe('channel flags and counters (spec 001 §3)', () => {
  it('derives isSharing, hasSmpte, hasCdn, hasSdi, isOutput, isDistributor', () => {
    expect(channelFlags(ch({ sharing: true, flavor: 'smpte2110', cdnName: 'Akamai', sdiNo: 1, output: true, distributor: true }))).toEqual({
      isSharing: true,
      hasSmpte: true,
      hasCdn: true,
      hasSdi: true,
      isOutput: true,
      isDistributor: true,
    });
    expect(channelFlags(ch({ cdnName: '  ' }))).toEqual({
      isSharing: false,
      hasSmpte: false,
      hasCdn: false,
      hasSdi: false,
      isOutput: false,
      isDistributor: false,
    });
  });

  it('counts busy, idle, offline, sdi, smpte, cdn, preview, share, distributor, output, input', () => {
    const counters = channelCounters([
      ch({ status: 'collecting', sdiNo: 1 }), // input, sdi, busy
      ch({ status: 'idle', ndi: true, sharing: true }), // output, share
      ch({ status: 'unavailable', flavor: 'smpte2110' }), // output, smpte, offline
      ch({ status: 'playStoredFile', cdnName: 'cdn' }), // preview, cdn, busy
      ch({ status: 'offline', distributor: true }), // output, distributor
    ]);
    expect(counters).toEqual({ busy: 2, idle: 1, offline: 2, sdi: 1, smpte: 1, cdn: 1, preview: 1, share: 1, distributor: 1, output: 3, input: 1 });
  });

  it('splits every channel into exactly one status class and one derived type', () => {
    const channelArb = fc.record({
      status: statusArb,
      sdiNo: fc.option(fc.integer({ min: -1, max: 4 })),
      output: fc.boolean(),
      ndi: fc.boolean(),
      forwardRtmp: fc.boolean(),
      forceOutput: fc.boolean(),
      distributor: fc.boolean(),
      flavor: fc.option(fc.constantFrom('', 'smpte2110')),
    });
    fc.assert(
      fc.property(fc.array(channelArb, { maxLength: 30 }), (fields) => {
        const counters = channelCounters(fields.map((f) => ch(f)));
        expect(counters.busy + counters.idle + counters.offline).toBe(fields.length);
        expect(counters.preview + counters.output + counters.input).toBe(fields.length);
      }),
    );
  });
});

describe('multi-camera channel list: sorted by status then name', () => {
  it('puts idle first and offline last, names in natural order within a status', () => {
    const sorted = sortMultiCameraChannels([
      { uniqueId: '1', name: 'cam10', status: 'offline' },
      { uniqueId: '2', name: 'cam2', status: 'idle' },
      { uniqueId: '3', name: 'Cam1', status: 'collecting' },
      { uniqueId: '4', name: 'cam10', status: 'idle' },
      { uniqueId: '5', name: 'a', status: 'unavailable' },
      { uniqueId: '6', name: 'b', status: 'connecting' },
    ]);
    expect(sorted.map((c) => c.uniqueId)).toEqual(['2', '4', '6', '3', '5', '1']);
  });

  it('does not mutate its input and yields a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ uniqueId: fc.uuid(), name: fc.string(), status: statusArb })), (list) => {
        const copy = [...list];
        const sorted = sortMultiCameraChannels(list);
        expect(list).toEqual(copy);
        expect([...sorted].sort((a, b) => (a.uniqueId < b.uniqueId ? -1 : 1))).toEqual([...list].sort((a, b) => (a.uniqueId < b.uniqueId ? -1 : 1)));
      }),
    );
  });
});

describe('manage-channel filters (spec 001 §2)', () => {
  const sdiIn = ch({ sdiNo: 1, status: 'idle' });
  const smpteOut = ch({ flavor: 'smpte2110', status: 'collecting' });
  const cdnPreview = ch({ cdnName: 'cdn', status: 'offline', sharing: true });
  const distributor = ch({ distributor: true });

  it.each<[string, Channel, Parameters<typeof channelMatchesFilters>[1], boolean]>([
    ['no filters match everything', cdnPreview, {}, true],
    ['empty groups match everything', cdnPreview, { types: [], modes: [], playing: [] }, true],
    ['type SDI in matches an SDI input', sdiIn, { types: ['sdiIn'] }, true],
    ['type SDI in rejects an SMPTE output', smpteOut, { types: ['sdiIn'] }, false],
    ['type SMPTE matches an SMPTE channel', smpteOut, { types: ['smpte'] }, true],
    ['types combine with OR', smpteOut, { types: ['input', 'output'] }, true],
    ['mode CDN matches a channel with a CDN', cdnPreview, { modes: ['cdn'] }, true],
    ['mode multipoint share matches a sharing channel', cdnPreview, { modes: ['multipointShare'] }, true],
    ['mode distributor matches a distributor', distributor, { modes: ['distributor'] }, true],
    ['mode SDI rejects a channel without SDI', cdnPreview, { modes: ['sdi'] }, false],
    ['playing state busy matches a collecting channel', smpteOut, { playing: ['busy'] }, true],
    ['playing state idle rejects an offline channel', cdnPreview, { playing: ['idle'] }, false],
    ['groups combine with AND', smpteOut, { types: ['smpte'], playing: ['idle'] }, false],
  ])('%s', (_name, channel, filters, expected) => {
    expect(channelMatchesFilters(channel, filters)).toBe(expected);
  });
});

describe('version gates (spec 001 §9)', () => {
  it.each([
    ['6.1.1', false],
    ['6.1.2', true],
    ['7.0', true],
    [null, false],
  ])('force output on %s: %s', (version, expected) => {
    expect(canForceOutput({ liveuVersion: version })).toBe(expected);
  });

  it.each([
    ['4.9.9', false],
    ['5.0', true],
    ['5.0.1', true],
  ])('multipoint on %s: %s', (version, expected) => {
    expect(canMultipoint({ liveuVersion: version })).toBe(expected);
  });
});

describe('output licence message (spec 001 §5)', () => {
  it.each([
    [4, 4, null],
    [5, 4, 'Server supports up to 4 output channels'],
    [0, 0, null],
    [1, 0, 'Server supports up to 0 output channels'],
  ])('%i outputs on a licence of %i → %j', (wanted, licensed, expected) => {
    expect(outputLicenceError(wanted, licensed)).toBe(expected);
  });
});

describe('channel warnings (spec 001 §8)', () => {
  const stream: ChannelWarningContext = { purpose: 'stream', inUserGroups: true };

  it.each<[string, Partial<Channel>, Partial<ChannelWarningContext>, string[]]>([
    ['an idle known channel has none', {}, {}, []],
    ['a collecting channel is busy', { status: 'collecting' }, {}, ['busy']],
    ['an unavailable channel is offline', { status: 'unavailable' }, {}, ['offline']],
    ['a channel outside the user groups is external', {}, { inUserGroups: false }, ['external']],
    ['a server older than the unit is incompatible', { liveuVersion: '7.4.9' }, { unitVersion: '7.5' }, ['incompatibleVersion']],
    ['a server equal to the unit is compatible', { liveuVersion: '7.5.0' }, { unitVersion: '7.5' }, []],
    ['an unknown server version is not flagged', {}, { unitVersion: '7.5' }, []],
    ['4K without PRO-4K licence on a 4K channel', { capabilities: { supports4k: true } }, { wants4k: true, hasPro4kLicence: false }, ['pro4kLicenceMissing']],
    ['4K on a channel without 4K support', {}, { wants4k: true, hasPro4kLicence: true }, ['no4kSupport']],
    ['an SMPTE channel without configuration', { flavor: 'smpte2110' }, { smpteConfigured: false }, ['smpteConfigMissing']],
    ['an SMPTE channel with unknown configuration is not flagged', { flavor: 'smpte2110' }, {}, []],
    ['logs from an online busy unit', {}, { purpose: 'sendLogs', unitOnline: true, unitIdle: false }, ['logsNeedOnlineIdleUnit']],
    ['logs from an online idle unit', {}, { purpose: 'sendLogs', unitOnline: true, unitIdle: true }, []],
    ['logs ignore 4K', {}, { purpose: 'sendLogs', unitOnline: true, unitIdle: true, wants4k: true }, []],
  ])('%s', (_name, fields, context, expected) => {
    expect(channelWarnings(ch(fields), { ...stream, ...context })).toEqual(expected);
  });
});

describe('default channel placeholder (spec 002 §9)', () => {
  it.each([
    [undefined, 'External'],
    [null, 'External'],
    [{ channelName: ' ' }, 'External'],
    [{ channelName: 'Studio_1' }, 'Studio_1'],
  ])('shows %j as %s', (channel, expected) => {
    expect(channelDisplayName(channel)).toBe(expected);
    expect(DEFAULT_CHANNEL_PLACEHOLDER).toBe('External');
  });
});
