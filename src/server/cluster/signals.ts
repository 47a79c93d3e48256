/**
 * Signals between the instances of one deployment (issue 18): facts every instance must act on at
 * once but nobody needs to replay, so they travel on core NATS (at most once, no stream) in the
 * scale-out deployment and stay in the process in the embedded one.
 *
 * - ownership: a unit, channel or user moved (src/server/ownership.ts); every instance's topic
 *   authority and open sockets follow;
 * - session-ended: a sign-out, a deactivation or a password change ended a session; every instance
 *   closes that session's sockets;
 * - outbox: a write committed outbox rows; the relay (on the fleet owner) drains at once instead of
 *   at its next poll.
 *
 * `emit` tells this instance's listeners synchronously, before it returns (a route's answer comes
 * after its listeners ran, as before), then the other instances; an instance never hears its own
 * signal twice. A listener's failure is its own: the others still hear the signal.
 */
import { Schema } from 'effect';
import type { OwnershipChange } from '../ownership.ts';

export interface SignalPayloads {
  ownership: OwnershipChange;
  'session-ended': { readonly sessionId: string };
  outbox: Record<string, never>;
}

export type SignalKind = keyof SignalPayloads;
export const SIGNAL_KINDS: readonly SignalKind[] = ['ownership', 'session-ended', 'outbox'];

export type SignalListener<K extends SignalKind> = (payload: SignalPayloads[K]) => void;

export interface ClusterSignals {
  /** Tells this instance's listeners (synchronously) and every other instance's. */
  emit<K extends SignalKind>(kind: K, payload: SignalPayloads[K]): void;
  /** Listens to a kind, whichever instance emitted it; answers the unsubscribe function. */
  on<K extends SignalKind>(kind: K, listener: SignalListener<K>): () => void;
  /** Stops hearing other instances (the connection itself belongs to the caller). */
  close(): Promise<void>;
}

/** Ids and names in signals: bounded like the store's ids. */
const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(255));
const NullableId = Schema.NullOr(Id);

const OwnershipPayload = Schema.Union([
  Schema.Struct({ kind: Schema.Literal('unit'), uid: Id, groupId: NullableId, inventoryId: NullableId, removed: Schema.optionalKey(Schema.Boolean) }),
  Schema.Struct({ kind: Schema.Literal('channel'), id: Id, groupId: NullableId, removed: Schema.optionalKey(Schema.Boolean) }),
  Schema.Struct({ kind: Schema.Literal('user'), userId: Id }),
  Schema.Struct({ kind: Schema.Literal('group-removed'), groupId: Id }),
]);

/** The payload schema of each kind: what a signal from another instance must look like. */
export const SIGNAL_SCHEMAS: { readonly [K in SignalKind]: Schema.Codec<SignalPayloads[K], unknown> } = {
  ownership: OwnershipPayload,
  'session-ended': Schema.Struct({ sessionId: Id }),
  outbox: Schema.Struct({}),
};

/** Listeners per kind, each called in subscription order; shared by both implementations. */
export class SignalListeners {
  private readonly byKind = new Map<SignalKind, Set<(payload: never) => void>>();

  constructor(private readonly logError: (message: string, error: unknown) => void) {}

  on<K extends SignalKind>(kind: K, listener: SignalListener<K>): () => void {
    let set = this.byKind.get(kind);
    if (set === undefined) {
      set = new Set();
      this.byKind.set(kind, set);
    }
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  deliver<K extends SignalKind>(kind: K, payload: SignalPayloads[K]): void {
    const set = this.byKind.get(kind);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        (listener as SignalListener<K>)(payload);
      } catch (error) {
        this.logError(`${kind} signal listener failed`, error);
      }
    }
  }
}

export const logToConsole = (message: string, error: unknown): void => console.error(message, error);

/** The embedded deployment's signals: one process, so emitting is telling the local listeners. */
export class LocalClusterSignals implements ClusterSignals {
  private readonly listeners: SignalListeners;

  constructor(logError: (message: string, error: unknown) => void = logToConsole) {
    this.listeners = new SignalListeners(logError);
  }

  emit<K extends SignalKind>(kind: K, payload: SignalPayloads[K]): void {
    this.listeners.deliver(kind, payload);
  }

  on<K extends SignalKind>(kind: K, listener: SignalListener<K>): () => void {
    return this.listeners.on(kind, listener);
  }

  async close(): Promise<void> {}
}
