/**
 * What the socket is subscribed to (issue 4 item 2): the current group's topic plus the topics of
 * every view on screen (visible units and channels). Views register their topic sets by id; a
 * topic stays subscribed while at least one view holds it (a reference count), and is
 * unsubscribed when the last view holding it goes away. The registry only computes the changes;
 * the session sends them in batches (protocol.md: 50 topics per message, or the user property).
 */
import type { Topic } from '../../src/protocol/ops.ts';

export type TopicChanges = { readonly subscribe: readonly Topic[]; readonly unsubscribe: readonly Topic[] };

const NO_CHANGES: TopicChanges = { subscribe: [], unsubscribe: [] };

export class SubscriptionRegistry {
  private readonly views = new Map<string, ReadonlySet<Topic>>();
  private readonly counts = new Map<Topic, number>();

  /** Replaces the topics of view `viewId` (an empty list releases the view). */
  setView(viewId: string, topics: Iterable<Topic>): TopicChanges {
    const next = new Set(topics);
    const previous = this.views.get(viewId) ?? new Set<Topic>();
    const subscribe: Topic[] = [];
    const unsubscribe: Topic[] = [];
    for (const topic of next) {
      if (previous.has(topic)) continue;
      const count = this.counts.get(topic) ?? 0;
      this.counts.set(topic, count + 1);
      if (count === 0) subscribe.push(topic);
    }
    for (const topic of previous) {
      if (next.has(topic)) continue;
      const count = (this.counts.get(topic) ?? 1) - 1;
      if (count <= 0) {
        this.counts.delete(topic);
        unsubscribe.push(topic);
      } else this.counts.set(topic, count);
    }
    if (next.size === 0) this.views.delete(viewId);
    else this.views.set(viewId, next);
    return subscribe.length === 0 && unsubscribe.length === 0 ? NO_CHANGES : { subscribe, unsubscribe };
  }

  /** Releases a view (it went off screen or unmounted). */
  releaseView(viewId: string): TopicChanges {
    return this.setView(viewId, []);
  }

  /** Every topic held by at least one view, in first-subscribed order (re-sent after a reconnect). */
  topics(): Topic[] {
    return [...this.counts.keys()];
  }

  has(topic: Topic): boolean {
    return this.counts.has(topic);
  }
}

export function unitTopic(unitId: string): Topic {
  return `unit:${unitId}`;
}

export function channelTopic(channelId: string): Topic {
  return `channel:${channelId}`;
}

export function groupTopic(groupId: string): Topic {
  return `group:${groupId}`;
}
