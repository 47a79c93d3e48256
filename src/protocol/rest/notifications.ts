/**
 * What the console polls to tell the operator (spec 002 §3 Notification, §4, §7
 * client_notifications/fetch; spec 000 §3 alerts, §7 v2/alerts/active).
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, CurrentGroup } from './common.ts';
import { ALERT_SEVERITIES, ALERT_TYPES } from '../../domain/units/interface.ts';

/** A global notification not yet expired, with the 24 h and 2 h flags of spec 002 §4. */
export const ClientNotification = Schema.Struct({
  id: Id,
  globalNotification: Schema.String,
  expireDate: EpochMs,
  expiresWithin24h: Schema.Boolean,
  expiresWithin2h: Schema.Boolean,
});
export type ClientNotification = typeof ClientNotification.Type;

export const fetchClientNotifications = endpoint({
  method: 'GET',
  path: 'client_notifications/fetch',
  summary: 'Global notifications not yet expired, with the 24 h and 2 h expiry flags (spec 002 §3, §4)',
  tags: ['notifications'],
  response: Schema.Array(ClientNotification),
});

/** An active alert of a unit (unit.alert data of protocol.md, with its text). */
export const ActiveAlert = Schema.Struct({
  id: Schema.String,
  entityUniqueId: Schema.String,
  type: Schema.Literals(ALERT_TYPES),
  severity: Schema.Literals(ALERT_SEVERITIES),
  active: Schema.Boolean,
  message: Schema.String,
});
export type ActiveAlert = typeof ActiveAlert.Type;

export const activeAlerts = endpoint({
  method: 'GET',
  path: 'v2/alerts/active',
  summary: 'Active alerts of the units of a group (one of the caller’s groups)',
  tags: ['alerts'],
  query: Schema.Struct({ groupId: Id, crnt_vcg_uid: Schema.optionalKey(CurrentGroup) }),
  response: Schema.Array(ActiveAlert),
});

export const NOTIFICATION_ENDPOINTS = [fetchClientNotifications, activeAlerts] as const;
