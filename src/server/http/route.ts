/**
 * The one way to write a route: `defineRoute(endpoint, { access, scope, handler })`.
 *
 * For each route, in this order (the API gate has already checked Application-Id and the session):
 * 1. scope (scope.ts): the group, inventory or unit the call names is the caller's, else 403/404;
 * 2. access: the permissions table (src/domain/roles/permissions.ts) grants the action to the
 *    caller's user types, else 403 "You are not allowed to access this application.";
 * 3. validation: Fastify checks params, query and body against the JSON Schema derived from the
 *    endpoint's effect Schemas (400 naming the field, with `fields`), then the Schemas decode them
 *    (the final word: a rule JSON Schema cannot say is still refused with a 400);
 * 4. the handler gets typed input, the caller, their tenancy and the scoped entity, and returns the
 *    answer's value; when answer checking is on (tests), the answer is checked against the
 *    endpoint's response Schema and a drift is a 500 that names the field.
 * Scope and access run before validation: a foreign unit is 404 and a read-only user 403 whatever
 * the body holds, so no validation message reveals anything about another tenant's data.
 * 2b. references: every other id the call names in a `RefTo(kind)` field (common.ts) exists and is
 *    visible to the caller, else 404 naming the field (references.ts), before validation too;
 * 5. every write (any method but GET) is recorded in the activity feed when its answer is sent,
 *    whatever the answer (activityHook.ts): a route cannot opt out, there is no other way to write one.
 */
import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Result, Schema } from 'effect';
import { endpointName, pathParameterNames, type AnyEndpoint, type BodyOf, type BytesBody, type ParamsOf, type QueryOf, type ResponseOf, type WireSchema } from '../../protocol/rest/endpoint.ts';
import { jsonSchemaOf, propertyNames, type JsonSchema } from '../../protocol/rest/jsonSchema.ts';
import { issueFields, issueText } from '../../protocol/issueText.ts';
import { may, PERMISSIONS, type Action } from '../../domain/roles/permissions.ts';
import type { RouteDeps } from '../areas/deps.ts';
import { ACCESS_REFUSED, badRequest, forbidden, HttpError, unauthorized } from './errors.ts';
import type { RequestAuth } from './requestAuth.ts';
import type { ScopeRule } from './scope.ts';
import { checkedReferences, checkReferences, type ReferenceField } from './references.ts';
import { tenancyOf, type Tenancy } from './tenancy.ts';
import { activityNoteFor, activityOnSend, isWrite, noteAnswer, noteScoped, replyOnItsWay, type ActivityNote } from './activityHook.ts';

/** What a handler receives. */
export interface RouteContext<E extends AnyEndpoint, Scoped> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** The request's bytes, for an endpoint whose body is bytes (`bytesBody`); undefined otherwise. */
  readonly bytes: E['bytesBody'] extends BytesBody ? Buffer : undefined;
  /** The caller (a public route's handler never reads it). */
  readonly auth: RequestAuth;
  readonly tenancy: Tenancy;
  /** What the scope loaded (the group, inventory or unit), or {}. */
  readonly scoped: Scoped;
  readonly deps: RouteDeps;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** Answers this success status instead of the endpoint's (a call that created something: 201). */
  setStatus(status: 200 | 201 | 204): void;
  /**
   * What a write tells the activity feed when the defaults (the scoped entity before, the answer
   * after) do not say it right (activityHook.ts); reads may ignore it.
   */
  readonly activity: ActivityNote;
}

const RAW = Symbol('raw answer');

/**
 * The answer of a `produces` endpoint that is not held in memory: a file stream or bytes, sent as
 * they come. The endpoint's Schema still says what the client receives (text).
 */
export interface RawAnswer {
  readonly [RAW]: Readable | Buffer;
  /**
   * The answer's media type when it is not the endpoint's (`produces`): another form of a JSON
   * answer the caller asked for by Accept (GET devices/fetch packed, src/protocol/packedSnapshot.ts).
   */
  readonly type?: string;
}

export function rawAnswer(body: Readable | Buffer, type?: string): RawAnswer {
  return type === undefined ? { [RAW]: body } : { [RAW]: body, type };
}

function isRawAnswer(value: unknown): value is RawAnswer {
  return typeof value === 'object' && value !== null && RAW in value;
}

export interface RouteSpec<E extends AnyEndpoint, Scoped> {
  /** The action of the permissions table this call does; 'public' for sign-in and the document. */
  readonly access: Action | 'public';
  readonly scope: ScopeRule<Scoped>;
  handler(context: RouteContext<E, Scoped>): Promise<ResponseOf<E> | RawAnswer>;
  /** More Fastify route config, e.g. the sign-in's own rate limit (`rateLimit`). */
  readonly config?: FastifyContextConfig;
}

