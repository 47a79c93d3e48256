/**
 * Scopes: which tenant data a call is about, checked before its handler runs, so that no handler
 * has to remember it. Each scope names where the id comes from (a path parameter, a query or body
 * field), loads the entity and hands it to the handler, or refuses:
 * - self: the caller's own record, nothing named;
 * - tenant: a listing the handler limits with ctx.tenancy (tenancy.ts);
 * - system: every tenant (only for actions the permissions table gives the super user);
 * - group (member): the group the call acts in must be one of the caller's groups (403 otherwise,
 *   as the API gate answers for crnt_vcg_uid); 400 when the call names none;
 * - group (admin): the group must be one the caller administers (tenancy.ts); unknown and foreign
 *   groups get the same 404, so ids of other tenants leak nothing;
 * - inventory: the inventory must be one of the caller's (404 otherwise, likewise);
 * - unit: the unit must be visible to the caller (its group is theirs, or it has no group and its
 *   inventory is theirs); 404 otherwise.
 * - user: the user must belong to one of the caller's inventories (a super user: any user); 404
 *   otherwise, the same for unknown and foreign users.
 * - channel (operating): as a unit, its group is one of the caller's, or it has no group and its
 *   inventory is theirs; channel (administering): any channel of the caller's groups or inventories
 *   (a super user: any); 404 otherwise, the same for unknown and foreign channels.
 */
import type { FastifyRequest } from 'fastify';
import type { RouteDeps } from '../areas/deps.ts';
import type { Group } from '../areas/groups/repo.ts';
import type { Inventory } from '../areas/inventories/repo.ts';
import type { StoredUnit } from '../areas/units/repo.ts';
import type { User } from '../areas/users/repo.ts';
import type { ChannelRow } from '../areas/channels/repo.ts';
import { badRequest, forbidden, notFound } from './errors.ts';
import type { RequestAuth } from './requestAuth.ts';
import { administersGroup, seesInventory, type Tenancy } from './tenancy.ts';

/** Where a scope finds the id it checks. */
export type InputRef = `params.${string}` | `query.${string}` | `body.${string}`;

export interface ScopeInput {
  readonly request: FastifyRequest;
  readonly deps: RouteDeps;
  readonly auth: RequestAuth;
  readonly tenancy: Tenancy;
}

export interface ScopeRule<Scoped> {
  readonly kind: 'self' | 'tenant' | 'system' | 'group' | 'inventory' | 'unit' | 'user' | 'channel' | 'vrChannel' | 'server';
  /** Where the id comes from, for the OpenAPI document and the authorization tests. */
  readonly from: readonly InputRef[];
  /** Loads the scoped entity or throws the refusal (HttpError). */
  resolve(input: ScopeInput): Promise<Scoped>;
}

/** The raw text of an input field (before validation: ids are checked as text here). */
export function inputText(request: FastifyRequest, ref: InputRef): string | undefined {
  const [part, ...rest] = ref.split('.');
  const name = rest.join('.');
  const source = (part === 'params' ? request.params : part === 'query' ? request.query : request.body) as Record<string, unknown> | null | undefined;
  const value = source?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const NOTHING = async () => ({});

export const SELF: ScopeRule<object> = { kind: 'self', from: [], resolve: NOTHING };
export const TENANT: ScopeRule<object> = { kind: 'tenant', from: [], resolve: NOTHING };
export const SYSTEM: ScopeRule<object> = { kind: 'system', from: [], resolve: NOTHING };

/** Short text of an id for a message (an id can be up to 128 characters). */
const shown = (id: string): string => id.slice(0, 64);

/**
 * The group a call acts in, as its operator: the first of `from` that the call carries. Every group
 * the call names must be one of the caller's groups (403).
 */
export function memberGroup(...from: InputRef[]): ScopeRule<{ groupId: string }> {
  return {
    kind: 'group',
    from,
    async resolve({ request, tenancy }) {
      const named = from.map((ref) => inputText(request, ref)).filter((id): id is string => id !== undefined);
      const acting = named[0];
      if (acting === undefined) throw badRequest(`${from[from.length - 1] ?? 'query.crnt_vcg_uid'} is required`);
      const foreign = named.find((id) => !tenancy.groupIds.has(id));
      if (foreign !== undefined) throw forbidden(`Group '${shown(foreign)}' is not one of your groups`);
      return { groupId: acting };
    },
  };
}

/** The group a call administers (admin screens): a member's group or any group of the caller's inventories. */
export function administeredGroup(from: InputRef): ScopeRule<{ group: Group }> {
  return {
    kind: 'group',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const group = await deps.store.groups.get(id);
      if (group === undefined || !administersGroup(tenancy, group)) throw notFound(`Group '${shown(id)}' not found`);
      return { group };
    },
  };
}

