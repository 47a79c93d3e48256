/**
 * The Devices screen's own calls beyond units and servers (spec 001 §2 "LU-Link settings"): a
 * unit's LU-Link settings. Path and fields are ours (docs/api.md "Servers and devices").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, NumberBetween, RefTo } from './common.ts';
import { UnitParams, UnitQuery } from './units.ts';

export const LuLinkSettings = Schema.Struct({
  enabled: Schema.Boolean,
  /** The media server the unit links to (an MMH or transceiver server of its inventory); null: none. */
  serverId: Schema.NullOr(RefTo('server')),
  /** kbps; 0 = no cap, else 100-20000 (src/domain/devices.ts). */
  maxBitrateKbps: Schema.NullOr(NumberBetween(-1_000_000_000, 1_000_000_000)),
});
export type LuLinkSettings = typeof LuLinkSettings.Type;

export const LuLinkAnswer = Schema.Struct({ uid: Id, settings: LuLinkSettings, servers: Schema.Array(Schema.Struct({ id: Id, name: Schema.String })), updatedAt: Schema.NullOr(EpochMs) });

export const getLuLink = endpoint({ method: 'GET', path: 'v2/units/{id}/lulink', summary: 'A unit’s LU-Link settings and the servers it may link to', tags: ['units', 'devices'], params: UnitParams, query: UnitQuery, response: LuLinkAnswer });
export const setLuLink = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/lulink',
  summary: 'Set a unit’s LU-Link settings (server of its inventory; bitrate cap 0 or 100-20000 kbps)',
  tags: ['units', 'devices'],
  params: UnitParams,
  query: UnitQuery,
  body: LuLinkSettings,
  response: LuLinkAnswer,
});

export const DEVICE_ENDPOINTS = [getLuLink, setLuLink] as const;
