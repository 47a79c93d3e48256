/**
 * System settings (spec 001 §3, 002 §3, super user and staff): client applications, modem
 * vendor/model and AI credentials. Pure rules with the spec's words; the forms and the server's
 * services call the same functions.
 *
 * Ours where the spec shows no rule (docs/domain.md "System settings"):
 * - VID and PID are USB identifiers: 4 hexadecimal digits, kept in capitals; a VID/PID pair is
 *   listed once; names 1..64 characters;
 * - a client application's name is 1..64 characters; its id is the server's (a random UUID);
 * - the console's own application (luc-console) can be neither deactivated nor deleted: every
 *   call the console makes names it;
 * - AI credentials: username and RTMP user 0..128 characters, passwords 0..128 (write-only),
 *   the RTMP url empty or rtmp:// / rtmps:// (at most 1024 characters).
 */
import { firstError, type FormErrors } from './validation/check.ts';
import { maxLength, matches, required } from './validation/fields.ts';

/** spec 001 §8: the refusal of deleting a vendor/model a modem names. */
export const MODEM_VENDOR_IN_USE = 'Modem vendor data could not be deleted. It may be tied to a modem';

export const HEX_ID_MESSAGE = 'Must be 4 hexadecimal digits (0-9, A-F)';
export const MODEM_VENDOR_TAKEN = 'This VID and PID pair already exists';
export const CONSOLE_APPLICATION_LOCKED = 'The console’s own client application cannot be deactivated or deleted';
export const RTMP_URL_MESSAGE = 'Must be an rtmp:// or rtmps:// address';

export const SETTING_NAME_MAX_LENGTH = 64;
export const AI_TEXT_MAX_LENGTH = 128;
export const RTMP_URL_MAX_LENGTH = 1024;

const HEX4 = /^[0-9a-fA-F]{4}$/;
const RTMP_URL = /^rtmps?:\/\/[^\s/]+(\/\S*)?$/i;

/** A VID or PID as stored: trimmed, capitals. */
export const normalizeHexId = (value: string): string => value.trim().toUpperCase();

const settingName = (value: string) => firstError(value, [required, maxLength(SETTING_NAME_MAX_LENGTH)]);
const hexId = (value: string) => firstError(value.trim(), [required, matches(HEX4, HEX_ID_MESSAGE)]);

export interface ClientApplicationForm {
  readonly name: string;
}
export function clientApplicationErrors(form: ClientApplicationForm): FormErrors<'name'> {
  const name = settingName(form.name);
  return name === null ? {} : { name };
}

/** Refusal of a change to the console's own application (deactivate or delete), null when allowed. */
export function clientApplicationLockRefusal(applicationId: string, consoleId: string, change: 'deactivate' | 'delete' | 'rename'): string | null {
  return applicationId === consoleId && change !== 'rename' ? CONSOLE_APPLICATION_LOCKED : null;
}

export interface ModemVendorForm {
  readonly vid: string;
  readonly vidName: string;
  readonly pid: string;
  readonly pidName: string;
}
export type ModemVendorField = keyof ModemVendorForm;
export function modemVendorErrors(form: ModemVendorForm): FormErrors<ModemVendorField> {
  const errors: FormErrors<ModemVendorField> = {};
  const vid = hexId(form.vid);
  const pid = hexId(form.pid);
  const vidName = settingName(form.vidName);
  const pidName = settingName(form.pidName);
  if (vid !== null) errors.vid = vid;
  if (pid !== null) errors.pid = pid;
  if (vidName !== null) errors.vidName = vidName;
  if (pidName !== null) errors.pidName = pidName;
  return errors;
}

/** spec 001 §8: a vendor/model that a modem names is not deleted. */
export function modemVendorDeletionRefusal(modemsUsingIt: number): string | null {
  return modemsUsingIt > 0 ? MODEM_VENDOR_IN_USE : null;
}

export interface AiSettingsForm {
  readonly username: string;
  readonly rtmpUrl: string;
  readonly rtmpUser: string;
  /** Undefined: unchanged (write-only field). */
  readonly password?: string | undefined;
  readonly rtmpPassword?: string | undefined;
}
export type AiSettingsField = keyof AiSettingsForm;
export function aiSettingsErrors(form: AiSettingsForm): FormErrors<AiSettingsField> {
  const errors: FormErrors<AiSettingsField> = {};
  const long = maxLength(AI_TEXT_MAX_LENGTH);
  const username = long(form.username);
  const rtmpUser = long(form.rtmpUser);
  const rtmpUrl = firstError(form.rtmpUrl.trim(), [maxLength(RTMP_URL_MAX_LENGTH), (v) => (v === '' || RTMP_URL.test(v ?? '') ? null : RTMP_URL_MESSAGE)]);
  const password = form.password === undefined ? null : long(form.password);
  const rtmpPassword = form.rtmpPassword === undefined ? null : long(form.rtmpPassword);
  if (username !== null) errors.username = username;
  if (rtmpUser !== null) errors.rtmpUser = rtmpUser;
  if (rtmpUrl !== null) errors.rtmpUrl = rtmpUrl;
  if (password !== null) errors.password = password;
  if (rtmpPassword !== null) errors.rtmpPassword = rtmpPassword;
  return errors;
}
