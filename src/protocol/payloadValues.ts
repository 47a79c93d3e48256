/**
 * The value lists of the event payloads (payloads.ts builds its Schemas from them), in a module of
 * their own without effect, so that the structural guards (payloadGuards.ts, envelopeGuard.ts) load
 * without the Schema library: the replay summary's reader threads (replay/summaryWorker.ts) start
 * ~150 ms sooner without it (docs/performance.md §1).
 */

/** Link types (spec 000 §3 "Links": types wifi, lan, cell) and SIM slots (SIM A or B). */
export const LINK_TYPES = ['wifi', 'lan', 'cell'] as const;
export const SIM_SLOTS = ['A', 'B'] as const;

/** Speed-test states: running, done, failed, cancelled (spec 000 §8 "test cancelled"). */
export const SPEED_TEST_STATES = ['running', 'done', 'failed', 'cancelled'] as const;

/** Social status values (spec 001 §4: UNPUBLISHED, shown as PREVIEW, and LIVE). */
export const SOCIAL_STATUSES = ['UNPUBLISHED', 'LIVE'] as const;
