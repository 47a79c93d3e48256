/**
 * The method and path of the two calls the sign-in page makes (auth.ts's `login`, account.ts's
 * `fetchCurrentUserDetails`), in a module without Schemas: those endpoints are built from these,
 * and the sign-in page sends its calls with them before the REST layer and effect have loaded
 * (src/api/signIn.ts; issue 15 item 6, docs/performance.md §7q).
 */
export const LOGIN_CALL = { method: 'POST', path: 'auth/login' } as const;
export const CURRENT_USER_CALL = { method: 'GET', path: 'users/fetch_current_user_details' } as const;
