/**
 * The cloud graphics service's rules (spec 002 §1 "A cloud graphics service (My Graphics)", §4
 * permission, §7 Graphics calls). The spec names the calls and not the fields: apps, templates
 * and jobs here are ours, named after the calls. The permission rule itself is graphics.ts.
 *
 * - An app is made from a template (POST graphics/singular); the same call creates its control app
 *   (the page an operator drives the graphics from).
 * - A job is an action on an app (start, stop, update). Its status follows the clock: queued for
 *   its first QUEUED_MS, running until its duration has passed, then done. A job on an app that was
 *   deleted meanwhile is failed.
 */
import { maxLength, required } from './validation/fields.ts';
import { firstError } from './validation/check.ts';

/** Ours: an app name is 1-64 characters. */
export const GRAPHICS_APP_NAME_MAX_LENGTH = 64;
/** Ours: at most this many apps per inventory (each singular app comes with its control app). */
export const MAX_GRAPHICS_APPS = 100;

export interface GraphicsTemplate {
  readonly id: string;
  readonly name: string;
  readonly category: 'news' | 'sports' | 'general';
  /** What the template shows. */
  readonly description: string;
}

/** The templates the simulated cloud offers every enabled inventory (ours). */
export const GRAPHICS_TEMPLATES: readonly GraphicsTemplate[] = [
  { id: 'tpl-lower-third', name: 'Lower third', category: 'news', description: 'Name and title strap for a reporter or guest' },
  { id: 'tpl-breaking-news', name: 'Breaking news', category: 'news', description: 'Full-width breaking news banner' },
  { id: 'tpl-ticker', name: 'News ticker', category: 'news', description: 'Scrolling headlines along the bottom' },
  { id: 'tpl-scoreboard', name: 'Scoreboard', category: 'sports', description: 'Two teams, score and clock' },
  { id: 'tpl-clock', name: 'Clock and logo', category: 'general', description: 'Station logo with local time' },
  { id: 'tpl-weather', name: 'Weather', category: 'general', description: 'Temperature and forecast for a city' },
];

export const GRAPHICS_JOB_ACTIONS = ['start', 'stop', 'update'] as const;
export type GraphicsJobAction = (typeof GRAPHICS_JOB_ACTIONS)[number];

export const GRAPHICS_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type GraphicsJobStatus = (typeof GRAPHICS_JOB_STATUSES)[number];

/** A job waits this long before it runs (ms). */
export const JOB_QUEUED_MS = 2_000;
/** How long a job of each action runs after it leaves the queue (ms): a start renders, a stop is quick. */
export const JOB_DURATION_MS: Readonly<Record<GraphicsJobAction, number>> = { start: 8_000, stop: 2_000, update: 4_000 };

/** A job's status at `now` (ms since the epoch); a job whose app is gone is failed. */
export function graphicsJobStatus(job: { readonly startedAt: number; readonly durationMs: number }, now: number, appExists: boolean): GraphicsJobStatus {
  if (!appExists) return 'failed';
  const elapsed = now - job.startedAt;
  if (elapsed < JOB_QUEUED_MS) return 'queued';
  if (elapsed < JOB_QUEUED_MS + job.durationMs) return 'running';
  return 'done';
}

/** Percent done (0-100) at `now`: 0 while queued, 100 when done. */
export function graphicsJobProgress(job: { readonly startedAt: number; readonly durationMs: number }, now: number): number {
  const running = now - job.startedAt - JOB_QUEUED_MS;
  if (running <= 0) return 0;
  return Math.min(100, Math.floor((running / Math.max(1, job.durationMs)) * 100));
}

/** The control app's name for an app (ours). */
export function controlAppName(appName: string): string {
  return `${appName.slice(0, GRAPHICS_APP_NAME_MAX_LENGTH - ' control'.length)} control`;
}

export const GRAPHICS_MESSAGES = {
  unknownTemplate: 'Unknown template',
  tooManyApps: `An inventory can hold at most ${MAX_GRAPHICS_APPS} graphics apps`,
  unknownApp: 'Graphics app not found',
  controlAppDelete: 'A control app is deleted with its app',
} as const;

/** The new app form: name 1-64, a template of the catalogue. */
export function graphicsAppErrors(values: { readonly name: string; readonly templateId: string }): Partial<Record<'name' | 'templateId', string>> {
  const errors: Partial<Record<'name' | 'templateId', string>> = {};
  const name = firstError(values.name, [required, maxLength(GRAPHICS_APP_NAME_MAX_LENGTH)]);
  if (name !== null) errors.name = name;
  const template = required(values.templateId) ?? (GRAPHICS_TEMPLATES.some((t) => t.id === values.templateId) ? null : GRAPHICS_MESSAGES.unknownTemplate);
  if (template !== null) errors.templateId = template;
  return errors;
}
