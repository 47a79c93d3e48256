/**
 * The channels area's calls (spec 001 §3 Channel, §7 "Channels"). This file starts with what the
 * groups screen needs (the channels of an inventory); the channels issue adds the rest here.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Page, PageQuery } from './common.ts';

const TAGS = ['channels'] as const;

/** A channel as association lists show it: which group it is in, if any. */
export const ChannelRef = Schema.Struct({ id: Id, name: Schema.String, type: Schema.String, groupId: Schema.NullOr(Id), groupName: Schema.NullOr(Schema.String) });
export type ChannelRef = typeof ChannelRef.Type;

export const inventoryChannels = endpoint({
  method: 'GET',
  path: 'admin/inventories/{id}/channels',
  summary: 'Channels of an inventory, paged and searched by name',
  tags: TAGS,
  params: IdParams,
  query: PageQuery(['name'] as const),
  response: Page(ChannelRef),
});
