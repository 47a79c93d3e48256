/**
 * The applications a unit runs beside its stream (spec 000 §7 "Multi camera and switcher",
 * "Intercom", "IP pipe", "Databridge", "Video return on a unit", "Social media and content
 * delivery"): their configuration (stored) and start/stop (the simulator runs them: connecting,
 * then streaming / connected / collecting). Bodies and answers: ours (docs/api.md "Units").
 */
import { Schema } from 'effect';
import { endpoint, type WireSchema } from './endpoint.ts';
import { FreeNumber, Id, CurrentGroup, RefTo } from './common.ts';
import { NumberInput, OptionalNumberInput, UnitAccepted, UnitParams, UnitQuery, UnitView } from './units.ts';
import { INTERCOM_MODES, MULTI_CAMERA_MODES, OPERATING_MODES } from '../../domain/units/interface.ts';

/** Start and stop of one application: a POST and a DELETE on the same path, answering UnitAccepted. */
function applicationSwitch<const P extends string>(path: P, tags: readonly string[], start: string, stop: string) {
  const call = <const M extends 'POST' | 'DELETE'>(method: M, summary: string) =>
    endpoint({ method, path, summary, tags, params: UnitParams, query: UnitQuery, response: UnitAccepted });
  return { start: call('POST', start), stop: call('DELETE', stop) };
}

// ── Multi camera and switcher ──────────────────────────────────────────────────────────────────

const MULTI_TAGS = ['units', 'multiCamera'] as const;

/** Ours: the SDI inputs of a switcher (1-4, the Multi-HQ camera count of spec 000 §9). */
export const SDI_INPUTS = [1, 2, 3, 4] as const;
export const SWITCHER_MODES = ['switcher', 'switcherAndProxy'] as const;

const NullableChannel = Schema.NullOr(RefTo('channel'));

/** A unit's multi-camera configuration as stored and answered. */
export const MultiCameraSettings = Schema.Struct({
  /** Multi-camera mode on (off: single camera). */
  enabled: Schema.Boolean,
  mode: Schema.Literals(MULTI_CAMERA_MODES),
  /** Cameras with their channel and priority 1 (highest) to 9 (null: none given). */
  cameras: Schema.Array(Schema.Struct({ channelId: Schema.NullOr(Schema.String), priority: Schema.NullOr(Schema.Int) })),
  highQualityChannelId: Schema.NullOr(Schema.String),
  proxyChannelId: Schema.NullOr(Schema.String),
  operationalMode: Schema.optionalKey(Schema.Literals(OPERATING_MODES)),
  sdiInput: Schema.optionalKey(Schema.Literals(SDI_INPUTS)),
});
export type MultiCameraSettings = typeof MultiCameraSettings.Type;
export const MultiCameraAnswer = Schema.Struct({ uid: Id, multiCamera: MultiCameraSettings });

function multiCameraChange<const P extends string, B extends WireSchema>(path: P, summary: string, body: B) {
  return endpoint({ method: 'PUT', path, summary, tags: MULTI_TAGS, params: UnitParams, query: UnitQuery, body, response: MultiCameraAnswer });
}

export const MultiCameraBody = Schema.Struct({
  mode: Schema.Literals(MULTI_CAMERA_MODES),
  cameras: Schema.Array(Schema.Struct({ channelId: NullableChannel, priority: Schema.optionalKey(OptionalNumberInput) })).check(Schema.isMaxLength(16)),
  highQualityChannelId: Schema.optionalKey(NullableChannel),
  proxyChannelId: Schema.optionalKey(NullableChannel),
});
export type MultiCameraBody = typeof MultiCameraBody.Type;

export const setMultiCamera = multiCameraChange(
  'v2/units/{id}/multiplecamera',
  'Multi-camera configuration: mode, cameras (unique channels, priority 1-9; up to 4 in Multi-HQ), HQ and proxy channels (different); 409 for a single-camera unit type',
  MultiCameraBody,
);
export const setMultiCameraChannel = multiCameraChange(
  'v2/units/{id}/multiplecamera/channel',
  'Set the channel of one camera (index 0-15)',
  Schema.Struct({ index: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 15 })), channelId: NullableChannel }),
);
export const setMultiCameraMode = multiCameraChange('v2/units/{id}/multiplecamera/mode', 'Set the multi-camera mode (highQuality, switcher, switcherAndProxy)', Schema.Struct({ mode: Schema.Literals(MULTI_CAMERA_MODES) }));
export const setSingleCamera = multiCameraChange('v2/units/{id}/singlecamera', 'Back to single-camera mode', Schema.Struct({}));
export const setOperationalMode = multiCameraChange(
  'v2/units/{id}/operationalMode',
  'Operational mode (Live, Store and Forward, Multi-HQ, Field Switcher, Station Switcher)',
  Schema.Struct({ mode: Schema.Literals(OPERATING_MODES) }),
);
export const setSwitcherMode = multiCameraChange('v2/units/{id}/switchermode', 'Switcher mode (switcher or switcherAndProxy)', Schema.Struct({ mode: Schema.Literals(SWITCHER_MODES) }));
export const setHighQualityChannel = multiCameraChange('v2/units/{id}/highqualitychannel', 'HQ channel of the switcher (must differ from the proxy channel)', Schema.Struct({ channelId: NullableChannel }));
export const setProxyChannel = multiCameraChange('v2/units/{id}/proxychannel', 'Proxy channel of the switcher (must differ from the HQ channel)', Schema.Struct({ channelId: NullableChannel }));
export const setSdiInput = multiCameraChange(
  'v2/units/{id}/sdiinput',
  'SDI input of the switcher (at most one change per 5000 ms: 429 with retryAfterMs)',
  Schema.Struct({ input: Schema.Literals(SDI_INPUTS) }),
);

