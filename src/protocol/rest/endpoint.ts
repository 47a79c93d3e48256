/**
 * One REST endpoint as one value: its method, its path under /luc/luc-core-web/rest, and an effect
 * Schema for each part (path parameters, query, body, answer). It is the single source of the
 * contract: the server derives Fastify's validation and the OpenAPI document from it and types its
 * handler with it (src/server/http/route.ts); the console calls it through `call(endpoint, input)`
 * (src/api/call.ts), which builds the URL from it and decodes the answer with it.
 *
 * Wire rule: every schema here describes plain JSON whose decoded and encoded forms are the same
 * (no transformations), so the server can answer a handler's value as is and the console can send
 * what it typed. Query values arrive as text; the server's validator turns "50" into 50 before the
 * Schema sees it, so query schemas say what the value means (an integer), not how it travels.
 */
import type { Schema } from 'effect';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A schema of plain JSON with no services (every schema of the REST contract). */
export type WireSchema = Schema.Codec<unknown, unknown, never, never>;

export interface Endpoint<
  P extends WireSchema | undefined = WireSchema | undefined,
  Q extends WireSchema | undefined = WireSchema | undefined,
  B extends WireSchema | undefined = WireSchema | undefined,
  R extends WireSchema = WireSchema,
  X extends BytesBody | undefined = BytesBody | undefined,
> {
  readonly method: Method;
  /** Relative to the REST prefix, OpenAPI style: `v2/admin/groups/{id}`. */
  readonly path: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  readonly description?: string;
  /** The area the endpoint belongs to (OpenAPI tag), e.g. `groups`. */
  readonly tags: readonly string[];
  /** Path parameters: a Struct with one field per `{name}` of the path. */
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The answer of a 2xx. */
  readonly response: R;
  /** Sign-in and the OpenAPI document: no session needed. */
  readonly public?: boolean;
  /** The OpenAPI document itself: no Application-Id needed. */
  readonly noApplicationId?: boolean;
  /**
   * The answer is not JSON but this content type (an SVG preview, an NDJSON log); `response` is
   * then `Schema.String` and the handler answers the text or a stream.
   */
  readonly produces?: string;
  /** The status of a successful answer (201 for a creation when the spec's client expects it). */
  readonly successStatus?: 200 | 201;
  /**
   * The request body is bytes, not JSON (an uploaded image): sent with this content type, at most
   * `maxBytes`. `body` is then undefined and the handler reads the bytes (`RouteContext.bytes`).
   */
  readonly bytesBody: X;
}

/** A request body of raw bytes: its one content type and its size limit (bytes). */
export interface BytesBody {
  readonly contentType: string;
  readonly maxBytes: number;
}

/** Any endpoint, whatever its schemas. */
export type AnyEndpoint = Endpoint<WireSchema | undefined, WireSchema | undefined, WireSchema | undefined, WireSchema, BytesBody | undefined>;

type TypeOf<S> = S extends WireSchema ? S['Type'] : undefined;

export type ParamsOf<E extends AnyEndpoint> = TypeOf<E['params']>;
export type QueryOf<E extends AnyEndpoint> = TypeOf<E['query']>;
export type BodyOf<E extends AnyEndpoint> = TypeOf<E['body']>;
export type ResponseOf<E extends AnyEndpoint> = E['response']['Type'];

export interface EndpointDefinition<P, Q, B, R, X = undefined> {
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly response: R;
  readonly public?: boolean;
  readonly noApplicationId?: boolean;
  readonly produces?: string;
  readonly successStatus?: 200 | 201;
  readonly bytesBody?: X;
}

/** The `{name}` segments of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] ?? '');
}

/**
 * Declares an endpoint. Parts left out are `undefined` (no parameters, no query, no body). A path
 * with `{name}` segments needs a params schema; the server checks at start that it names each one.
 * Annotated free of side effects, so the bundler drops the endpoints a chunk never calls (its
 * checks still run wherever the contract is imported whole: the server, the tests).
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  const P extends WireSchema | undefined = undefined,
  const Q extends WireSchema | undefined = undefined,
  const B extends WireSchema | undefined = undefined,
  const R extends WireSchema = WireSchema,
  const X extends BytesBody | undefined = undefined,
>(definition: EndpointDefinition<P, Q, B, R, X>): Endpoint<P, Q, B, R, X> {
  const path = definition.path.replace(/^\/+/, '');
  if (pathParameterNames(path).length > 0 && definition.params === undefined) {
    throw new Error(`endpoint ${definition.method} ${path}: the path has parameters but no params schema`);
  }
  if (definition.bytesBody !== undefined && (definition.body !== undefined || definition.method === 'GET')) {
    throw new Error(`endpoint ${definition.method} ${path}: a bytes body replaces the JSON body of a POST or PUT`);
  }
  return {
    ...definition,
    path,
    params: definition.params as P,
    query: definition.query as Q,
    body: definition.body as B,
    bytesBody: definition.bytesBody as X,
  };
}

/** `METHOD path`, the name of an endpoint in logs, tests and the permissions matrix. */
export function endpointName(e: Pick<AnyEndpoint, 'method' | 'path'>): string {
  return `${e.method} ${e.path}`;
}

/** The path with its parameters filled in, each value URI-encoded (`v2/admin/groups/G%201`). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`path parameter '${name}' is missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}
