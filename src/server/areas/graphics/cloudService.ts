/**
 * The simulated cloud graphics service (spec 002 §1 "A cloud graphics service (My Graphics)", §7
 * Graphics calls), run inside our server in place of the vendor's cloud. It answers as the cloud
 * would over HTTP (its refusals are HttpErrors the routes pass on):
 * - permissions: serviceEnabled is the inventory's switch in `graphics_accounts` (off for an
 *   inventory never switched on; the demo switches its inventories on; a super user switches it
 *   with PUT graphics/inventory/{id}/permissions). Every other call of an inventory whose service
 *   is off answers 403 "Feature disabled" (spec 002 §8).
 * - apps: POST graphics/singular makes an app from a template and its control app, in the region
 *   asked for (the user preference graphicsRegion) or the inventory's region; DELETE removes an app
 *   with its control app and jobs.
 * - jobs: an action on an app; the status follows the clock (src/domain/graphicsCloud.ts).
 * - reachability: while `reachable` is false (PUT graphics/simulation, super user) every call
 *   answers 503 "Graphics communication error." (spec 002 §8), as when the cloud does not answer.
 *   It lives in memory: a restarted server's cloud answers again.
 */
import { randomUUID } from 'node:crypto';
import {
  GRAPHICS_MESSAGES,
  GRAPHICS_TEMPLATES,
  JOB_DURATION_MS,
  MAX_GRAPHICS_APPS,
  controlAppName,
  graphicsAppErrors,
  graphicsJobProgress,
  graphicsJobStatus,
  type GraphicsJobAction,
} from '../../../domain/graphicsCloud.ts';
import { ERRORS } from '../../../domain/errors.ts';
import type { GraphicsApp, GraphicsJob, MyGraphics } from '../../../protocol/rest/graphics.ts';
import { HttpError, conflict, forbidden, notFound, refuseFields } from '../../http/errors.ts';
import type { Store } from '../../store/store.ts';
import type { StoredGraphicsApp, StoredGraphicsJob } from './repo.ts';

/** The latest jobs My Graphics shows. */
export const MY_GRAPHICS_JOBS = 50;
/** The region of an inventory with none (ours: the first of the graphics regions). */
export const DEFAULT_GRAPHICS_REGION = 'us-east';

export class GraphicsCloud {
  private reachable = true;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  get isReachable(): boolean {
    return this.reachable;
  }

  setReachable(reachable: boolean): { reachable: boolean } {
    this.reachable = reachable;
    return { reachable };
  }

  /** Every call first reaches the cloud. */
  private answer(): void {
    if (!this.reachable) throw new HttpError(503, ERRORS.generic.graphicsCommunication);
  }

  private async enabled(inventoryId: string): Promise<void> {
    this.answer();
    if (!(await this.store.graphics.serviceEnabled(inventoryId))) throw forbidden(ERRORS.generic.featureDisabled);
  }

  async permissions(inventoryId: string): Promise<{ serviceEnabled: boolean }> {
    this.answer();
    return { serviceEnabled: await this.store.graphics.serviceEnabled(inventoryId) };
  }

  async setPermissions(inventoryId: string, serviceEnabled: boolean): Promise<{ serviceEnabled: boolean }> {
    this.answer();
    await this.store.graphics.setServiceEnabled(inventoryId, serviceEnabled, this.now());
    return { serviceEnabled };
  }

  async templates(inventoryId: string) {
    await this.enabled(inventoryId);
    return { templates: GRAPHICS_TEMPLATES.map((t) => ({ ...t })) };
  }

  private appView(app: StoredGraphicsApp, all: readonly StoredGraphicsApp[]): GraphicsApp {
    return {
      id: app.id,
      inventoryId: app.inventoryId,
      kind: app.kind,
      name: app.name,
      templateId: app.templateId,
      templateName: GRAPHICS_TEMPLATES.find((t) => t.id === app.templateId)?.name ?? app.templateId,
      region: app.region,
      appId: app.appId,
      controlAppId: app.kind === 'singular' ? (all.find((a) => a.appId === app.id)?.id ?? null) : null,
      createdOn: app.createdOn,
      createdBy: app.createdBy,
    };
  }