export const multiCameraStream = applicationSwitch('v2/units/{id}/stream/multiplecamera', MULTI_TAGS, 'Start the multi-camera stream in the configured mode', 'Stop the multi-camera stream');
export const switcherStream = applicationSwitch('v2/units/{id}/stream/switchermode', MULTI_TAGS, 'Start the switcher stream (switcher or switcherAndProxy mode)', 'Stop the switcher stream');

// ── Intercom ───────────────────────────────────────────────────────────────────────────────────

const INTERCOM_TAGS = ['units', 'intercom'] as const;
/** `{session}`: 1, 2, intercom1 or intercom2 (any other is 404). */
const SessionParams = Schema.Struct({ id: Id, session: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(32)) });

export const openIntercom = endpoint({
  method: 'POST',
  path: 'v2/units/{id}/intercom/session/{session}',
  summary: 'Open an intercom session (1 or 2): audio room or target channel (connecting, then connected)',
  tags: INTERCOM_TAGS,
  params: SessionParams,
  query: UnitQuery,
  body: Schema.Struct({ mode: Schema.Literals(INTERCOM_MODES), destinationAccount: Schema.String.check(Schema.isMaxLength(255)) }),
  response: UnitAccepted,
});

export const closeIntercom = endpoint({
  method: 'DELETE',
  path: 'v2/units/{id}/intercom/session/{session}',
  summary: 'Close an intercom session',
  tags: INTERCOM_TAGS,
  params: SessionParams,
  query: UnitQuery,
  response: UnitAccepted,
});

/** Intercom and audio-jack settings: not shown by the spec; flat values, stored as sent (the given keys replace the stored ones). */
export const FlatSettings = Schema.Record(Schema.String, Schema.NullOr(Schema.Union([Schema.String.check(Schema.isMaxLength(4_096)), FreeNumber, Schema.Boolean]))).check(Schema.isMaxProperties(32));

export const configureIntercom = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/intercom',
  summary: 'Intercom configuration of a unit (stored)',
  tags: INTERCOM_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: FlatSettings,
  response: Schema.Struct({ uid: Id, intercom: FlatSettings }),
});

export const configureAudioJacks = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/intercom/audiojacks',
  summary: 'Audio jack configuration of the unit’s intercom (stored)',
  tags: INTERCOM_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: FlatSettings,
  response: Schema.Struct({ uid: Id, audioJacks: FlatSettings }),
});

// ── IP pipe ────────────────────────────────────────────────────────────────────────────────────

const IP_PIPE_TAGS = ['units', 'ipPipe'] as const;
export const IP_PIPE_PROTOCOLS = ['udp', 'tcp'] as const;

/** IP pipe (spec 000 §9: for under 1 Mbps): destination IP or DNS name, port 1-65535. */
export const IpPipeConfig = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  destination: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(255))),
  port: Schema.optionalKey(NumberInput),
  protocol: Schema.optionalKey(Schema.Literals(IP_PIPE_PROTOCOLS)),
});
export type IpPipeConfig = typeof IpPipeConfig.Type;

export const configureIpPipe = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/ippipe',
  summary: 'IP pipe configuration: destination (IP or DNS name) and port 1-65535 (stored; the given fields replace the stored ones)',
  tags: IP_PIPE_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: IpPipeConfig,
  response: Schema.Struct({ uid: Id, ipPipe: IpPipeConfig }),
});

export const ipPipeConnection = applicationSwitch('v2/units/{id}/ippipe/connection', IP_PIPE_TAGS, 'Connect the IP pipe (connecting, then connected)', 'Disconnect the IP pipe');

// ── Databridge ─────────────────────────────────────────────────────────────────────────────────

const DATABRIDGE_TAGS = ['units', 'databridge'] as const;
export const SelectedGateway = Schema.Struct({ uid: Id, gatewayId: Schema.NullOr(Schema.String) });