/** The inventory a call is about; one of the caller's inventories (a super user: any). */
export function ownInventory(from: InputRef): ScopeRule<{ inventory: Inventory }> {
  return {
    kind: 'inventory',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const inventory = await deps.store.inventories.get(id);
      if (inventory === undefined || !seesInventory(tenancy, inventory.id)) throw notFound(`Inventory '${shown(id)}' not found`);
      return { inventory };
    },
  };
}

/** True when the caller may see the unit: its group is theirs, or it has no group and its inventory is theirs. */
export function unitVisible(tenancy: Tenancy, unit: Pick<StoredUnit, 'groupId' | 'inventoryId'>): boolean {
  if (unit.groupId !== null) return tenancy.groupIds.has(unit.groupId);
  return unit.inventoryId !== null && (tenancy.all || tenancy.inventoryIds.has(unit.inventoryId));
}

/** The unit a call is about; unknown and foreign units get the same 404. */
export function visibleUnitScope(from: InputRef = 'params.id'): ScopeRule<{ unit: StoredUnit }> {
  return {
    kind: 'unit',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const unit = await deps.store.units.get(id);
      if (unit === undefined || !unitVisible(tenancy, unit)) throw notFound(`Unit '${shown(id)}' not found`);
      return { unit };
    },
  };
}

/** The user an administration call is about: a user of one of the caller's inventories (a super user: any). */
export function administeredUser(from: InputRef): ScopeRule<{ user: User }> {
  return {
    kind: 'user',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const user = await deps.store.users.get(id);
      const administered = user !== undefined && (tenancy.all || (await deps.store.users.inventoryIdsOfUser(user.id)).some((inv) => tenancy.inventoryIds.has(inv)));
      if (user === undefined || !administered) throw notFound(`User '${shown(id)}' not found`);
      return { user };
    },
  };
}

/** True when the caller operates the channel: its group is theirs, or it has no group and its inventory is theirs. */
export function channelVisible(tenancy: Tenancy, channel: { readonly groupId: string | null; readonly inventoryId: string | null }): boolean {
  if (tenancy.all) return true;
  if (channel.groupId !== null) return tenancy.groupIds.has(channel.groupId);
  return channel.inventoryId !== null && tenancy.inventoryIds.has(channel.inventoryId);
}

/** True when the caller administers the channel: it is in one of their groups or inventories. */
export function channelAdministered(tenancy: Tenancy, channel: { readonly groupId: string | null; readonly inventoryId: string | null }): boolean {
  return tenancy.all || (channel.groupId !== null && tenancy.groupIds.has(channel.groupId)) || (channel.inventoryId !== null && tenancy.inventoryIds.has(channel.inventoryId));
}

function channelScope(from: InputRef, sees: (tenancy: Tenancy, channel: ChannelRow['channel']) => boolean): ScopeRule<{ channel: ChannelRow }> {
  return {
    kind: 'channel',
    from: [from],
    async resolve({ request, deps, tenancy }) {
      const id = inputText(request, from);
      if (id === undefined) throw badRequest(`${from} is required`);
      const row = await deps.store.channels.row(id);
      if (row === undefined || !sees(tenancy, row.channel)) throw notFound(`Channel '${shown(id)}' not found`);
      return { channel: row };
    },
  };
}

/** The channel an operator's call is about (Manage Channels, its dialogs); unknown and foreign channels get the same 404. */
export function visibleChannel(from: InputRef = 'params.id'): ScopeRule<{ channel: ChannelRow }> {
  return channelScope(from, channelVisible);
}

/** The channel an administration call is about: any of the caller's groups or inventories. */
export function administeredChannel(from: InputRef = 'params.id'): ScopeRule<{ channel: ChannelRow }> {
  return channelScope(from, channelAdministered);
}
