import { describe, it, expect } from 'vitest';
import {
  IFB_MODES,
  SERVER_ADMIN_QUERY,
  SERVER_STATES,
  SERVER_TYPES,
  SERVER_TYPE_LABELS,
  canUpgradeServer,
  ifbModeChangeBlocks,
  serverTypeFromAdminQuery,
  type IfbModeChangeContext,
  type ServerState,
  type ServerType,
} from './servers.ts';

describe('server types (spec 001 §3, §7)', () => {
  it.each<[ServerType, string, string]>([
    ['mmh', 'MMH', 'mmh_server'],
    ['videoReturn', 'Video Return', 'vr_server'],
    ['transceiver', 'Transceiver', 'transceiver_server'],
    ['ingest', 'Ingest', 'ingest_server'],
  ])('%s is labelled %s and queried as %s', (type, label, query) => {
    expect(SERVER_TYPE_LABELS[type]).toBe(label);
    expect(SERVER_ADMIN_QUERY[type]).toBe(query);
    expect(serverTypeFromAdminQuery(query)).toBe(type);
  });

  it('knows exactly four types and no other query name', () => {
    expect(SERVER_TYPES).toHaveLength(4);
    expect(serverTypeFromAdminQuery('mmh')).toBeNull();
  });

  it('has IFB modes V1 and V2', () => {
    expect(IFB_MODES).toEqual(['V1', 'V2']);
  });
});

describe('server upgrade (spec 001 §4: only when idle)', () => {
  it.each<[ServerState, boolean]>([
    ['idle', true],
    ['busy', false],
    ['offline', false],
  ])('a %s server may upgrade: %s', (state, expected) => {
    expect(canUpgradeServer({ state })).toBe(expected);
  });

  it('allows upgrade for the idle state only', () => {
    expect(SERVER_STATES.filter((state) => canUpgradeServer({ state }))).toEqual(['idle']);
  });
});

describe('IFB mode change (spec 001 §8)', () => {
  const ok: IfbModeChangeContext = { state: 'idle', hasSipServer: true, hasPrimaryInventory: true };

  it.each<[string, Partial<IfbModeChangeContext>, string[]]>([
    ['is allowed on an idle server with SIP server and primary inventory', {}, []],
    ['is blocked on an offline server', { state: 'offline' }, ['serverOffline']],
    ['is blocked on a busy server', { state: 'busy' }, ['serverNotIdle']],
    ['is blocked without a SIP server', { hasSipServer: false }, ['noSipServer']],
    ['is blocked without a primary inventory', { hasPrimaryInventory: false }, ['noPrimaryInventory']],
    ['reports every reason in order', { state: 'busy', hasSipServer: false, hasPrimaryInventory: false }, ['serverNotIdle', 'noSipServer', 'noPrimaryInventory']],
  ])('%s', (_name, context, expected) => {
    expect(ifbModeChangeBlocks({ ...ok, ...context })).toEqual(expected);
  });
});
