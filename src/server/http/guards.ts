import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { inRoleSet, ROLE_SETS, type RoleSetName } from '../../domain/roles/roleSets.ts';
import type { UserType } from '../../domain/roles/userTypes.ts';
import { badRequest, forbidden, notFound, unauthorized } from './errors.ts';
import { authOf } from './requestAuth.ts';

/** spec 000 §2, 002 §2: "You are not allowed to access this application." */
export const ACCESS_REFUSED = 'You are not allowed to access this application.';

/**
 * The groups a call names: the `crnt_vcg_uid` query parameter of spec 000 §7 and 002 §7, and the
 * group the call is about (`groupId` in query or path, `gid` in path). The acting group is the
 * one the call is about, else the current group.
 */
export function groupIdsOf(request: FastifyRequest): { acting: string | undefined; all: string[] } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const current = text(query['crnt_vcg_uid']);
  const named = [text(params['groupId']), text(params['gid']), text(query['groupId'])].filter((v): v is string => v !== undefined);
  const all = [...named, ...(current !== undefined ? [current] : [])];
  return { acting: named[0] ?? current, all };
}

/**
 * Pre-handler: the call must name a group (see groupIdsOf) and every group it names must be one of
 * the caller's groups. 400 when none is named, 403 for a group of someone else (existing or not:
 * no existence leak). Sets request.groupId to the acting group.
 */
export function requireGroup(): preHandlerAsyncHookHandler {
  return async function requireGroupHandler(request) {
    const auth = request.auth;
    if (auth === null) throw unauthorized();
    const { acting, all } = groupIdsOf(request);
    if (acting === undefined) throw badRequest('query.crnt_vcg_uid is required');
    const foreign = all.find((g) => !auth.principal.groupIds.includes(g));
    if (foreign !== undefined) throw forbidden(`Group '${foreign.slice(0, 64)}' is not one of your groups`);
    request.groupId = acting;
  };
}

/** Pre-handler: the caller must hold one member of the role set (spec 002 §6 role sets). */
export function requireRole(set: RoleSetName | readonly UserType[]): preHandlerAsyncHookHandler {
  const members: readonly UserType[] = typeof set === 'string' ? ROLE_SETS[set] : set;
  return async function requireRoleHandler(request) {
    const auth = request.auth;
    if (auth === null) throw unauthorized();
    const allowed = typeof set === 'string' ? inRoleSet(auth.roles, set) : auth.roles.some((r) => members.includes(r));
    if (!allowed) throw forbidden(ACCESS_REFUSED);
  };
}

/**
 * Pre-handler for unit routes: the unit named by the path parameter `param` must belong to one of
 * the caller's groups. An unknown unit and another group's unit get the same 404, so ids of other
 * groups leak nothing.
 */
export function requireUnit(groupOfUnit: (uid: string) => Promise<string | undefined> | string | undefined, param = 'id'): preHandlerAsyncHookHandler {
  return async function requireUnitHandler(request) {
    const auth = authOf(request);
    const uid = ((request.params ?? {}) as Record<string, unknown>)[param];
    if (typeof uid !== 'string' || uid === '') throw badRequest(`params.${param} is required`);
    const groupId = await groupOfUnit(uid);
    if (groupId === undefined || !auth.principal.groupIds.includes(groupId)) throw notFound(`Unit '${uid}' not found`);
  };
}
