/**
 * ClusterSignals over core NATS (scale-out deployment): each kind on its own subject
 * (`luc.signal.<kind>`: luc.signal.ownership, luc.signal.session-ended, luc.signal.outbox), the
 * message JSON `{ origin, payload }`. `origin` is this instance's random id: the emitting instance
 * already told its own listeners synchronously, so it drops its own message when NATS hands it
 * back (each instance hears each signal once). A message from elsewhere is decoded against the
 * kind's schema (signals.ts); a bad one is logged and dropped, never delivered.
 *
 * Core NATS delivers at most once: a signal published while the connection is down is lost. That
 * is acceptable for what travels here (a socket left open after a sign-out is closed at its next
 * frame by the session check; the topic authority reloads on an ownership event it missed at the
 * next change; the relay polls every 100 ms anyway).
 */
import { randomUUID } from 'node:crypto';
import { Result, Schema } from 'effect';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { SIGNAL_KINDS, SIGNAL_SCHEMAS, SignalListeners, logToConsole, type ClusterSignals, type SignalKind, type SignalListener, type SignalPayloads } from './signals.ts';

export const SIGNAL_SUBJECT_PREFIX = 'luc.signal.';
/** Largest signal message accepted (bytes): every legitimate one is far smaller. */
export const MAX_SIGNAL_BYTES = 4096;

export const signalSubject = (kind: SignalKind): string => `${SIGNAL_SUBJECT_PREFIX}${kind}`;

export interface NatsClusterSignalsOptions {
  /** This instance's id (default a random UUID); only for tests. */
  origin?: string;
  logError?: (message: string, error: unknown) => void;
  logWarn?: (message: string) => void;
}

const Envelope = Schema.Struct({ origin: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128)), payload: Schema.Unknown });

export class NatsClusterSignals implements ClusterSignals {
  readonly origin: string;
  private readonly listeners: SignalListeners;
  private readonly logError: (message: string, error: unknown) => void;
  private readonly logWarn: (message: string) => void;
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    options: NatsClusterSignalsOptions = {},
  ) {
    this.origin = options.origin ?? randomUUID();
    this.logError = options.logError ?? logToConsole;
    this.logWarn = options.logWarn ?? ((message) => console.warn(message));
    this.listeners = new SignalListeners(this.logError);
    for (const kind of SIGNAL_KINDS) {
      this.subscriptions.push(
        nc.subscribe(signalSubject(kind), {
          callback: (error, msg) => {
            if (error !== null) {
              this.logError(`signal subscription ${signalSubject(kind)} failed`, error);
              return;
            }
            this.receive(kind, msg.data);
          },
        }),
      );
    }
  }

  emit<K extends SignalKind>(kind: K, payload: SignalPayloads[K]): void {
    this.listeners.deliver(kind, payload);
    try {
      this.nc.publish(signalSubject(kind), JSON.stringify({ origin: this.origin, payload }));
    } catch (error) {
      // Closed or draining connection: the other instances miss this one (see above).
      this.logError(`publishing the ${kind} signal failed`, error);
    }
  }

  on<K extends SignalKind>(kind: K, listener: SignalListener<K>): () => void {
    return this.listeners.on(kind, listener);
  }

  /**
   * Resolves once the server has every signal this instance published so far and the
   * subscriptions are registered (a round trip): tests wait on it before emitting elsewhere.
   */
  async flush(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }

  /** Decodes and delivers one message of another instance; drops (and logs) a bad one. */
  private receive(kind: SignalKind, data: Uint8Array): void {
    if (data.byteLength > MAX_SIGNAL_BYTES) {
      this.logWarn(`dropped a ${kind} signal of ${data.byteLength} bytes (more than ${MAX_SIGNAL_BYTES})`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(data));
    } catch {
      this.logWarn(`dropped a ${kind} signal that is not JSON`);
      return;
    }
    const envelope = Schema.decodeUnknownResult(Envelope)(json);
    if (Result.isFailure(envelope)) {
      this.logWarn(`dropped a ${kind} signal without origin and payload`);
      return;
    }
    if (envelope.success.origin === this.origin) return; // told locally when emitted
    const payload = Schema.decodeUnknownResult(SIGNAL_SCHEMAS[kind])(envelope.success.payload, { onExcessProperty: 'error' });
    if (Result.isFailure(payload)) {
      this.logWarn(`dropped a ${kind} signal from ${envelope.success.origin}: ${String(payload.failure).slice(0, 300)}`);
      return;
    }
    this.listeners.deliver(kind, payload.success as SignalPayloads[typeof kind]);
  }
}
