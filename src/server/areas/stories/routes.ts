/**
 * The stories area's routes: one `defineRoute` per endpoint of src/protocol/rest/stories.ts, HTTP
 * only. The inventory calls are scoped by `{inv}` (one of the caller's inventories, else 404 like
 * an unknown one); story writes are refused, before their body is read, to the user types the
 * permissions table does not give 'stories.edit', with the story's own words (see storyScope). The
 * unit calls are scoped by the unit; choosing a unit's story is a unit change ('units.operate').
 */
import { may } from '../../../domain/roles/permissions.ts';
import { STORY_MESSAGES, STORY_SEARCH_KEYS, STORY_SORT_KEYS } from '../../../domain/stories.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/stories.ts';
import { forbidden } from '../../http/errors.ts';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, visibleUnitScope, type ScopeRule } from '../../http/scope.ts';
import type { Inventory } from '../inventories/repo.ts';
import type { RouteDeps } from '../deps.ts';
import { StoryService } from './service.ts';

/**
 * `{inv}` of the caller's inventories (404 otherwise); for a write, the caller must also be granted
 * 'stories.edit' (spec 001 §6), else 403 "Your user type cannot add, delete or configure stories".
 * It is checked here, with the scope, so that it comes before the body is validated (a refused
 * user learns nothing from a validation message) and keeps its own words; the route's access
 * action ('stories.write') lets every signed-in user reach this check.
 */
function storyScope(write: boolean): ScopeRule<{ inventory: Inventory }> {
  const inventory = ownInventory('params.inv');
  return {
    ...inventory,
    async resolve(input) {
      const scoped = await inventory.resolve(input);
      if (write && !may(input.auth.roles, 'stories.edit')) throw forbidden(STORY_MESSAGES.editingRefused);
      return scoped;
    },
  };
}

export function storyRoutes(deps: RouteDeps): RouteDefinition[] {
  const stories = new StoryService(deps.store, deps.now);
  const reading = storyScope(false);
  const writing = storyScope(true);

  return [
    defineRoute(api.listStories, {
      access: 'stories.read',
      scope: reading,
      handler: ({ query, scoped }) => stories.page(scoped.inventory.id, pageRequest(query, STORY_SEARCH_KEYS, STORY_SORT_KEYS)),
    }),
    defineRoute(api.countStories, {
      access: 'stories.read',
      scope: reading,
      handler: async ({ query, scoped }) => {
        const { searchKey, searchValue } = pageRequest(query, STORY_SEARCH_KEYS, STORY_SORT_KEYS);
        return { count: await stories.count(scoped.inventory.id, searchKey, searchValue) };
      },
    }),
    defineRoute(api.createStory, { access: 'stories.write', scope: writing, handler: ({ body, scoped }) => stories.create(scoped.inventory.id, body) }),
    defineRoute(api.updateStory, { access: 'stories.write', scope: writing, handler: ({ params, body, scoped }) => stories.update(scoped.inventory.id, params.storyId, body) }),
    defineRoute(api.deleteStory, { access: 'stories.write', scope: writing, handler: ({ params, scoped }) => stories.remove(scoped.inventory.id, params.storyId) }),

    // ── The story of a unit ──
    defineRoute(api.getUnitStory, { access: 'units.read', scope: visibleUnitScope('params.id'), handler: ({ scoped }) => stories.ofUnit(scoped.unit) }),
    defineRoute(api.selectUnitStory, { access: 'units.operate', scope: visibleUnitScope('params.id'), handler: ({ body, scoped }) => stories.select(scoped.unit, body.storyId) }),
  ];
}
