import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The error body of every 4xx/5xx answer (src/protocol/rest/common.ts ErrorBody):
 * `{ "error": "<HTTP reason>", "message": "<what is wrong>", "fields"?: { "<field>": "<message>" } }`;
 * `fields` comes with a refused form (schema or domain rule), one spec 002 §5 message per field.
 * Never a stack trace; a 5xx says "Internal Error" (spec 000 §8: HTTP 500 shows "Internal Error").
 */
export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown by route code for an expected refusal; the error handler answers it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields for the answer body (e.g. a spec error code). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** spec 000 §2, 002 §2: the refusal of an action the user's type may not do. */
export const ACCESS_REFUSED = 'You are not allowed to access this application.';

export const badRequest = (message: string, extra?: Record<string, unknown>): HttpError => new HttpError(400, message, extra);
export const unauthorized = (message = 'Sign in first'): HttpError => new HttpError(401, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>): HttpError => new HttpError(409, message, extra);

/**
 * A refused form: 400 (or the given status, e.g. 409 for a name taken) whose `message` is the first
 * field's message and whose `fields` holds every failing field's message. Null when none fails.
 */
export function fieldErrors(fields: Readonly<Record<string, string | null | undefined>>, status = 400): HttpError | null {
  const failing = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const first = failing[0];
  return first === undefined ? null : new HttpError(status, first[1], { fields: Object.fromEntries(failing) });
}

/** Throws fieldErrors(fields) when a field fails. */
export function refuseFields(fields: Readonly<Record<string, string | null | undefined>>, status = 400): void {
  const error = fieldErrors(fields, status);
  if (error !== null) throw error;
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { error: REASONS[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request'), message };
}

/** A byte count as people read a limit: "1 MiB", "4 MiB", "110 KiB", "300 bytes". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes >= 1_024 && bytes % 1_024 === 0) return `${bytes / 1_024} KiB`;
  return `${bytes} bytes`;
}

/** The largest body of the server (app.ts BODY_LIMIT_BYTES); a route may set its own (a bytes upload). */
const DEFAULT_BODY_LIMIT = 1_048_576;

/** The client-facing message for a Fastify-raised error; null when it must not be shown. */
function fastifyMessage(error: FastifyError, request: FastifyRequest): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      break;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "body is empty but content-type is 'application/json'";
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `body is larger than the ${describeBytes(request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT)} limit`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `content-type is not supported; send application/json`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'content-length does not match the body';
    default:
      break;
  }
  if (error.validation) return error.message;
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    // secure-json-parse and JSON.parse messages name the position, never our code.
    return `body is not valid JSON: ${error.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'\s*/, '') || 'malformed'}`;
  }
  return null;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...errorBody(error.statusCode, error.message), ...error.extra });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(500, 'Internal Error'));
    }
    const message = fastifyMessage(error, request) ?? (error.message || REASONS[status] || 'Bad request');
    return reply.code(status).send(errorBody(status, message));
  });
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send(errorBody(statusCode, message));
}
