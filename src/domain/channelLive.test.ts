/**
 * Property: the channel counters the worker keeps live (one channel out, the same channel in, per
 * channel.status / channel.config event: applyChannelCountChange) always equal the counters
 * computed from scratch over every channel (channelCounters of channels.ts), whatever the order
 * and content of the events, including unknown status values and channels heard of only by one
 * aspect.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChannelCountChange, channelCountOf, channelFromLive, type LiveChannelFacts } from './channelLive.ts';
import { channelCounters, emptyChannelCounters, CHANNEL_STATUSES } from './channels.ts';

const CHANNEL_IDS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const;

const statusEvent = fc.record({
  kind: fc.constant('channel.status' as const),
  id: fc.constantFrom(...CHANNEL_IDS),
  data: fc.record({ status: fc.oneof(fc.constantFrom(...CHANNEL_STATUSES), fc.constant('somethingNew')) }),
});

const configEvent = fc.record({
  kind: fc.constant('channel.config' as const),
  id: fc.constantFrom(...CHANNEL_IDS),
  data: fc.record(
    {
      output: fc.boolean(),
      preview: fc.boolean(),
      distributor: fc.boolean(),
      forceOutput: fc.boolean(),
      sharing: fc.boolean(),
      ndi: fc.boolean(),
      sdiNo: fc.option(fc.integer({ min: 1, max: 16 }), { nil: null }),
      flavor: fc.option(fc.constantFrom('2110-20', '2110-22'), { nil: null }),
      cdnName: fc.option(fc.constantFrom('YT', 'FB'), { nil: null }),
    },
    { requiredKeys: [] },
  ),
});

describe('live channel counters (one channel out, one in) equal the counters from scratch', () => {
  it('after every event of any sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(statusEvent, configEvent), { maxLength: 200 }), (events) => {
        const facts = new Map<string, LiveChannelFacts>();
        const live = emptyChannelCounters();
        for (const event of events) {
          const before = facts.get(event.id);
          const after: LiveChannelFacts = { id: event.id, ...before, ...(event.kind === 'channel.status' ? { status: event.data } : { config: event.data }) };
          facts.set(event.id, after);
          applyChannelCountChange(live, before === undefined ? undefined : channelCountOf(channelFromLive(before)), channelCountOf(channelFromLive(after)));
          expect(live).toEqual(channelCounters([...facts.values()].map(channelFromLive)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a channel taken out leaves the counters as if it never was', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(statusEvent, configEvent), { minLength: 1, maxLength: 60 }), fc.constantFrom(...CHANNEL_IDS), (events, gone) => {
        const facts = new Map<string, LiveChannelFacts>();
        for (const event of events) facts.set(event.id, { id: event.id, ...facts.get(event.id), ...(event.kind === 'channel.status' ? { status: event.data } : { config: event.data }) });
        const live = channelCounters([...facts.values()].map(channelFromLive));
        const removed = facts.get(gone);
        if (removed !== undefined) applyChannelCountChange(live, channelCountOf(channelFromLive(removed)), undefined);
        facts.delete(gone);
        expect(live).toEqual(channelCounters([...facts.values()].map(channelFromLive)));
      }),
    );
  });
});