/** A route ready to register: the endpoint and how it is served. */
export interface RouteDefinition {
  readonly endpoint: AnyEndpoint;
  readonly access: Action | 'public';
  readonly scope: ScopeRule<unknown>;
  readonly handler: (context: RouteContext<AnyEndpoint, unknown>) => Promise<unknown>;
  readonly config?: FastifyContextConfig;
}

export function defineRoute<E extends AnyEndpoint, Scoped>(endpoint: E, spec: RouteSpec<E, Scoped>): RouteDefinition {
  return {
    endpoint,
    access: spec.access,
    scope: spec.scope as ScopeRule<unknown>,
    handler: spec.handler as RouteDefinition['handler'],
    ...(spec.config !== undefined ? { config: spec.config } : {}),
  };
}

/** What the OpenAPI collector and the authorization tests read of a contract route (route config `contract`). */
export interface ContractFacts {
  readonly endpoint: AnyEndpoint;
  readonly access: Action | 'public';
  readonly scope: { readonly kind: ScopeRule<unknown>['kind']; readonly from: readonly string[] };
  readonly schemas: { readonly params?: JsonSchema; readonly query?: JsonSchema; readonly body?: JsonSchema; readonly response: JsonSchema };
  /** A body of raw bytes (its content type and size limit) instead of JSON. */
  readonly bytes?: BytesBody;
  /** The `RefTo` fields the route checks before its handler (references.ts), less those its scope checks. */
  readonly references: readonly ReferenceField[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route registered through defineRoute. */
    contract?: ContractFacts;
  }
}

/**
 * Answers are checked against their Schema in tests (vitest sets VITEST) and when
 * LUC_CHECK_ANSWERS=1 (the browser tests' server): a drift between a handler and its contract
 * fails loudly there and costs nothing in production.
 */
export function answerCheckingOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['LUC_CHECK_ANSWERS'] === '1' || (env['VITEST'] !== undefined && env['LUC_CHECK_ANSWERS'] !== '0');
}

