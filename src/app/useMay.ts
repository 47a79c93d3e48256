/**
 * The console's side of the permissions table (src/domain/roles/permissions.ts): whether the
 * signed-in user may do an action, from the roles of the client configuration (spec 002 §3
 * loggedUserRoles). Controls the user may not use are hidden or disabled with this; the server
 * refuses the same calls with the same table.
 */
import { useClientConfiguration } from '../api/queries.ts';
import { may, type Action } from '../domain/roles/permissions.ts';

export function useMay(action: Action): boolean {
  const roles = useClientConfiguration().data?.loggedUserRoles ?? [];
  return may(roles, action);
}
