/**
 * The graphics area's calls: the six calls of spec 002 §7 Graphics, against the cloud graphics
 * service (simulated inside our server: src/server/areas/graphics/cloudService.ts). The spec gives
 * paths and payload kinds, not fields: the shapes are ours, named after the calls (docs/api.md
 * "Graphics"). Two more calls drive the simulation (super user only): its reachability and an
 * inventory's service switch.
 *
 * Answers: 403 "Feature disabled" when the inventory's service is off (spec 002 §8 generic text;
 * the permissions call itself answers 200 with serviceEnabled false); 503 "Graphics communication
 * error." when the cloud does not answer (spec 002 §8).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, PartOf, Removed, TextBetween } from './common.ts';
import { GRAPHICS_APP_NAME_MAX_LENGTH, GRAPHICS_JOB_ACTIONS, GRAPHICS_JOB_STATUSES } from '../../domain/graphicsCloud.ts';

const TAGS = ['graphics'] as const;

/** Ours: a region name is at most 64 characters ('' or absent: the inventory's own region). */
export const GRAPHICS_REGION_MAX_LENGTH = 64;

export const GraphicsApp = Schema.Struct({
  id: Id,
  inventoryId: Id,
  kind: Schema.Literals(['singular', 'control']),
  name: Schema.String,
  templateId: Schema.String,
  templateName: Schema.String,
  region: Schema.String,
  /** A control app: the app it controls; null for a singular app. */
  appId: Schema.NullOr(Id),
  /** A singular app: its control app (null once gone). */
  controlAppId: Schema.NullOr(Id),
  createdOn: EpochMs,
  createdBy: Schema.String,
});
export type GraphicsApp = typeof GraphicsApp.Type;

export const GraphicsJob = Schema.Struct({
  id: Id,
  appId: Id,
  appName: Schema.String,
  action: Schema.Literals(GRAPHICS_JOB_ACTIONS),
  status: Schema.Literals(GRAPHICS_JOB_STATUSES),
  /** 0-100. */
  progress: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
  startedAt: EpochMs,
});
export type GraphicsJob = typeof GraphicsJob.Type;

export const GraphicsTemplate = Schema.Struct({ id: Schema.String, name: Schema.String, category: Schema.String, description: Schema.String });

/** `{inventoryId}`: one of the caller's inventories (404 otherwise). */
const InventoryParams = Schema.Struct({ inventoryId: Id });

export const MyGraphics = Schema.Struct({
  inventoryId: Id,
  /** The inventory's own region (apps made without a region choice go there). */
  inventoryRegion: Schema.String,
  apps: Schema.Array(GraphicsApp),
  /** The latest jobs, newest first (at most 50). */
  jobs: Schema.Array(GraphicsJob),
});
export type MyGraphics = typeof MyGraphics.Type;

export const getMyGraphics = endpoint({
  method: 'GET',
  path: 'graphics/inventory/{inventoryId}/mygraphics',
  summary: 'My Graphics: the inventory’s graphics apps (each with its control app) and latest jobs',
  tags: TAGS,
  params: InventoryParams,
  response: MyGraphics,
});

export const createSingularApp = endpoint({
  method: 'POST',
  path: 'graphics/singular',
  summary: 'Create a graphics app from a template in an inventory; also creates its control app',
  tags: TAGS,
  body: Schema.Struct({
    inventoryId: Id,
    name: TextBetween(1, GRAPHICS_APP_NAME_MAX_LENGTH),
    templateId: PartOf('graphics template of the cloud service'),
    /** The graphics region (the user preference graphicsRegion); '' or absent: the inventory's region. */
    region: Schema.optionalKey(TextBetween(0, GRAPHICS_REGION_MAX_LENGTH)),
  }),
  response: Schema.Struct({ app: GraphicsApp, controlApp: GraphicsApp }),
  successStatus: 201,
});

export const deleteGraphicsApp = endpoint({
  method: 'DELETE',
  path: 'graphics/inventory/{inventoryId}/app/{appId}',
  summary: 'Delete a graphics app with its control app and jobs',
  tags: TAGS,
  params: Schema.Struct({ inventoryId: Id, appId: PartOf('graphics app of the inventory') }),
  response: Removed,
});

export const listGraphicsTemplates = endpoint({
  method: 'GET',
  path: 'graphics/inventory/{inventoryId}/templates',
  summary: 'The graphics templates the inventory may make apps from',
  tags: TAGS,
  params: InventoryParams,
  response: Schema.Struct({ templates: Schema.Array(GraphicsTemplate) }),
});

export const GraphicsPermission = Schema.Struct({ serviceEnabled: Schema.Boolean });

export const getGraphicsPermissions = endpoint({
  method: 'GET',
  path: 'graphics/inventory/{inventoryId}/permissions',
  summary: 'Whether the cloud graphics service is enabled for the inventory (enabled only on HTTP 200 with serviceEnabled true)',
  tags: TAGS,
  params: InventoryParams,
  response: GraphicsPermission,
});

export const postJobStatus = endpoint({
  method: 'POST',
  path: 'graphics/job/status',
  summary: 'Set an app’s job status: start, stop or update its graphics; answers the new job (queued, then running, then done)',
  tags: TAGS,
  body: Schema.Struct({ inventoryId: Id, appId: PartOf('graphics app of the inventory'), action: Schema.Literals(GRAPHICS_JOB_ACTIONS) }),
  response: GraphicsJob,
  successStatus: 201,
});

// ── The simulation's switches (super user; ours) ────────────────────────────────────────────────

export const GraphicsSimulation = Schema.Struct({ reachable: Schema.Boolean });

export const setGraphicsSimulation = endpoint({
  method: 'PUT',
  path: 'graphics/simulation',
  summary: 'Simulated cloud graphics service: make it answer or fail (every call then answers 503 "Graphics communication error.")',
  tags: TAGS,
  body: GraphicsSimulation,
  response: GraphicsSimulation,
});

export const setGraphicsPermissions = endpoint({
  method: 'PUT',
  path: 'graphics/inventory/{inventoryId}/permissions',
  summary: 'Simulated cloud graphics service: switch the service on or off for an inventory',
  tags: TAGS,
  params: InventoryParams,
  body: GraphicsPermission,
  response: GraphicsPermission,
});

export const GRAPHICS_ENDPOINTS = [
  getMyGraphics,
  createSingularApp,
  deleteGraphicsApp,
  listGraphicsTemplates,
  getGraphicsPermissions,
  postJobStatus,
  setGraphicsSimulation,
  setGraphicsPermissions,
] as const;
