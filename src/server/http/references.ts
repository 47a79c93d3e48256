/**
 * References checked everywhere (issue 16 item 3): a contract field declared `RefTo(kind)`
 * (src/protocol/rest/common.ts) carries `x-ref: kind` in its JSON Schema; every route registered
 * through defineRoute reads those fields once at registration and, for each call, checks every id
 * it names before the handler runs: the entity must exist and be visible to the caller, else the
 * call is refused with the field named in `fields` (referenceRefused: 404 as the scopes, 403 for a
 * group one is not a member of, 400 for a unit setting's gateway, story or subscriber). Unknown and
 * foreign ids get the same answer (the scopes' rule, scope.ts), so an id of another tenant leaks
 * nothing, and nothing is stored. A handler may still check more (a gateway of the unit's own
 * groups, a channel of the unit's group): that is its area's rule.
 *
 * One check per kind, below; `Record<RefKind, …>` makes a new kind of common.ts need one here.
 * The same discovery (`referenceFields`) drives tests/integration/references.test.ts.
 */
import type { FastifyRequest } from 'fastify';
import { NOT_REF_KEY, PART_KEY, REF_KEY, REF_KINDS, type RefKind } from '../../protocol/rest/common.ts';
import type { JsonSchema } from '../../protocol/rest/jsonSchema.ts';
import type { RouteDeps } from '../areas/deps.ts';
import { HttpError } from './errors.ts';
import { VR_MESSAGES } from '../../domain/videoReturn.ts';
import { STORY_MESSAGES } from '../../domain/stories.ts';
import { SHARING_MESSAGES } from '../../domain/shares.ts';
import { channelAdministered, channelVisible, unitVisible } from './scope.ts';
import { administersGroup, seesInventory, type Tenancy } from './tenancy.ts';

/** Where a field is: its part of the request and its path (`[]` for every item of a list). */
export interface FieldAt {
  readonly part: 'params' | 'query' | 'body';
  readonly path: readonly string[];
}

/** A field of a request schema whose name or annotation says it names another entity. */
export interface ReferenceField extends FieldAt {
  /** `body.cameras[].channelId` */
  readonly name: string;
  /** `x-ref`: the kind checked here. */
  readonly ref?: RefKind;
  /** `x-part-of`: a part of the scoped entity its handler looks up. */
  readonly partOf?: string;
  /** `x-not-ref`: why the id-like name does not name another entity. */
  readonly notRef?: string;
}

