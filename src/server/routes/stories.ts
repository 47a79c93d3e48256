/**
 * Stories (spec 001 §3 entity, §6 "Some user types cannot add, delete or configure stories", §7
 * "Inventory sub-resources: … stories and count", §9 "Story fields max 1024, slugline required")
 * and the story selected for a unit (our path: v2/units/{id}/story).
 *
 * Reads are open to any signed-in user whose groups cover the inventory (002 §3: the Stories route
 * has no role guard); another inventory is 404, like an unknown one. Writes are refused (403) to
 * the user types of STORY_EDITING_DENIED before the body is looked at; a refused or invalid write
 * stores nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  DEFAULT_STORY_SEARCH_KEY,
  STORY_MESSAGES,
  STORY_PAGE_SIZE,
  STORY_SEARCH_KEYS,
  STORY_TEXT_FIELDS,
  mergeStory,
  storySelectionError,
  storyWriteRefusal,
  type Story,
  type StoryInput,
  type StorySearchKey,
} from '../../domain/stories.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { authOf } from '../http/requestAuth.ts';
import { STORY_SORT_KEYS, type StorySortKey } from '../areas/stories/repo.ts';
import type { RouteArea, RouteDeps } from './area.ts';
import { CURRENT_GROUP, ID, idOf, inventoriesOf, objectSchema, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';
import { MAX_PAGE_SIZE } from './units.ts';

const TAGS = ['stories'] as const;

/**
 * Body bound per field: above the spec's 1024 so that 1025-4096 characters get the spec's own
 * message from the domain ("Must have at most 1024 characters"); beyond that the schema refuses.
 */
const FIELD_BOUND = 4096;

export const STORY_SCHEMA = objectSchema(
  {
    storyId: { type: 'string' },
    inventoryId: { type: 'string' },
    ...Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, { type: 'string' }])),
    lastModified: { type: 'integer', description: 'ms since epoch' },
  },
  ['storyId', 'inventoryId', ...STORY_TEXT_FIELDS, 'lastModified'],
);

const STORY_BODY = objectSchema(Object.fromEntries(STORY_TEXT_FIELDS.map((field) => [field, { type: 'string', maxLength: FIELD_BOUND }])));

const LIST_QUERY = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: STORY_PAGE_SIZE },
  offset: { type: 'integer', minimum: 0, default: 0 },
  searchKey: { type: 'string', enum: STORY_SEARCH_KEYS, default: DEFAULT_STORY_SEARCH_KEY },
  searchValue: { type: 'string', maxLength: 255 },
  sortBy: { type: 'string', enum: STORY_SORT_KEYS, default: 'slugline' },
  sortDir: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
} as const;

interface ListQuery {
  limit: number;
  offset: number;
  searchKey: StorySearchKey;
  searchValue?: string;
  sortBy: StorySortKey;
  sortDir: 'asc' | 'desc';
}

/** The inventory named by `:inv` must be one of the caller's groups' (404 otherwise, no existence leak). */
function requireInventory(deps: RouteDeps): preHandlerAsyncHookHandler {
  return async function requireInventoryHandler(request) {
    const inv = idOf(request, 'inv');
    if (!(await inventoriesOf(deps, request)).has(inv)) throw notFound(`Inventory '${inv.slice(0, 64)}' not found`);
  };
}

/** 403 for the user types that may not add, delete or configure stories (spec 001 §6; ours which). */
const requireStoryEditor: preHandlerAsyncHookHandler = async function requireStoryEditorHandler(request) {
  const refusal = storyWriteRefusal(authOf(request).roles);
  if (refusal !== null) throw forbidden(refusal);
};

interface InventoryRouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  write: boolean;
  querystring?: Record<string, unknown>;
  body?: Record<string, unknown>;
  response: Record<string, unknown>;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** An inventory sub-resource call: scoping, then the story-editor check for writes, then the schema. */
function inventoryRoute(app: FastifyInstance, deps: RouteDeps, def: InventoryRouteDef): void {
  const names = [...def.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      tags: TAGS,
      params: { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, ID])) },
      querystring: objectSchema({ crnt_vcg_uid: CURRENT_GROUP, ...def.querystring }, [], true),
      ...(def.body !== undefined ? { body: def.body } : {}),
      response: { 200: def.response },
    },
    preValidation: [requireInventory(deps), ...(def.write ? [requireStoryEditor] : [])],
    // A body whose fields are all optional may be left out; the domain then names what is missing.
    ...(def.body !== undefined
      ? {
          preHandler: async (request: FastifyRequest) => {
            if (request.body === undefined || request.body === null) request.body = {};
          },
        }
      : {}),
    handler: def.handler,
  });
}

/** 400 naming every failing field (spec 002 §5 words) when the story may not be stored. */
function checkedForm(input: StoryInput, base?: Story) {
  const { form, errors } = mergeStory(input, base);
  throwIfInvalid(errors);
  return form;
}

/** The unit's story answer: the selection (or null) and the inventory to pick from. */
async function unitStoryAnswer(deps: RouteDeps, uid: string, inventoryId: string | null) {
  const story = await deps.store.stories.selectedFor(uid);
  const current = story !== undefined && story.inventoryId === inventoryId ? story : null;
  return { uid, inventoryId, storyId: current?.storyId ?? null, story: current };
}

