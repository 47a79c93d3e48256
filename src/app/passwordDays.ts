/** Seconds in a day: secondsToPwdExpiration (spec 002 §3) is in seconds. */
const DAY_S = 86_400;

/**
 * Whole days left before the password expires, rounded up (1 s left is "1 day", 14 days and 1 s
 * is 15); -1 once it has expired (0 s or less).
 */
export function passwordDaysLeft(secondsToPwdExpiration: number): number {
  return secondsToPwdExpiration <= 0 ? -1 : Math.ceil(secondsToPwdExpiration / DAY_S);
}
