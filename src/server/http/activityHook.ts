/**
 * The activity feed's hook (issue 17 item 3): every write through the API — every contract route
 * whose method is not GET — is recorded when its answer is sent, whatever the answer: done,
 * refused (4xx) or failed (5xx). It is part of `registerRoutes` (route.ts), so a route cannot
 * forget it: there is no other way to write a route.
 *
 * What a row holds, and where it comes from:
 * - who: the session's user (a public call, i.e. sign-in, names the username it tried), their
 *   user type, and the Application-Id header;
 * - what: the endpoint (`METHOD path`), its summary, its area (the type), status and outcome, and
 *   the server's message of a refusal;
 * - which entity: the one the route's scope loaded (group, inventory, unit, user; the caller for
 *   `self`), else the path's id, else the answer's id (a creation);
 * - before and after: the scoped entity as loaded before the handler ran, and the answer; a route
 *   or service that knows better says so with `activity.change(before, after)` / `entity(...)`;
 * - the request body. Every document is redacted (passwords, hashes, tokens) and bounded
 *   (src/domain/activity.ts).
 * The row is written before the answer leaves, so a client that reads the feed right after its
 * write finds it there. A failure to record is logged; it never turns a done write into an error.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { activityOutcomeOf, activitySnapshot, changedFields } from '../../domain/activity.ts';
import { endpointName, type AnyEndpoint } from '../../protocol/rest/endpoint.ts';
import type { RouteDeps } from '../areas/deps.ts';
import type { ScopeRule } from './scope.ts';

/** Which entity a write was about. */
export interface ActivityEntity {
  readonly kind: string;
  readonly id: string;
  readonly name: string;
}

/** What a route or service may tell the feed (RouteContext.activity). */
export interface ActivityNote {
  /** The entity the call changed, when the scope and the path do not say it. */
  entity(kind: string, id: string, name?: string): void;
  /** The entity before and after the change (defaults: the scoped entity, the answer). */
  change(before: unknown, after: unknown): void;
}