const UNIT_STORY_RESPONSE = objectSchema(
  { uid: { type: 'string' }, inventoryId: { type: ['string', 'null'] }, storyId: { type: ['string', 'null'] }, story: { anyOf: [STORY_SCHEMA, { type: 'null' }] } },
  ['uid', 'inventoryId', 'storyId', 'story'],
);

export const storiesArea: RouteArea = (app, deps) => {
  const repo = () => deps.store.stories;
  const listOf = (request: FastifyRequest, page?: Partial<ListQuery>) => {
    const query = { ...(request.query as ListQuery), ...page };
    return repo().list({
      inventoryId: idOf(request, 'inv'),
      searchKey: query.searchKey,
      ...(query.searchValue !== undefined ? { searchValue: query.searchValue } : {}),
      sortBy: query.sortBy,
      sortDir: query.sortDir,
      limit: query.limit,
      offset: query.offset,
    });
  };

  inventoryRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/inventories/:inv/stories',
    summary: 'Stories of an inventory: search (searchKey default slugline), sort and paging (limit default 50)',
    write: false,
    querystring: LIST_QUERY,
    response: objectSchema(
      { total: { type: 'integer' }, limit: { type: 'integer' }, offset: { type: 'integer' }, stories: { type: 'array', items: STORY_SCHEMA } },
      ['total', 'limit', 'offset', 'stories'],
    ),
    handler: async (request) => {
      const query = request.query as ListQuery;
      const { total, stories } = await listOf(request);
      return { total, limit: query.limit, offset: query.offset, stories };
    },
  });

  inventoryRoute(app, deps, {
    method: 'GET',
    url: '/v2/admin/inventories/:inv/stories/count',
    summary: 'How many stories of an inventory match the search',
    write: false,
    querystring: { searchKey: LIST_QUERY.searchKey, searchValue: LIST_QUERY.searchValue },
    response: objectSchema({ count: { type: 'integer' } }, ['count']),
    handler: async (request) => {
      return { count: (await listOf(request, { limit: 1, offset: 0, sortBy: 'slugline', sortDir: 'asc' })).total };
    },
  });

  inventoryRoute(app, deps, {
    method: 'POST',
    url: '/v2/admin/inventories/:inv/stories',
    summary: 'Add a story (slugline required, every field at most 1024 characters)',
    write: true,
    body: STORY_BODY,
    response: STORY_SCHEMA,
    handler: async (request) => {
      const form = checkedForm(request.body as StoryInput);
      return await repo().insert(`STY-${randomUUID()}`, idOf(request, 'inv'), form, deps.now());
    },
  });

  inventoryRoute(app, deps, {
    method: 'PUT',
    url: '/v2/admin/inventories/:inv/stories/:storyId',
    summary: 'Change a story’s fields (the fields given replace the stored ones)',
    write: true,
    body: STORY_BODY,
    response: STORY_SCHEMA,
    handler: async (request) => {
      const inv = idOf(request, 'inv');
      const storyId = idOf(request, 'storyId');
      const stored = await repo().get(storyId);
      if (stored === undefined || stored.inventoryId !== inv) throw notFound(STORY_MESSAGES.notFound);
      const updated = await repo().update(storyId, inv, checkedForm(request.body as StoryInput, stored), deps.now());
      if (updated === undefined) throw notFound(STORY_MESSAGES.notFound);
      return updated;
    },
  });

  inventoryRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/admin/inventories/:inv/stories/:storyId',
    summary: 'Delete a story (units that had it selected have none afterwards)',
    write: true,
    response: objectSchema({ storyId: { type: 'string' }, deleted: { type: 'boolean' } }, ['storyId', 'deleted']),
    handler: async (request) => {
      const storyId = idOf(request, 'storyId');
      if (!(await repo().delete(storyId, idOf(request, 'inv')))) throw notFound(STORY_MESSAGES.notFound);
      return { storyId, deleted: true };
    },
  });

  unitRoute(app, deps, {
    method: 'GET',
    url: '/v2/units/:id/story',
    summary: 'The story selected for a unit (null when none) and the inventory its stories come from',
    tags: ['units', ...TAGS],
    access: 'read',
    response: UNIT_STORY_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      return unitStoryAnswer(deps, unit.uid, unit.inventoryId);
    },
  });

  unitRoute(app, deps, {
    method: 'PUT',
    url: '/v2/units/:id/story',
    summary: 'Select a story of the unit’s inventory for the unit ({storyId: null} clears it)',
    tags: ['units', ...TAGS],
    access: 'operate',
    body: objectSchema({ storyId: { anyOf: [ID, { type: 'null' }] } }, ['storyId']),
    response: UNIT_STORY_RESPONSE,
    handler: async (request) => {
      const unit = await visibleUnit(deps, request, idOf(request));
      const { storyId } = request.body as { storyId: string | null };
      if (storyId !== null) {
        const problem = storySelectionError(await repo().get(storyId), unit.inventoryId);
        if (problem !== null) throw badRequest(problem, { fields: { storyId: problem } });
      }
      await repo().select(unit.uid, storyId, deps.now());
      return unitStoryAnswer(deps, unit.uid, unit.inventoryId);
    },
  });
};
