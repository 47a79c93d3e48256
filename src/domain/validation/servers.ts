/**
 * Server administration fields. spec 001 §5 and §9: server max channels 8-24; output licence
 * "server supports up to {0} output channels" (the rule lives with the channels: channels.ts).
 */
import type { FieldCheck } from './check.ts';
import { firstError } from './check.ts';
import { integer, maxValue, minValue, number, requiredNumber, type NumberInput } from './fields.ts';
import { SERVER_MAX_CHANNELS_MAX, SERVER_MAX_CHANNELS_MIN } from '../constants.ts';

export { OUTPUT_LICENCE_MESSAGE as OUTPUT_LICENCE_LIMIT, outputLicenceError } from '../channels.ts';

/** spec 001 §5 and §9: channels per server. */
export const SERVER_MAX_CHANNELS = { min: SERVER_MAX_CHANNELS_MIN, max: SERVER_MAX_CHANNELS_MAX } as const;

/** Max channels: a whole number 8-24 ("Must be 8 or more" / "Must be 24 or less"). */
export const serverMaxChannels: FieldCheck<NumberInput> = (value) =>
  firstError<NumberInput>(value, [
    requiredNumber,
    number,
    integer,
    minValue(SERVER_MAX_CHANNELS.min),
    maxValue(SERVER_MAX_CHANNELS.max),
  ]);