  private jobView(job: StoredGraphicsJob, apps: readonly StoredGraphicsApp[], now: number): GraphicsJob {
    const app = apps.find((a) => a.id === job.appId);
    const action = (['start', 'stop', 'update'] as const).find((a) => a === job.action) ?? 'update';
    return {
      id: job.id,
      appId: job.appId,
      appName: app?.name ?? job.appId,
      action,
      status: graphicsJobStatus(job, now, app !== undefined),
      progress: app === undefined ? 0 : graphicsJobProgress(job, now),
      startedAt: job.startedAt,
    };
  }

  private async regionOf(inventoryId: string): Promise<string> {
    const inventory = await this.store.inventories.get(inventoryId);
    return inventory?.region !== undefined && inventory.region !== '' ? inventory.region : DEFAULT_GRAPHICS_REGION;
  }

  async myGraphics(inventoryId: string): Promise<MyGraphics> {
    await this.enabled(inventoryId);
    const [apps, jobs] = await Promise.all([this.store.graphics.apps(inventoryId), this.store.graphics.jobs(inventoryId, MY_GRAPHICS_JOBS)]);
    const now = this.now();
    return {
      inventoryId,
      inventoryRegion: await this.regionOf(inventoryId),
      apps: apps.map((a) => this.appView(a, apps)),
      jobs: jobs.map((j) => this.jobView(j, apps, now)),
    };
  }

  async createSingular(body: { inventoryId: string; name: string; templateId: string; region?: string }, by: string): Promise<{ app: GraphicsApp; controlApp: GraphicsApp }> {
    await this.enabled(body.inventoryId);
    const name = body.name.trim();
    refuseFields(graphicsAppErrors({ name, templateId: body.templateId }));
    if ((await this.store.graphics.countApps(body.inventoryId)) >= MAX_GRAPHICS_APPS) throw conflict(GRAPHICS_MESSAGES.tooManyApps);
    const region = body.region !== undefined && body.region.trim() !== '' ? body.region.trim() : await this.regionOf(body.inventoryId);
    const createdOn = this.now();
    const app: StoredGraphicsApp = { id: `GFX-${randomUUID()}`, inventoryId: body.inventoryId, kind: 'singular', name, templateId: body.templateId, region, appId: null, createdOn, createdBy: by };
    const control: StoredGraphicsApp = { ...app, id: `GFX-${randomUUID()}`, kind: 'control', name: controlAppName(name), appId: app.id };
    await this.store.transaction(async (tx) => tx.graphics.insertApps([app, control]));
    const all = [app, control];
    return { app: this.appView(app, all), controlApp: this.appView(control, all) };
  }

  async deleteApp(inventoryId: string, appId: string): Promise<{ removed: number }> {
    await this.enabled(inventoryId);
    const app = await this.store.graphics.app(inventoryId, appId);
    if (app === undefined) throw notFound(GRAPHICS_MESSAGES.unknownApp);
    if (app.kind === 'control') throw conflict(GRAPHICS_MESSAGES.controlAppDelete);
    return { removed: await this.store.transaction(async (tx) => tx.graphics.deleteApp(appId)) };
  }

  async startJob(body: { inventoryId: string; appId: string; action: GraphicsJobAction }): Promise<GraphicsJob> {
    await this.enabled(body.inventoryId);
    const app = await this.store.graphics.app(body.inventoryId, body.appId);
    if (app === undefined) refuseFields({ appId: GRAPHICS_MESSAGES.unknownApp });
    const job: StoredGraphicsJob = { id: `GJB-${randomUUID()}`, inventoryId: body.inventoryId, appId: body.appId, action: body.action, startedAt: this.now(), durationMs: JOB_DURATION_MS[body.action] };
    await this.store.graphics.insertJob(job);
    return this.jobView(job, app === undefined ? [] : [app], job.startedAt);
  }
}
