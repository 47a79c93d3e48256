/**
 * The client configuration calls (spec 002 §3 "User and client configuration", §4 websocket
 * library, §7 v2/client/configuration and v2/client/application/urls; spec 000 §2 "Drawer").
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { Id } from './common.ts';
import { USER_TYPES } from '../../domain/roles/userTypes.ts';

const TAGS = ['client'] as const;

/** spec 002 §3 managed services: name and status. */
export const ManagedService = Schema.Struct({ serviceName: Schema.String, serviceStatus: Schema.String });

export const GoogleProperties = Schema.Struct({
  gaTrackingCode: Schema.String,
  googleMapsClientId: Schema.String,
  googleApiVersion: Schema.String,
  hasGoogleGA: Schema.Boolean,
});

export const ClientConfiguration = Schema.Struct({
  /** spec 002 §4: the console reloads when it changes after the first load. */
  wsLibrary: Schema.String,
  /** Where the live-update websocket is (ours: the protocol's path on this origin). */
  wsPath: Schema.String,
  /** Feature flags of the inventories of the user's groups (spec 000 §6). */
  activeFeatures: Schema.Array(Schema.String),
  /** The user's types (spec 000 §6, 002 §6). */
  loggedUserRoles: Schema.Array(Schema.Literals(USER_TYPES)),
  services: Schema.Array(ManagedService),
  userId: Id,
  hasInternet: Schema.Boolean,
  /** Seconds until the password expires; null without an expiry policy (spec 002 §2 password notice). */
  secondsToPwdExpiration: Schema.NullOr(Schema.Int),
  googleProperties: GoogleProperties,
  facebookAppId: Schema.String,
  facebookApiVersion: Schema.String,
  applicationId: Schema.String,
  /** Map tile URL template (ours, LUC_MAP_TILE_URL); null: the map's own tiles. */
  mapTileUrl: Schema.NullOr(Schema.String),
});
export type ClientConfiguration = typeof ClientConfiguration.Type;

export const getClientConfiguration = endpoint({
  method: 'GET',
  path: 'v2/client/configuration',
  summary: 'Client configuration of the signed-in user (spec 002 §3)',
  tags: TAGS,
  response: ClientConfiguration,
});

/** spec 000 §2 "Drawer": the three applications, as absolute URLs. */
export const ApplicationUrls = Schema.Struct({
  centralConsole: Schema.String,
  videoReturnPortal: Schema.String,
  matrixApplication: Schema.String,
});
export type ApplicationUrls = typeof ApplicationUrls.Type;

export const getApplicationUrls = endpoint({
  method: 'GET',
  path: 'v2/client/application/urls',
  summary: 'URLs of the central console, the video return portal and the matrix application',
  tags: TAGS,
  response: ApplicationUrls,
});

export const CLIENT_ENDPOINTS = [getClientConfiguration, getApplicationUrls] as const;
