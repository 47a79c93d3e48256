/**
 * Intercom of a unit (spec 000 §3, §7): sessions intercom1 and intercom2, each in mode audioRoom or
 * targetChannel with a destination account (connecting, then connected), plus the intercom and
 * audio-jack configuration (stored).
 */
import { INTERCOM_MODES } from '../../domain/units/interface.ts';
import { required } from '../../domain/validation/fields.ts';
import { notFound } from '../http/errors.ts';
import type { RouteArea } from './area.ts';
import { ACCEPTED_RESPONSE, accepted, idOf, objectSchema, runCommand, saveSetting, throwIfInvalid, unitRoute, visibleUnit } from './unitKit.ts';

const TAGS = ['units', 'intercom'] as const;

/** Session path values → the unit's intercom slots (spec 000 §3 intercom1 and intercom2). */
export const INTERCOM_SESSIONS = { '1': 'intercom1', '2': 'intercom2', intercom1: 'intercom1', intercom2: 'intercom2' } as const;
type SessionKey = keyof typeof INTERCOM_SESSIONS;

function slotOf(session: string): 'intercom1' | 'intercom2' {
  if (!(session in INTERCOM_SESSIONS)) throw notFound(`Intercom session '${session.slice(0, 32)}' not found (use 1 or 2)`);
  return INTERCOM_SESSIONS[session as SessionKey];
}

export const unitIntercomArea: RouteArea = (app, deps) => {
  unitRoute(app, deps, {
    method: 'POST',
    url: '/v2/units/:id/intercom/session/:session',
    summary: 'Open an intercom session (1 or 2): audio room or target channel (connecting, then connected)',
    tags: TAGS,
    access: 'operate',
    body: objectSchema({ mode: { type: 'string', enum: INTERCOM_MODES }, destinationAccount: { type: 'string', maxLength: 255 } }, ['mode', 'destinationAccount']),
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      await visibleUnit(deps, request, uid);
      const slot = slotOf(idOf(request, 'session'));
      const body = request.body as { mode: 'audioRoom' | 'targetChannel'; destinationAccount: string };
      throwIfInvalid({ destinationAccount: required(body.destinationAccount) ?? undefined });
      runCommand(deps, uid, { type: 'startIntercom', slot, mode: body.mode, destinationAccount: body.destinationAccount });
      return accepted(uid, `start:${slot}`);
    },
  });

  unitRoute(app, deps, {
    method: 'DELETE',
    url: '/v2/units/:id/intercom/session/:session',
    summary: 'Close an intercom session',
    tags: TAGS,
    access: 'operate',
    response: ACCEPTED_RESPONSE,
    handler: async (request) => {
      const uid = idOf(request);
      await visibleUnit(deps, request, uid);
      const slot = slotOf(idOf(request, 'session'));
      runCommand(deps, uid, { type: 'stopIntercom', slot });
      return accepted(uid, `stop:${slot}`);
    },
  });

  for (const [suffix, key, summary] of [
    ['intercom', 'intercom', 'Intercom configuration of a unit (stored)'],
    ['intercom/audiojacks', 'audioJacks', 'Audio jack configuration of the unit’s intercom (stored)'],
  ] as const) {
    unitRoute(app, deps, {
      method: 'PUT',
      url: `/v2/units/:id/${suffix}`,
      summary,
      tags: TAGS,
      access: 'operate',
      body: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] }, maxProperties: 32 },
      response: objectSchema({ uid: { type: 'string' }, [key]: { type: 'object', additionalProperties: true } }, ['uid', key]),
      handler: async (request) => {
        const uid = idOf(request);
        const unit = await visibleUnit(deps, request, uid);
        const value = { ...((unit.settings[key] as object | undefined) ?? {}), ...(request.body as object) };
        await saveSetting(deps, uid, key, value);
        return { uid, [key]: value };
      },
    });
  }
};
