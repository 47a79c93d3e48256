import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The error body of every 4xx/5xx answer: `{ "error": "<HTTP reason>", "message": "<what is wrong>" }`.
 * Never a stack trace; a 5xx says "Internal Error" (spec 000 §8: HTTP 500 shows "Internal Error").
 */
export interface ErrorBody {
  error: string;
  message: string;
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

export const badRequest = (message: string, extra?: Record<string, unknown>): HttpError => new HttpError(400, message, extra);
export const unauthorized = (message = 'Sign in first'): HttpError => new HttpError(401, message);
export const forbidden = (message: string): HttpError => new HttpError(403, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>): HttpError => new HttpError(409, message, extra);

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { error: REASONS[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request'), message };
}

/** The client-facing message for a Fastify-raised error; null when it must not be shown. */
function fastifyMessage(error: FastifyError): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      break;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "body is empty but content-type is 'application/json'";
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body is larger than the 1 MiB limit';
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
    const message = fastifyMessage(error) ?? (error.message || REASONS[status] || 'Bad request');
    return reply.code(status).send(errorBody(status, message));
  });
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send(errorBody(statusCode, message));
}