/** A field name that reads as an id of something (`channelId`, `subscriberIds`, `machineUid`, `crnt_vcg_uid`, `uid`). */
export const ID_LIKE_NAME = /^(?:id|ids|uid|uids)$|(?:Id|Ids|ID|IDs|Uid|Uids|UID|_uid|_id|_ids)$/;

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The annotation of a schema node or of one of its `anyOf` options (a nullable id), following `$ref`s. */
function annotationOf(node: JsonSchema, key: string, defs: Record<string, unknown>, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (typeof node[key] === 'string') return node[key] as string;
  const ref = node['$ref'];
  if (typeof ref === 'string') {
    const target = defs[ref.split('/').pop() ?? ''];
    if (isObject(target)) return annotationOf(target, key, defs, depth + 1);
  }
  for (const k of ['anyOf', 'oneOf', 'allOf', 'items']) {
    for (const option of ([] as unknown[]).concat(node[k] ?? [])) {
      if (!isObject(option)) continue;
      const found = annotationOf(option, key, defs, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Every field of a request part that is annotated as a reference (or not one), or whose name reads
 * as an id, at any depth (objects, lists, nullable options, `$defs`).
 */
export function referenceFields(schema: JsonSchema | undefined, part: FieldAt['part'], defs: Record<string, unknown> = {}): ReferenceField[] {
  const found: ReferenceField[] = [];
  const allDefs = { ...defs, ...((schema?.['$defs'] as Record<string, unknown> | undefined) ?? {}) };
  const seen = new Set<unknown>();
  const visit = (node: unknown, path: readonly string[]): void => {
    if (!isObject(node) || seen.has(node) || path.length > 12) return;
    seen.add(node);
    const ref = node['$ref'];
    if (typeof ref === 'string') visit(allDefs[ref.split('/').pop() ?? ''], path);
    for (const [name, child] of Object.entries((node['properties'] as Record<string, unknown> | undefined) ?? {})) {
      const at = [...path, name];
      if (isObject(child)) {
        const kind = annotationOf(child, REF_KEY, allDefs);
        const partOf = annotationOf(child, PART_KEY, allDefs);
        const notRef = annotationOf(child, NOT_REF_KEY, allDefs);
        if (kind !== undefined || partOf !== undefined || notRef !== undefined || ID_LIKE_NAME.test(name)) {
          found.push({
            part,
            path: at,
            name: `${part}.${at.join('.').replace(/\.\[\]/g, '[]')}`,
            ...(kind !== undefined ? { ref: kind as RefKind } : {}),
            ...(partOf !== undefined ? { partOf } : {}),
            ...(notRef !== undefined ? { notRef } : {}),
          });
        }
      }
      visit(child, at);
    }
    for (const key of ['items', 'additionalProperties']) if (isObject(node[key])) visit(node[key], [...path, '[]']);
    for (const key of ['anyOf', 'oneOf', 'allOf']) for (const option of (node[key] as unknown[] | undefined) ?? []) visit(option, path);
  };
  visit(schema, []);
  return found;
}

/** The string values at a field's path in a request part, with where each is (`cameras.1.channelId`; a list of ids: its field). */
export function valuesAt(source: unknown, path: readonly string[]): { readonly at: string; readonly id: string }[] {
  const out: { at: string; id: string }[] = [];
  const walk = (value: unknown, rest: readonly string[], at: readonly string[]): void => {
    if (rest.length === 0) {
      if (typeof value === 'string' && value !== '') out.push({ at: at.join('.'), id: value });
      // A list of ids is named as the field (`inventoryIds`), as forms name it.
      else if (Array.isArray(value)) for (const item of value.slice(0, 1000)) if (typeof item === 'string' && item !== '') out.push({ at: at.join('.'), id: item });
      return;
    }
    const [head, ...tail] = rest;
    if (head === '[]') {
      if (Array.isArray(value)) value.slice(0, 1000).forEach((item, i) => walk(item, tail, [...at, String(i)]));
      else if (isObject(value)) for (const [k, v] of Object.entries(value).slice(0, 1000)) walk(v, tail, [...at, k]);
      return;
    }
    if (isObject(value) && head !== undefined) walk(value[head], tail, [...at, head]);
  };
  walk(source, path, []);
  return out;
}

type Check = (id: string, context: { readonly deps: RouteDeps; readonly tenancy: Tenancy }) => Promise<boolean>;

/** What each kind must be to be used by the caller (a super user: any that exists). */
export const REFERENCE_CHECKS: Record<RefKind, Check> = {
  memberGroup: async (id, { tenancy }) => tenancy.groupIds.has(id),
  group: async (id, { deps, tenancy }) => {
    if (tenancy.groupIds.has(id)) return true;
    const group = await deps.store.groups.get(id);
    return group !== undefined && administersGroup(tenancy, group);
  },
  inventory: async (id, { deps, tenancy }) => (await deps.store.inventories.get(id)) !== undefined && seesInventory(tenancy, id),
  unit: async (id, { deps, tenancy }) => {
    const unit = await deps.store.units.get(id);
    return unit !== undefined && (tenancy.all || unitVisible(tenancy, unit) || (unit.inventoryId !== null && tenancy.inventoryIds.has(unit.inventoryId)));
  },
  user: async (id, { deps, tenancy }) => {
    const user = await deps.store.users.get(id);
    return user !== undefined && (tenancy.all || (await deps.store.users.inventoryIdsOfUser(user.id)).some((inv) => tenancy.inventoryIds.has(inv)));
  },
  channel: async (id, { deps, tenancy }) => {
    const channel = await deps.store.channels.get(id);
    return channel !== undefined && (channelVisible(tenancy, channel) || channelAdministered(tenancy, channel));
  },
  vrChannel: async (id, { deps, tenancy }) => {
    const channel = await deps.store.vrChannels.get(id);
    return channel !== undefined && (tenancy.all || tenancy.inventoryIds.has(channel.inventoryId) || (await deps.store.vrChannels.groupIds(channel.id)).some((g) => tenancy.groupIds.has(g)));
  },
  server: async (id, { deps, tenancy }) => {
    const server = await deps.store.servers.get(id);
    return server !== undefined && (tenancy.all || (server.inventoryId !== null && tenancy.inventoryIds.has(server.inventoryId)));
  },
  gateway: async (id, { deps, tenancy }) => {
    const unit = await deps.store.units.get(id);
    return unit !== undefined && (tenancy.all || unitVisible(tenancy, unit));
  },
  story: async (id, { deps, tenancy }) => {
    const story = await deps.store.stories.get(id);
    return story !== undefined && seesInventory(tenancy, story.inventoryId);
  },
  subscriber: async (id, { deps, tenancy }) => {
    const row = await deps.store.db.selectFrom('share_subscribers').select(['inventory_id']).where('id', '=', id).executeTakeFirst();
    return row !== undefined && seesInventory(tenancy, row.inventory_id);
  },
  overlay: async (id, { deps, tenancy }) => {
    const overlay = await deps.store.overlays.get(id);
    return overlay !== undefined && seesInventory(tenancy, overlay.inventoryId);
  },
  destination: async (id, { deps, tenancy }) => {
    const row = await deps.store.db.selectFrom('channel_destinations').select(['channel_id']).where('id', '=', id).executeTakeFirst();
    const channel = row === undefined ? undefined : await deps.store.channels.get(row.channel_id);
    return channel !== undefined && channelAdministered(tenancy, channel);
  },
  file: async (id, { deps, tenancy }) => {
    const row = await deps.store.db.selectFrom('channel_files').select(['channel_id']).where('id', '=', id).executeTakeFirst();
    const channel = row === undefined ? undefined : await deps.store.channels.get(row.channel_id);
    return channel !== undefined && channelVisible(tenancy, channel);
  },
};

/** How a kind is named in the refusal (`Video return channel 'X' not found`). */
export const REFERENCE_LABELS: Record<RefKind, string> = {
  memberGroup: 'Group',
  group: 'Group',
  inventory: 'Inventory',
  unit: 'Unit',
  user: 'User',
  channel: 'Channel',
  vrChannel: 'Video return channel',
  server: 'Server',
  gateway: 'Gateway',
  story: 'Story',
  subscriber: 'Subscriber',
  overlay: 'Overlay',
  destination: 'Destination',
  file: 'File',
};

/**
 * The refusal of an id the caller may not use: the same for an unknown and a foreign one, as the
 * kind's siblings answer it, naming the field: a 404 as the scopes answer (scope.ts); a group one
 * is not a member of a 403 as the API gate answers; a video return channel the spec's 404
 * "Unknown video return channel" (spec 002 §8); a gateway, a story or a subscriber in a body the
 * 400 and words of its area (a choice in a unit's settings form).
 */
export function referenceRefused(kind: RefKind, id: string, part: FieldAt['part'], at: string): HttpError {
  const shown = id.slice(0, 64);
  const status = kind === 'memberGroup' ? 403 : part === 'body' && (kind === 'gateway' || kind === 'story' || kind === 'subscriber') ? 400 : 404;
  const message =
    kind === 'memberGroup'
      ? `Group '${shown}' is not one of your groups`
      : kind === 'vrChannel'
        ? VR_MESSAGES.unknownChannel
        : kind === 'story'
          ? STORY_MESSAGES.notInInventory
          : kind === 'subscriber'
            ? SHARING_MESSAGES.unknownSubscriber.replace('{0}', shown)
            : `${REFERENCE_LABELS[kind]} '${shown}' not found`;
  return new HttpError(status, message, { fields: { [at]: message } });
}

/** The checked references of a route: its `x-ref` fields, less those its scope already checks. */
export function checkedReferences(schemas: { readonly params?: JsonSchema; readonly query?: JsonSchema; readonly body?: JsonSchema }, scopeFrom: readonly string[]): ReferenceField[] {
  const all = [...referenceFields(schemas.params, 'params'), ...referenceFields(schemas.query, 'query'), ...referenceFields(schemas.body, 'body')];
  for (const field of all) {
    if (field.ref !== undefined && !REF_KINDS.includes(field.ref)) throw new Error(`${field.name}: unknown reference kind '${field.ref}'`);
  }
  return all.filter((field) => field.ref !== undefined && !scopeFrom.includes(field.name));
}

/**
 * Checks every id the request names in a checked field (before validation: a value that is not
 * text is left to the validator). The first id the caller may not use is refused.
 */
export async function checkReferences(fields: readonly ReferenceField[], request: FastifyRequest, deps: RouteDeps, tenancy: Tenancy): Promise<void> {
  for (const field of fields) {
    const kind = field.ref;
    if (kind === undefined) continue;
    const source = field.part === 'params' ? request.params : field.part === 'query' ? request.query : request.body;
    for (const { at, id } of valuesAt(source, field.path)) {
      if (id.length > 128) continue; // the validator names it
      if (!(await REFERENCE_CHECKS[kind](id, { deps, tenancy }))) throw referenceRefused(kind, id, field.part, at);
    }
  }
}
