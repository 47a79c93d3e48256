import { defaultPreferences, mergePreferences } from '../../domain/preferences.ts';
import { authOf } from '../http/requestAuth.ts';
import type { RouteArea } from './area.ts';

/**
 * JSON schema of a preferences body, derived from the domain's own defaults so it follows the
 * UserPreferences type: every known field with the JSON type of its default (a null default takes
 * a string, a number or null), no unknown fields. A body of the wrong shape is a 400 and nothing is
 * stored; a well-typed body is then sanitised by mergePreferences (unknown list values dropped).
 */
export function preferencesBodySchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(defaultPreferences())) {
    properties[key] =
      value === null
        ? { type: ['string', 'number', 'null'], maxLength: 2048 }
        : Array.isArray(value)
          ? { type: 'array', maxItems: 1000 }
          : { type: typeof value === 'object' ? 'object' : typeof value };
  }
  return { type: 'object', additionalProperties: false, properties };
}

const PREFERENCES_RESPONSE = { type: 'object', additionalProperties: true } as const;

/** spec 002 §3, §7: GET and PUT userPreferences/vue. */
export const preferencesArea: RouteArea = (app, deps) => {
  app.get(
    '/userPreferences/vue',
    { schema: { summary: 'The signed-in user’s preferences (defaults filled in)', tags: ['preferences'], response: { 200: PREFERENCES_RESPONSE } } },
    async (request) => mergePreferences(await deps.store.preferences.get(authOf(request).user.id)),
  );

  app.put<{ Body: Record<string, unknown> }>(
    '/userPreferences/vue',
    {
      schema: {
        summary: 'Save preferences: the given fields replace the stored ones, the others are kept',
        tags: ['preferences'],
        body: preferencesBodySchema(),
        response: { 200: PREFERENCES_RESPONSE },
      },
    },
    async (request) => {
      const userId = authOf(request).user.id;
      const stored = (await deps.store.preferences.get(userId)) ?? {};
      const merged = mergePreferences({ ...stored, ...request.body });
      await deps.store.preferences.put(userId, merged as unknown as Record<string, unknown>, deps.now());
      return merged;
    },
  );
};
