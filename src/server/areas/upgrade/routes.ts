/**
 * Software upgrade routes (src/protocol/rest/upgrade.ts): HTTP only. One runner per server follows
 * the waves (runner.ts); the service gathers each device's facts and applies the domain's rules.
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { SYSTEM, TENANT } from '../../http/scope.ts';
import * as api from '../../../protocol/rest/upgrade.ts';
import type { RouteDeps } from '../deps.ts';
import { saveSetting } from '../units/storedSettings.ts';
import { UpgradeRepo } from './repo.ts';
import { UpgradeRunner } from './runner.ts';
import { UpgradeService } from './service.ts';

/** The runner of each built app (tests build many apps; each has its own store and fleet). */
const runners = new WeakMap<RouteDeps, UpgradeRunner>();

export function upgradeRunnerOf(deps: RouteDeps): UpgradeRunner {
  let runner = runners.get(deps);
  if (runner === undefined) {
    const repo = new UpgradeRepo(deps.store.db);
    runner = new UpgradeRunner({
      repo,
      fleet: deps.fleet,
      runsBackgroundJobs: deps.runsBackgroundJobs,
      now: deps.now,
      unitUpgraded: async (uid, version) => {
        await repo.setUnitSwVersion(uid, version, deps.now());
      },
      unitTargetSet: async (uid, version) => {
        if ((await deps.store.units.get(uid)) !== undefined) await saveSetting(deps, uid, 'targetSwVersion', version);
      },
      logError: (message, error) => console.error(message, error),
    });
    runners.set(deps, runner);
  }
  return runner;
}

export function upgradeRoutes(deps: RouteDeps): RouteDefinition[] {
  const upgrades = new UpgradeService(deps, upgradeRunnerOf(deps));
  return [
    defineRoute(api.upgradeOptions, { access: 'upgrade.run', scope: TENANT, handler: ({ body, tenancy }) => upgrades.options(tenancy, body) }),
    defineRoute(api.startUpgrade, {
      access: 'upgrade.run',
      scope: TENANT,
      handler: ({ body, tenancy, auth }) => upgrades.start(tenancy, auth.user.id, { units: body.units, servers: body.servers }, body.targetVersion),
    }),
    defineRoute(api.getUpgradeWave, { access: 'upgrade.read', scope: TENANT, handler: ({ params, tenancy, auth }) => upgrades.wave(tenancy, auth.user.id, params.id) }),
    defineRoute(api.checkBatchUpgrade, { access: 'upgrade.batch', scope: SYSTEM, handler: ({ body }) => upgrades.checkBatch(body.csv) }),
    defineRoute(api.startBatchUpgrade, { access: 'upgrade.batch', scope: SYSTEM, handler: ({ body, auth }) => upgrades.startBatch(auth.user.id, body.csv, body.targetVersion) }),
  ];
}
