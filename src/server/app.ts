import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { installCors } from './http/cors.ts';
import cookie from '@fastify/cookie';
import type { LiveBus } from './live/bus.ts';
import { PURGE_EVERY_MS as SIGN_IN_PURGE_EVERY_MS, SIGN_IN_FAILURES_PER_ADDRESS, SignInThrottle } from './auth/signInThrottle.ts';
import { LocalClusterSignals, type ClusterSignals } from './cluster/signals.ts';
import { EventOutbox, OutboxRelay, type OutboxTarget } from './live/eventOutbox.ts';
import { registerLiveGateway, type GatewayHandle, type GatewayOptions } from './live/gateway.ts';
import type { Principal } from './live/types.ts';
import type { Store } from './store/store.ts';
import { StoreTopicAuthority } from './store/topicAuthority.ts';
import { SessionService } from './auth/sessions.ts';
import { installApiGate, makeAuthenticate } from './http/apiGate.ts';
import { installErrorHandler } from './http/errors.ts';
import { makeValidatorCompiler, formatSchemaErrors } from './http/validation.ts';
import { OpenApiCollector } from './http/openapi.ts';
import { registerSecurity, GLOBAL_RATE_PER_MINUTE, LOGIN_RATE_PER_MINUTE } from './http/security.ts';
import { registerConsoleStatic } from './http/consoleStatic.ts';
import { registerHealth, type HealthCheck } from './http/health.ts';
import { makeOriginCheck } from './http/originCheck.ts';
import { API_PREFIX, WS_PATH } from './http/paths.ts';
import { FleetSlot, type AppSettings, type LiveQueries, type RouteDeps } from './areas/deps.ts';
import { OwnershipEvents } from './ownership.ts';
import { registerRoutes } from './http/route.ts';
import { CONTRACT_AREAS, type ContractArea } from './areas/index.ts';
import type { LogLevel } from './config.ts';
import { IncidentRecorder } from './areas/incidents/recorder.ts';
import { UsageRecorder } from './areas/usageProfiles/recorder.ts';
import { ActivityService } from './areas/activity/service.ts';
import { FILE_DRAIN_EVERY_MS, FileService } from './areas/files/service.ts';

/** Largest accepted request body: 1 MiB (larger answers 413). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Expired sessions are deleted this often (ms). */
export const SESSION_PURGE_EVERY_MS = 60 * 60_000;
/** Incidents and activity older than the 60 days kept are deleted this often (ms). */
export const RETENTION_PURGE_EVERY_MS = 60 * 60_000;


export interface AppDeps {
  store: Store;
  settings?: Partial<AppSettings>;
  logLevel?: LogLevel;
  /** When given, the websocket gateway of protocol.md is mounted at /luc/luc-core-web/ws. */
  bus?: LiveBus;
  gatewayOptions?: GatewayOptions;
  /** Live facts from the simulator; without it, no alerts are active and channels read from the attached fleet. */
  live?: Partial<LiveQueries>;
  /**
   * Whether this process runs the jobs that must run exactly once (default true: the embedded
   * server and the fleet owner): the incident and usage recorders, the file transfer drain, the
   * retention purge, the upgrade runner's recovery. A front that is not the fleet owner passes false.
   */
  runsBackgroundJobs?: boolean;
  /** Extra contract areas (tests' probes), mounted under the REST prefix after the server's own (areas/index.ts). */
  areas?: readonly ContractArea[];
  now?: () => number;
  /** More checks for GET /healthz besides the store (the bus connection in the scale-out deployment). */
  healthChecks?: readonly HealthCheck[];
  /**
   * Signals between instances (issue 18: ownership changes, ended sessions, outbox wake-ups).
   * Default: in this process only (the embedded deployment); the scale-out one passes
   * NatsClusterSignals (src/server/cluster/natsSignals.ts). Closing it is the caller's.
   */
  signals?: ClusterSignals;
  /** The event outbox's relay (src/server/live/eventOutbox.ts); default: run here, to the fleet's bus. */
  outbox?: OutboxOptions;
}

export interface OutboxOptions {
  /**
   * Whether this process relays the outbox (default true, the embedded deployment). In the
   * scale-out deployment only the fleet owner does; the other instances only write rows.
   */
  relay?: boolean;
  /** Where the relay publishes; default the attached fleet's bus, else `bus` (rows wait while there is neither). */
  target?: OutboxTarget;
  /** The relay's poll period (ms); default OUTBOX_POLL_MS. */
  pollMs?: number;
}

