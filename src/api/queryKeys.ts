/**
 * The query keys of the shell's REST resources (queries.ts binds each to its call), in a module
 * without the calls: the sign-in page and the router drop and set session data by these keys
 * without loading the REST layer (docs/performance.md §7q).
 */

/** Everything under 'session' belongs to the signed-in user and is dropped on sign-in and sign-out. */
export const queryKeys = {
  session: ['session'],
  currentUser: ['session', 'currentUser'],
  configuration: ['session', 'clientConfiguration'],
  applicationUrls: ['session', 'applicationUrls'],
  preferences: ['session', 'preferences'],
  notifications: ['session', 'notifications'],
  groups: ['session', 'groups'],
} as const;