/** Fastify path syntax of an endpoint path (`v2/admin/groups/{id}` → `/v2/admin/groups/:id`). */
export function fastifyPath(path: string): string {
  return `/${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
}

/** Query strings: unknown parameters are ignored (cache busters, tracking), known ones checked. */
function lenientQuery(schema: JsonSchema): JsonSchema {
  return { ...schema, additionalProperties: true };
}

function decodePart(schema: WireSchema | undefined, value: unknown, part: 'params' | 'query' | 'body'): unknown {
  if (schema === undefined) return undefined;
  const result = Schema.decodeUnknownResult(schema)(value, { errors: 'all', onExcessProperty: 'ignore' });
  if (Result.isSuccess(result)) return result.success;
  throw badRequest(issueText(result.failure, part, [part]), { fields: issueFields(result.failure) });
}

function checkAnswer(endpoint: AnyEndpoint, answer: unknown): void {
  if (endpoint.produces !== undefined) return;
  const result = Schema.decodeUnknownResult(endpoint.response)(answer, { errors: 'all', onExcessProperty: 'error' });
  if (Result.isFailure(result)) {
    throw new Error(`answer of ${endpointName(endpoint)} breaks its contract: ${issueText(result.failure, 'answer')}`);
  }
}

function contractFacts(route: RouteDefinition): ContractFacts {
  const { endpoint } = route;
  const params = endpoint.params === undefined ? undefined : jsonSchemaOf(endpoint.params);
  const declared = pathParameterNames(endpoint.path);
  const named = params === undefined ? [] : propertyNames(params);
  if (declared.length !== named.length || declared.some((name) => !named.includes(name))) {
    throw new Error(`${endpointName(endpoint)}: params schema names [${named.join(', ')}], the path [${declared.join(', ')}]`);
  }
  const schemas = {
    ...(params !== undefined ? { params } : {}),
    ...(endpoint.query !== undefined ? { query: jsonSchemaOf(endpoint.query) } : {}),
    ...(endpoint.body !== undefined ? { body: jsonSchemaOf(endpoint.body) } : {}),
    response: jsonSchemaOf(endpoint.response),
  };
  return {
    endpoint,
    access: route.access,
    scope: { kind: route.scope.kind, from: route.scope.from },
    schemas,
    ...(endpoint.bytesBody !== undefined ? { bytes: endpoint.bytesBody } : {}),
    references: checkedReferences(schemas, route.scope.from),
  };
}

/**
 * The raw bytes of a `bytesBody` endpoint: only its content type is parsed as bytes (a Buffer),
 * at most `maxBytes` (413 above); any other content type is 415. JSON stays parsed as JSON for
 * every other route: the bytes parser lives in a child scope that holds this one route only.
 */
function bytesOf(request: FastifyRequest, bytesBody: BytesBody): Buffer {
  const body: unknown = request.body;
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  throw new HttpError(415, `content-type is not supported; send ${bytesBody.contentType}`);
}

/** Fastify's options of one contract route. */
function routeOptions(route: RouteDefinition, facts: ContractFacts, deps: RouteDeps, checking: boolean): RouteOptions {
  const { endpoint } = route;
  const isPublic = route.access === 'public';
  const bytesBody = endpoint.bytesBody;
  const writes = isWrite(endpoint);
  return {
    method: endpoint.method,
    // The activity feed (issue 17): every write, done, refused or failed, with who and which entity.
    ...(writes ? { onSend: activityOnSend(endpoint, isPublic, deps) } : {}),
    url: fastifyPath(endpoint.path),
    ...(bytesBody !== undefined ? { bodyLimit: bytesBody.maxBytes } : {}),
    config: {
      ...route.config,
      contract: facts,
      ...(isPublic ? { public: true } : {}),
      ...(endpoint.noApplicationId === true ? { noApplicationId: true } : {}),
    },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(facts.schemas.params !== undefined ? { params: facts.schemas.params } : {}),
      ...(facts.schemas.query !== undefined ? { querystring: lenientQuery(facts.schemas.query) } : {}),
      ...(facts.schemas.body !== undefined ? { body: facts.schemas.body } : {}),
    },
    preValidation: async (request) => {
      // A body whose fields are all optional may be left out (e.g. POST .../stream with no channel).
      if (endpoint.body !== undefined && (request.body === undefined || request.body === null)) request.body = {};
      if (isPublic) return;
      const auth = request.auth;
      if (auth === null) throw unauthorized();
      const tenancy = await tenancyOf(auth, deps.store.users);
      const scoped = await route.scope.resolve({ request, deps, auth, tenancy });
      if (writes) noteScoped(request, route.scope, scoped);
      if (!may(auth.roles, route.access as Action)) throw forbidden(ACCESS_REFUSED);
      if (facts.references.length > 0) await checkReferences(facts.references, request, deps, tenancy);
      request.routeContext = { tenancy, scoped };
    },
    handler: async (request, reply) => {
      const params = decodePart(endpoint.params, request.params, 'params');
      const query = decodePart(endpoint.query, request.query, 'query');
      const body = decodePart(endpoint.body, request.body, 'body');
      const bytes = bytesBody === undefined ? undefined : bytesOf(request, bytesBody);
      const context = request.routeContext ?? { tenancy: { all: false, groupIds: new Set(), inventoryIds: new Set() }, scoped: {} };
      let status: number = endpoint.successStatus ?? 200;
      const answer = await route.handler({
        params,
        query,
        body,
        bytes,
        auth: request.auth as RequestAuth,
        tenancy: context.tenancy,
        scoped: context.scoped,
        deps,
        request,
        reply,
        setStatus: (chosen) => {
          status = chosen;
        },
        activity: activityNoteFor(request),
      } as RouteContext<AnyEndpoint, unknown>);
      if (writes && !isRawAnswer(answer)) noteAnswer(request, answer);
      if (replyOnItsWay(request, reply)) return reply;
      reply.code(status);
      if (endpoint.produces !== undefined) reply.type(endpoint.produces);
      if (isRawAnswer(answer)) {
        if (answer.type !== undefined) reply.type(answer.type);
        else if (endpoint.produces === undefined) throw new Error(`${endpointName(endpoint)} answered a stream but produces JSON`);
        return answer[RAW];
      }
      if (checking) checkAnswer(endpoint, answer);
      return answer;
    },
  };
}

/** Registers routes on a Fastify scope whose prefix is the REST prefix. */
export function registerRoutes(app: FastifyInstance, deps: RouteDeps, routes: readonly RouteDefinition[]): void {
  const checking = answerCheckingOn();
  for (const route of routes) {
    const facts = contractFacts(route);
    const options = routeOptions(route, facts, deps, checking);
    const bytesBody = route.endpoint.bytesBody;
    if (bytesBody === undefined) {
      app.route(options);
      continue;
    }
    // The bytes parser only in a child scope of this one route (see bytesOf).
    void app.register(async (child) => {
      child.addContentTypeParser(bytesBody.contentType, { parseAs: 'buffer', bodyLimit: bytesBody.maxBytes }, (_request, payload, done) => done(null, payload));
      child.route(options);
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a contract route's preValidation for its handler. */
    routeContext?: { tenancy: Tenancy; scoped: unknown };
  }
}

/** The user types an action is granted to, for the OpenAPI document (`x-access`). */
export function accessText(access: Action | 'public'): string {
  return access === 'public' ? 'public' : `${access}: ${PERMISSIONS[access].grant.join(', ')}`;
}

export { HttpError };