export interface BuiltApp {
  app: FastifyInstance;
  sessions: SessionService;
  /** The session of a request's cookie (for the gateway and tests). */
  authenticate(request: FastifyRequest): Promise<Principal | null>;
  authority: StoreTopicAuthority;
  gateway: GatewayHandle | null;
  openapi: OpenApiCollector;
  routeDeps: RouteDeps;
  signals: ClusterSignals;
  outbox: EventOutbox;
  /** The relay when this process runs it (see OutboxOptions.relay), else null. Stopped when the app closes. */
  outboxRelay: OutboxRelay | null;
}

function settingsOf(partial: Partial<AppSettings> = {}): AppSettings {
  return {
    mapTileUrl: partial.mapTileUrl ?? null,
    allowedOrigins: partial.allowedOrigins ?? [],
    distDir: partial.distDir ?? 'dist',
    loginRatePerMinute: partial.loginRatePerMinute ?? LOGIN_RATE_PER_MINUTE,
    signInFailuresPerAddress: partial.signInFailuresPerAddress ?? SIGN_IN_FAILURES_PER_ADDRESS,
    globalRatePerMinute: partial.globalRatePerMinute ?? GLOBAL_RATE_PER_MINUTE,
  };
}

/**
 * Builds the whole HTTP server (not listening): security headers, rate limits, cookie parsing,
 * schema validation with field-naming 400s, the API gate (Application-Id, session, current group),
 * the route areas under /luc/luc-core-web/rest, the OpenAPI document, the websocket gateway (when a
 * bus is given) and the built console with its SPA fallback.
 */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const settings = settingsOf(deps.settings);
  const now = deps.now ?? Date.now;
  const runsBackgroundJobs = deps.runsBackgroundJobs ?? true;
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      // Cookies and credentials never reach the log.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    // Spec paths are written both with and without a trailing slash (e.g. devices/fetch_by_id/{id}/).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    schemaErrorFormatter: formatSchemaErrors,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(makeValidatorCompiler());
  installErrorHandler(app);
  const openapi = new OpenApiCollector();
  openapi.attach(app);

  await app.register(cookie);
  await registerSecurity(app, { mapTileUrl: settings.mapTileUrl, globalRatePerMinute: settings.globalRatePerMinute });

  const sessions = new SessionService(deps.store, now);
  const authenticate = makeAuthenticate(sessions);
  installCors(app, settings.allowedOrigins);
  installApiGate(app, { store: deps.store, sessions });
  const authority = await StoreTopicAuthority.load(deps.store);

  let gateway: GatewayHandle | null = null;
  const fleet = new FleetSlot();
  const signals = deps.signals ?? new LocalClusterSignals((message, error) => app.log.error({ err: error }, message));
  const ownership = new OwnershipEvents(signals);
  const outbox = new EventOutbox(signals, now);
  // Incidents (issue 17): every transition, alert and user threshold of the bus, stored in batches.
  const incidents = new IncidentRecorder({
    store: deps.store,
    groupOfUnit: (uid) => authority.groupOfUnit(uid),
    now,
    logError: (message, error) => app.log.error({ err: error }, message),
    logWarning: (message) => app.log.warn(message),
  });
  // Usage reports (issue 14): each unit's use per day, from the fleet's usage pushes.
  const usage = new UsageRecorder({ store: deps.store, logError: (message, error) => app.log.error({ err: error }, message) });
  const routeDeps: RouteDeps = {
    store: deps.store,
    sessions,
    settings,
    live: {
      activeAlerts: deps.live?.activeAlerts ?? (() => []),
      channelStatus: deps.live?.channelStatus ?? ((id) => fleet.get()?.fleet.channelStatus(id)),
    },
    fleet,
    ownership,
    // Every instance closes its own sockets of the session (signals: this one at once, the others over NATS).
    closeSessionSockets: (sessionId) => signals.emit('session-ended', { sessionId }),
    outbox,
    incidents,
    usage,
    runsBackgroundJobs,
    now,
  };
  signals.on('session-ended', ({ sessionId }) => gateway?.closeSessionSockets(sessionId));
  // The outbox relay (issue 18): in the embedded deployment here, publishing to the fleet's bus.
  const outboxRelay =
    deps.outbox?.relay === false
      ? null
      : new OutboxRelay({
          store: deps.store,
          target: () => deps.outbox?.target ?? fleet.get()?.bus ?? deps.bus,
          signals,
          ...(deps.outbox?.pollMs !== undefined ? { pollMs: deps.outbox.pollMs } : {}),
          log: { error: (message, error) => app.log.error({ err: error }, message), info: (message) => app.log.info(message) },
        });
  // The websocket's topic authority follows ownership changes: no route refreshes it by hand.
  ownership.on((change) => authority.apply(change));
  ownership.on((change) => incidents.ownershipChanged(change));
  // The recorders write the store from the bus: once in the cluster (where background jobs run).
  if (runsBackgroundJobs) {
    await incidents.start(deps.bus ?? null);
    usage.start(deps.bus ?? null);
  }

  for (const area of [...CONTRACT_AREAS, ...(deps.areas ?? [])]) {
    await app.register(async (scope) => registerRoutes(scope, routeDeps, area.routes(routeDeps)), { prefix: API_PREFIX });
  }

  app.get(
    `${API_PREFIX}/openapi.json`,
    { config: { public: true, noApplicationId: true, hidden: true } },
    async () => openapi.document({ title: 'LUC console back end', version: '1' }),
  );

  if (deps.bus) {
    gateway = registerLiveGateway(app, {
      bus: deps.bus,
      authenticate,
      authority,
      allowedOrigins: makeOriginCheck(settings.allowedOrigins),
      accessOf: async (userId) => {
        const user = await deps.store.users.get(userId);
        return user === undefined ? null : { active: user.active, groupIds: await deps.store.users.groupIds(userId) };
      },
      path: WS_PATH,
      ...(deps.gatewayOptions ? { options: deps.gatewayOptions } : {}),
    });
  }

  // Open sockets follow rights as they change (issue 16): the listener runs inside the service's
  // emit, after the commit and before the write's answer, so delivery is held at once.
  ownership.on((change) => {
    if (gateway === null) return;
    switch (change.kind) {
      case 'user':
        void gateway.userAccessChanged(change.userId);
        return;
      case 'unit':
        gateway.entityMoved(`unit:${change.uid}`, change.removed === true ? null : change.groupId);
        return;
      case 'channel':
        gateway.entityMoved(`channel:${change.id}`, change.removed === true ? null : change.groupId);
        return;
      case 'group-removed':
        gateway.groupRemoved(change.groupId);
        return;
    }
  });

  registerHealth(app, deps.store, deps.healthChecks);
  await registerConsoleStatic(app, settings.distDir);

  const purge = setInterval(() => {
    sessions.purgeExpired().catch((error: unknown) => app.log.error({ err: error }, 'purging expired sessions failed'));
  }, SESSION_PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  // Sign-in failures and /login windows that ended (shared limits in the store): every minute, on
  // every instance (a delete of nothing costs one indexed query).
  const limits = new SignInThrottle(deps.store.signInLimits, settings.signInFailuresPerAddress, now);
  const purgeLimits = setInterval(() => {
    limits.purge().catch((error: unknown) => app.log.error({ err: error }, 'purging expired sign-in limits failed'));
  }, SIGN_IN_PURGE_EVERY_MS);
  purgeLimits.unref();
  app.addHook('onClose', async () => clearInterval(purgeLimits));
  if (outboxRelay !== null) {
    outboxRelay.start();
    // Before the store closes: the batch in progress is deleted or kept, never half.
    app.addHook('onClose', async () => outboxRelay.stop());
  }
  // The 60 days of incidents and activity (src/domain/incidents.ts, activity.ts): once at start, then hourly.
  const activity = new ActivityService(deps.store, now);
  const purgeOld = () =>
    Promise.all([incidents.purge(), activity.purge()]).catch((error: unknown) => app.log.error({ err: error }, 'purging old incidents and activity failed'));
  const jobs: ReturnType<typeof setInterval>[] = [];
  if (runsBackgroundJobs) {
    void purgeOld();
    jobs.push(setInterval(() => void purgeOld(), RETENTION_PURGE_EVERY_MS));
    // File transfers reach the store without anyone listing files (a front's lists read them there).
    const files = new FileService(routeDeps);
    jobs.push(setInterval(() => void files.drain().catch((error: unknown) => app.log.error({ err: error }, 'draining file transfers failed')), FILE_DRAIN_EVERY_MS));
  }
  for (const job of jobs) job.unref();
  app.addHook('onClose', async () => {
    for (const job of jobs) clearInterval(job);
    await incidents.stop();
    await usage.stop();
  });

  await app.ready();
  return { app, sessions, authenticate, authority, gateway, openapi, routeDeps, signals, outbox, outboxRelay };
}