export const selectedGateway = endpoint({
  method: 'GET',
  path: 'v2/units/{id}/dbgateway/selected',
  summary: 'The DataBridge Gateway a unit uses',
  tags: DATABRIDGE_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: SelectedGateway,
});

export const adminSelectedGateway = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/dbgateway/selected',
  summary: 'The DataBridge Gateway a unit uses (admin)',
  tags: DATABRIDGE_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: SelectedGateway,
});

export const gatewaysOfUnit = endpoint({
  method: 'GET',
  path: 'v2/admin/units/{id}/dbgateway',
  summary: 'DataBridge Gateways a unit may use (those of the caller’s groups)',
  tags: DATABRIDGE_TAGS,
  params: UnitParams,
  query: UnitQuery,
  response: Schema.Struct({ uid: Id, gateways: Schema.Array(UnitView) }),
});

export const selectGateway = endpoint({
  method: 'PUT',
  path: 'v2/admin/units/{id}/dbgateway/selected',
  summary: 'Choose the DataBridge Gateway of a unit (null: none); 400 when it is not a gateway of the caller’s groups',
  tags: DATABRIDGE_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ gatewayId: Schema.NullOr(RefTo('gateway')) }),
  response: SelectedGateway,
});

export const databridgeStream = applicationSwitch('v2/units/{id}/stream/databridge', DATABRIDGE_TAGS, 'Start the databridge (connecting, then connected)', 'Stop the databridge');

// ── Video return ───────────────────────────────────────────────────────────────────────────────

const VR_TAGS = ['units', 'videoReturn'] as const;

export const selectVideoReturnChannel = endpoint({
  method: 'PUT',
  path: 'v2/units/{id}/vrChannels/selected',
  summary: 'Select the video return channel of a unit (a channel of its group; null: none)',
  tags: VR_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ channelId: Schema.NullOr(RefTo('vrChannel')) }),
  response: Schema.Struct({ uid: Id, channelId: Schema.NullOr(Schema.String) }),
});

export const videoReturnStream = applicationSwitch(
  'v2/units/{id}/vrChannels/stream',
  VR_TAGS,
  'Start the video return stream to the unit (409 "No video return channel is selected." without one)',
  'Stop the video return stream',
);

// ── Social media and content delivery ──────────────────────────────────────────────────────────

const SOCIAL_TAGS = ['units', 'social'] as const;

/** Social providers (ours: spec 000 names Facebook; the others are the usual live platforms). */
export const SOCIAL_PROVIDERS = ['facebook', 'youtube', 'twitch', 'linkedin', 'custom'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const startSocialStream = endpoint({
  method: 'POST',
  path: 'v0/units/{id}/stream/social_media',
  summary: 'Stream a unit to a social media provider (Facebook needs 6.2.1; 409 when already streaming to it)',
  tags: SOCIAL_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({
    provider: Schema.Literals(SOCIAL_PROVIDERS),
    streamUrl: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2048))),
    title: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(255))),
  }),
  response: UnitAccepted,
});

export const stopSocialStream = endpoint({
  method: 'DELETE',
  path: 'v0/units/{id}/stream/social_media',
  summary: 'Stop streaming a unit to a social media provider',
  tags: SOCIAL_TAGS,
  params: UnitParams,
  query: Schema.Struct({ provider: Schema.Literals(SOCIAL_PROVIDERS), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: UnitAccepted,
});

/** A CDN stream's name (default "default"). */
const CdnName = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64));

export const startCdnStream = endpoint({
  method: 'POST',
  path: 'v0/units/{id}/stream/cdn',
  summary: 'Stream a unit to a content delivery network',
  tags: SOCIAL_TAGS,
  params: UnitParams,
  query: UnitQuery,
  body: Schema.Struct({ name: Schema.optionalKey(CdnName), streamUrl: Schema.String.check(Schema.isMaxLength(2048)) }),
  response: UnitAccepted,
});

export const stopCdnStream = endpoint({
  method: 'DELETE',
  path: 'v0/units/{id}/stream/cdn',
  summary: 'Stop streaming a unit to a content delivery network',
  tags: SOCIAL_TAGS,
  params: UnitParams,
  query: Schema.Struct({ name: Schema.optionalKey(CdnName), crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: UnitAccepted,
});

export const groupSocialStreams = endpoint({
  method: 'GET',
  path: 'v0/groups/{gid}/units/stream/social_media/status',
  summary: 'Social media and CDN streams of the group’s units (units streaming to none are left out)',
  tags: SOCIAL_TAGS,
  params: Schema.Struct({ gid: Id }),
  query: UnitQuery,
  response: Schema.Array(Schema.Struct({ uid: Id, providers: Schema.Array(Schema.String) })),
});
