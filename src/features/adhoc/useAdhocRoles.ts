import { useClientConfiguration } from '../../api/queries.ts';
import { hasConsoleAccess, isReadOnly, showsModalApplyOk } from '../../domain/roles/roleSets.ts';

/**
 * What the signed-in user may do here: write (console users who are not read-only, spec 000 §6:
 * "Read-only users cannot change anything") and see Apply / OK (spec 002 §5 "Modal footer":
 * only users with the luc_regular role).
 */
export function useAdhocRoles(): { canWrite: boolean; showApplyOk: boolean } {
  const roles = useClientConfiguration().data?.loggedUserRoles ?? [];
  return { canWrite: hasConsoleAccess(roles) && !isReadOnly(roles), showApplyOk: showsModalApplyOk(roles) };
}