/** What the hook gathers while a write runs. */
interface ActivityTrace {
  entity: ActivityEntity | null;
  inventoryId: string | null;
  groupId: string | null;
  before: unknown;
  after: unknown;
  /** A route said before/after itself: the defaults do not overwrite it. */
  told: boolean;
  /**
   * reply.send() has been called (set synchronously when onSend starts). While this hook awaits
   * its insert the reply is not yet `sent` in Fastify's sense, so a handler that sent its own
   * answer (sign-out's 204) is known by this flag: the kit must not answer a second time.
   */
  sending: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every write of a contract route (activityHook.ts). */
    activityTrace?: ActivityTrace;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

function traceOf(request: FastifyRequest): ActivityTrace {
  request.activityTrace ??= { entity: null, inventoryId: null, groupId: null, before: undefined, after: undefined, told: false, sending: false };
  return request.activityTrace;
}

/** True for a call the feed records: a write (any method but GET). */
export function isWrite(endpoint: Pick<AnyEndpoint, 'method'>): boolean {
  return endpoint.method !== 'GET';
}

/** The note a handler gets (RouteContext.activity). */
export function activityNoteFor(request: FastifyRequest): ActivityNote {
  return {
    entity(kind, id, name = '') {
      traceOf(request).entity = { kind, id, name };
    },
    change(before, after) {
      const trace = traceOf(request);
      trace.before = before;
      trace.after = after;
      trace.told = true;
    },
  };
}

/**
 * After the scope has loaded what the call names: the entity, its inventory and group, and the
 * "before" document. The scope's kind says what it loaded; `self` is the caller's own record.
 */
export function noteScoped(request: FastifyRequest, scope: ScopeRule<unknown>, scoped: unknown): void {
  const trace = traceOf(request);
  const loaded = record(scoped) ?? {};
  const group = record(loaded['group']);
  const inventory = record(loaded['inventory']);
  const unit = record(loaded['unit']);
  const user = record(loaded['user']);
  if (group !== null) {
    trace.entity = { kind: 'group', id: text(group['id']) ?? '', name: text(group['name']) ?? '' };
    trace.groupId = text(group['id']);
    trace.inventoryId = text(group['inventoryId']);
    trace.before = group;
  } else if (inventory !== null) {
    trace.entity = { kind: 'inventory', id: text(inventory['id']) ?? '', name: text(inventory['name']) ?? '' };
    trace.inventoryId = text(inventory['id']);
    trace.before = inventory;
  } else if (unit !== null) {
    trace.entity = { kind: 'unit', id: text(unit['uid']) ?? '', name: text(unit['name']) ?? '' };
    trace.groupId = text(unit['groupId']);
    trace.inventoryId = text(unit['inventoryId']);
    trace.before = unit;
  } else if (user !== null) {
    trace.entity = { kind: 'user', id: text(user['id']) ?? '', name: text(user['username']) ?? '' };
    trace.before = user;
  } else if (typeof loaded['groupId'] === 'string') {
    trace.entity = { kind: 'group', id: loaded['groupId'], name: '' };
    trace.groupId = loaded['groupId'];
  } else if (scope.kind === 'self' && request.auth !== null) {
    trace.entity = { kind: 'user', id: request.auth.user.id, name: request.auth.user.username };
    trace.before = request.auth.user;
  }
}

/** True once the reply of this request is on its way (reply.sent, or a write's onSend has begun). */
export function replyOnItsWay(request: FastifyRequest, reply: FastifyReply): boolean {
  return reply.sent || request.activityTrace?.sending === true;
}

/** The handler's answer: the "after" document (unless the route told its own). */
export function noteAnswer(request: FastifyRequest, answer: unknown): void {
  const trace = traceOf(request);
  if (!trace.told) trace.after = answer;
}

/** The entity of a write whose scope named none: the path's id, else the answer's. */
function entityOf(endpoint: AnyEndpoint, request: FastifyRequest, trace: ActivityTrace): ActivityEntity | null {
  if (trace.entity !== null) return trace.entity;
  const kind = endpoint.tags[0] ?? '';
  const params = record(request.params) ?? {};
  const id = text(params['id']) ?? Object.values(params).map(text).find((value) => value !== null) ?? null;
  const after = record(trace.after);
  const answerId = text(after?.['id']) ?? text(after?.['uid']);
  const chosen = id ?? answerId;
  if (chosen === null) return null;
  return { kind, id: chosen, name: text(after?.['name']) ?? text(after?.['username']) ?? '' };
}

/** The server's message of a refused or failed answer (its JSON `message`), '' otherwise. */
function messageOf(status: number, payload: unknown): string {
  if (status < 400) return '';
  const raw = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (raw === null) return '';
  try {
    const parsed: unknown = JSON.parse(raw);
    const message = record(parsed)?.['message'];
    return typeof message === 'string' ? message.slice(0, 1000) : '';
  } catch {
    return '';
  }
}

/** The request body as the feed keeps it: JSON as sent (redacted later), bytes by their size. */
function requestDocument(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  if (Buffer.isBuffer(body)) return { bytes: body.length, contentType: request.headers['content-type'] ?? '' };
  return body === null ? undefined : body;
}

/**
 * Fastify's onSend hook of one write route: records the call, then lets the answer go unchanged.
 * Calls refused before they had a caller (no session on a route that needs one) name nobody and
 * are not recorded; a public call (sign-in) is, with the username it named.
 */
export function activityOnSend(endpoint: AnyEndpoint, isPublic: boolean, deps: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    traceOf(request).sending = true; // before any await: see ActivityTrace.sending
    const auth = request.auth;
    if (auth === null && !isPublic) return payload;
    const trace = traceOf(request);
    const status = reply.statusCode;
    const triedName = text(record(request.body)?.['username']);
    const entity = entityOf(endpoint, request, trace);
    const after = status < 400 ? trace.after : undefined;
    const after_record = record(after);
    try {
      await deps.store.activity.insert({
        at: deps.now(),
        actor_id: auth?.user.id ?? null,
        actor_name: auth?.user.username ?? (triedName ?? '').slice(0, 255),
        actor_type: auth?.user.userType ?? '',
        application_id: (auth?.applicationId ?? text(request.headers['application-id']) ?? '').slice(0, 128),
        area: endpoint.tags[0] ?? '',
        operation: endpointName(endpoint),
        summary: endpoint.summary,
        method: endpoint.method,
        status,
        outcome: activityOutcomeOf(status),
        message: messageOf(status, payload),
        entity_kind: entity?.kind ?? '',
        entity_id: (entity?.id ?? '').slice(0, 128),
        entity_name: (entity?.name ?? '').slice(0, 255),
        inventory_id: trace.inventoryId ?? text(after_record?.['inventoryId']),
        group_id: trace.groupId ?? text(after_record?.['groupId']),
        request_json: activitySnapshot(requestDocument(request)),
        before_json: activitySnapshot(trace.before),
        after_json: activitySnapshot(after),
        changed_json: JSON.stringify(changedFields(trace.before, after)),
      });
    } catch (error) {
      request.log.error({ err: error, operation: endpointName(endpoint) }, 'recording the write in the activity feed failed');
    }
    return payload;
  };
}
