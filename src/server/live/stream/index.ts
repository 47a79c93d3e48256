/**
 * One call for main.ts: the scale-out event bus of this process (issue 18).
 *
 * role 'owner' (the one process running the fleet: `npm run simulator` or LUC_SIMULATOR=1) gets a
 * StreamPublisher and a bus whose publish goes to it; role 'front' gets a bus that only reads
 * (publish throws NOT_THE_OWNER). Both read the stream through a StreamBus. The owner brings the
 * stream's limits to the configured ones; a front only creates the stream when it is missing, so
 * two configurations never fight over it.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { LiveBus } from '../bus.ts';
import { HISTORY_MAX_AGE_MS, HISTORY_MAX_EVENTS } from '../bus.ts';
import { EVENT_STREAM, ensureEventStream, openNats, stderrLog, type BusLog } from './connection.ts';
import { StreamPublisher, type StreamPublisherOptions } from './publisher.ts';
import { StreamBus, type StreamBusOptions } from './streamBus.ts';

export { NOT_THE_OWNER, StreamBus } from './streamBus.ts';
export { StreamPublisher } from './publisher.ts';
export { EVENT_STREAM, ensureEventStream, openNats } from './connection.ts';

export interface OpenStreamBusOptions {
  /** LUC_BUS_URL. */
  url: string;
  role: 'owner' | 'front';
  /** This process's name in NATS monitoring (e.g. 'luc-console-8080'). */
  name: string;
  /** LUC_STREAM_MAX_AGE_S and LUC_STREAM_MAX_MSGS. */
  streamMaxAgeS: number;
  streamMaxMsgs: number;
  log?: BusLog;
  /** Passed on (tests tune bounds). */
  publisher?: Omit<StreamPublisherOptions, 'log'>;
  bus?: Omit<StreamBusOptions, 'publisher' | 'log'>;
}

export interface OpenedStreamBus {
  bus: LiveBus;
  /** The owner's publisher (flush() for the outbox relay); undefined on a front. */
  publisher?: StreamPublisher;
  nc: NatsConnection;
  /** Waits (bounded) for the owner's publishes to be stored, stops reading, closes the connection. */
  close(): Promise<void>;
}

export async function openStreamBus(options: OpenStreamBusOptions): Promise<OpenedStreamBus> {
  const log = options.log ?? stderrLog;
  const nc = await openNats(options.url, options.name, log);
  try {
    const jsm = await jetstreamManager(nc);
    const limits = { maxAgeS: options.streamMaxAgeS, maxMsgs: options.streamMaxMsgs };
    if (options.role === 'owner') await ensureEventStream(jsm, limits);
    else await jsm.streams.info(EVENT_STREAM).catch(() => ensureEventStream(jsm, limits));
    const publisher = options.role === 'owner' ? new StreamPublisher(nc, { ...options.publisher, log }) : undefined;
    const streamBus = await StreamBus.open(nc, {
      // The ring answers only what the stream still holds.
      ringMaxEvents: Math.min(HISTORY_MAX_EVENTS, options.streamMaxMsgs),
      ringMaxAgeMs: Math.min(HISTORY_MAX_AGE_MS, options.streamMaxAgeS * 1000),
      ...options.bus,
      ...(publisher === undefined ? {} : { publisher }),
      log,
    });
    return {
      bus: streamBus,
      ...(publisher === undefined ? {} : { publisher }),
      nc,
      async close() {
        await publisher?.close();
        await streamBus.close();
        await nc.drain().catch(() => nc.close());
      },
    };
  } catch (error) {
    await nc.close();
    throw error;
  }
}
