/**
 * Alerts configuration (spec 000 §3 alerts, §9 "Alerts: critical and warning; battery-level
 * threshold in percent; e-mail list"), shared by a unit's and a group's configuration calls.
 */
import { Schema } from 'effect';
import { ALERT_SEVERITIES } from '../../domain/units/interface.ts';

/** At most this many addresses in an alert e-mail list (ours). */
export const ALERT_EMAILS_MAX = 50;

export const AlertSeverity = Schema.Literals(ALERT_SEVERITIES);

export const AlertsConfiguration = Schema.Struct({
  battery: Schema.optionalKey(
    Schema.Struct({
      enabled: Schema.optionalKey(Schema.Boolean),
      thresholdPct: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 }))),
      severity: Schema.optionalKey(AlertSeverity),
    }),
  ),
  cameraDisconnected: Schema.optionalKey(
    Schema.Struct({
      enabled: Schema.optionalKey(Schema.Boolean),
      severity: Schema.optionalKey(AlertSeverity),
    }),
  ),
  emails: Schema.optionalKey(Schema.Array(Schema.String.check(Schema.isMaxLength(255))).check(Schema.isMaxLength(ALERT_EMAILS_MAX))),
});
export type AlertsConfiguration = typeof AlertsConfiguration.Type;
