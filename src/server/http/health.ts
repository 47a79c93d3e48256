/**
 * `GET /healthz` for a load balancer in front of several instances (docs/scale-out.md): 200
 * `{"status":"ok"}` while this instance reaches its store (and its bus, when it has one), else 503
 * `{"status":"unavailable","problems":[...]}` naming what it cannot reach, so the proxy stops
 * sending it clients. Outside the REST prefix: no Application-Id, no session (it tells nothing
 * about the data).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Store } from '../store/store.ts';

export const HEALTH_PATH = '/healthz';
/** A check that takes longer than this counts as failed (ms): a proxy probes every few seconds. */
const CHECK_TIMEOUT_MS = 2_000;

/** One extra dependency to check: answers null when fine, else what is wrong. */
export type HealthCheck = () => string | null | Promise<string | null>;

function withTimeout(check: Promise<string | null>, what: string): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`${what}: no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
    check.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
}

export function registerHealth(app: FastifyInstance, store: Store, extra: readonly HealthCheck[] = []): void {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const storeCheck = withTimeout(
      sql`select 1`.execute(store.db).then(() => null),
      'store',
    );
    const results = await Promise.all([storeCheck, ...extra.map((check) => withTimeout(Promise.resolve().then(check), 'bus'))]);
    const problems = results.filter((r): r is string => r !== null);
    reply.header('cache-control', 'no-store');
    if (problems.length === 0) return reply.code(200).send({ status: 'ok' });
    return reply.code(503).send({ status: 'unavailable', problems });
  });
}
