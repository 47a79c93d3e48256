/**
 * The unit page's detail record, decoded from GET v2/units/enhanced/{id} (spec 000 §3 "Unit";
 * spec 000 §7). Decoding happens here, at the edge: the rest of the page reads typed fields.
 * Unknown or missing fields become undefined/empty, never a throw (the answer's shape is ours to
 * distrust). Bitrates are kbps, battery percent 0-100.
 */
import { ALERT_SEVERITIES, ALERT_TYPES, INTERCOM_MODES, INTERCOM_STATES } from '../../../domain/units/interface.ts';
import type { AlertSeverity, AlertType, IntercomMode, IntercomState } from '../../../domain/units/interface.ts';
import { LINK_TYPES, type LinkType } from '../../../domain/validation/network.ts';

export interface UnitLink {
  readonly port: string;
  readonly name: string;
  readonly type: LinkType | undefined;
  readonly connected: boolean;
  readonly enabled: boolean;
  readonly uplinkKbps: number;
  readonly downlinkKbps: number;
  readonly signal: number | undefined;
}

export interface UnitAlertRow {
  readonly id: string;
  readonly type: AlertType | string;
  readonly severity: AlertSeverity | undefined;
  readonly active: boolean;
}

export interface IntercomSlot {
  readonly mode: IntercomMode | undefined;
  readonly destinationAccount: string;
  readonly state: IntercomState | undefined;
}

export interface UnitDetails {
  readonly uid: string;
  readonly name: string;
  readonly type: string;
  readonly serial: string;
  readonly status: string;
  readonly swVersion: string | undefined;
  readonly channelId: string | null;
  readonly delayMs: number | undefined;
  readonly comment: string;
  readonly lat: number | undefined;
  readonly lng: number | undefined;
  /** Application name → its reported state (e.g. l2ControlPipe → connecting). */
  readonly applications: Readonly<Record<string, string | undefined>>;
  readonly links: readonly UnitLink[];
  readonly alerts: readonly UnitAlertRow[];
  readonly capping: { readonly totalKbps: number | null; readonly cellularKbps: number | null };
  readonly intercom: { readonly intercom1: IntercomSlot | undefined; readonly intercom2: IntercomSlot | undefined };
  readonly settings: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, string>>;
  readonly typeGroup: string | undefined;
  readonly multiCamera: boolean;
  readonly isBusy: boolean;
  readonly isOffline: boolean;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {});
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

export function decodeLink(value: unknown): UnitLink | null {
  const r = obj(value);
  const port = str(r['port']);
  if (port === '') return null;
  return {
    port,
    name: str(r['name'], port),
    type: oneOf(LINK_TYPES, r['type']),
    connected: r['connected'] === true,
    enabled: r['enabled'] !== false,
    uplinkKbps: num(r['uplinkKbps']) ?? 0,
    downlinkKbps: num(r['downlinkKbps']) ?? 0,
    signal: num(r['signal']) ?? num(r['signalQuality']),
  };
}

function decodeIntercom(value: unknown): IntercomSlot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = obj(value);
  return { mode: oneOf(INTERCOM_MODES, r['mode']), destinationAccount: str(r['destinationAccount']), state: oneOf(INTERCOM_STATES, r['state']) };
}

const nullableKbps = (value: unknown): number | null => num(value) ?? null;

export function decodeUnitDetails(body: unknown): UnitDetails {
  const r = obj(body);
  const applications: Record<string, string | undefined> = {};
  for (const [name, app] of Object.entries(obj(r['applications']))) applications[name] = typeof obj(app)['state'] === 'string' ? str(obj(app)['state']) : undefined;
  const links = (Array.isArray(r['links']) ? r['links'] : []).map(decodeLink).filter((link): link is UnitLink => link !== null);
  const alerts = (Array.isArray(r['alerts']) ? r['alerts'] : []).map((value, index): UnitAlertRow => {
    const a = obj(value);
    return { id: str(a['id'], String(index)), type: oneOf(ALERT_TYPES, a['type']) ?? str(a['type'], 'unknown'), severity: oneOf(ALERT_SEVERITIES, a['severity']), active: a['active'] === true };
  });
  const capping = obj(r['capping']);
  const intercom = obj(r['intercom']);
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj(r['metadata']))) metadata[key] = typeof value === 'string' ? value : String(value ?? '');
  const capabilities = obj(r['capabilities']);
  const channel = r['channelId'];
  return {
    uid: str(r['uid']),
    name: str(r['name']),
    type: str(r['type']),
    serial: str(r['serial']),
    status: str(r['status'], 'offline'),
    swVersion: typeof r['swVersion'] === 'string' ? r['swVersion'] : undefined,
    channelId: typeof channel === 'string' && channel !== '' ? channel : null,
    delayMs: num(r['delay']),
    comment: str(r['comment']),
    lat: num(r['lat']),
    lng: num(r['lng']),
    applications,
    links,
    alerts,
    capping: { totalKbps: nullableKbps(capping['totalKbps']), cellularKbps: nullableKbps(capping['cellularKbps']) },
    intercom: { intercom1: decodeIntercom(intercom['intercom1']), intercom2: decodeIntercom(intercom['intercom2']) },
    settings: obj(r['settings']),
    metadata,
    typeGroup: typeof capabilities['typeGroup'] === 'string' ? capabilities['typeGroup'] : undefined,
    multiCamera: capabilities['multiCamera'] === true,
    isBusy: r['isBusy'] === true,
    isOffline: r['isOffline'] !== false,
  };
}

/** A stored setting object of the unit (settings.<key>), or an empty object. */
export function settingOf(details: UnitDetails | undefined, key: string): Obj {
  return obj(details?.settings[key]);
}

/** The parameters last sent with a command (settings.commands.<command>), or an empty object. */
export function commandParameters(details: UnitDetails | undefined, command: string): Obj {
  return obj(obj(details?.settings['commands'])[command]);
}
