/**
 * The channel select of the unit page (spec 000 §3 selChannel / channelId; 001 "placeholder
 * External"): the group's channels by name, and the unit's current channel. A current channel the
 * user cannot see (not among the group's channels) shows as "External" and cannot be picked again.
 */
import { channelDisplayName } from '../../../domain/channels.ts';

export interface KnownChannel {
  readonly id: string;
  /** The channel's name when known; the id stands in otherwise. */
  readonly name: string | undefined;
}

export interface ChannelOption {
  readonly value: string;
  readonly label: string;
  readonly disabled: boolean;
}

export function channelOptions(channels: readonly KnownChannel[], currentId: string | null): ChannelOption[] {
  const options = channels
    .map((channel) => ({ value: channel.id, label: channelDisplayName({ channelName: channel.name ?? channel.id }), disabled: false }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (currentId !== null && !channels.some((channel) => channel.id === currentId)) {
    options.unshift({ value: currentId, label: channelDisplayName(null), disabled: true });
  }
  return options;
}
