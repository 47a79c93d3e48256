/**
 * Global notification (spec 002 §3, §4, §9): shown until expireDate, flagged when it expires within
 * 24 hours and again within 2 hours. Times are ms since the epoch.
 */
import { NOTIFICATION_EXPIRING_SOON_MS, NOTIFICATION_EXPIRING_VERY_SOON_MS } from './constants.ts';

export const NOTIFICATION_FLAG_24H_MS = NOTIFICATION_EXPIRING_SOON_MS; // spec 002 §9 "Notification expiry flags 2 h and 24 h"
export const NOTIFICATION_FLAG_2H_MS = NOTIFICATION_EXPIRING_VERY_SOON_MS;

export interface GlobalNotification {
  readonly globalNotification: string;
  /** ms since the epoch; null means the notification does not expire. */
  readonly expireDate: number | null;
}

export interface NotificationFlags {
  readonly shown: boolean;
  readonly expiresWithin24h: boolean;
  readonly expiresWithin2h: boolean;
}

/**
 * shown while now < expireDate (at expireDate it is gone). "Within" includes the boundary: exactly
 * 2 hours left is within 2 hours, 2 hours and 1 ms is not. A notification without expiry is shown
 * and never flagged. A shown notification within 2 hours is also within 24 hours.
 */
export function notificationFlags(expireDate: number | null, now: number): NotificationFlags {
  if (expireDate === null) return { shown: true, expiresWithin24h: false, expiresWithin2h: false };
  const left = expireDate - now;
  const shown = left > 0;
  return {
    shown,
    expiresWithin24h: shown && left <= NOTIFICATION_FLAG_24H_MS,
    expiresWithin2h: shown && left <= NOTIFICATION_FLAG_2H_MS,
  };
}

/** A notification is displayed when it has text and has not expired. */
export function isNotificationShown(notification: GlobalNotification, now: number): boolean {
  return notification.globalNotification.trim() !== '' && notificationFlags(notification.expireDate, now).shown;
}
