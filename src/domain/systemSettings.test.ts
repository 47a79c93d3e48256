import { describe, expect, it } from 'vitest';
import {
  aiSettingsErrors,
  CONSOLE_APPLICATION_LOCKED,
  clientApplicationErrors,
  clientApplicationLockRefusal,
  HEX_ID_MESSAGE,
  MODEM_VENDOR_IN_USE,
  modemVendorDeletionRefusal,
  modemVendorErrors,
  normalizeHexId,
  RTMP_URL_MESSAGE,
} from './systemSettings.ts';

const REQUIRED = 'This field is required';

describe('modem vendor / model (spec 001 §3 VID and PID values and names)', () => {
  it.each([
    ['1199', null],
    ['2c7c', null],
    ['ABCD', null],
    ['', REQUIRED],
    ['123', HEX_ID_MESSAGE],
    ['12345', HEX_ID_MESSAGE],
    ['12G4', HEX_ID_MESSAGE],
  ])('VID %j → %j', (vid, message) => {
    const errors = modemVendorErrors({ vid, vidName: 'Quectel', pid: '0800', pidName: 'RM500Q' });
    expect(errors.vid ?? null).toBe(message);
  });

  it('requires both names, at most 64 characters', () => {
    expect(modemVendorErrors({ vid: '1199', vidName: ' ', pid: '9091', pidName: 'x'.repeat(65) })).toEqual({ vidName: REQUIRED, pidName: 'Must have at most 64 characters' });
  });

  it('keeps VID and PID in capitals', () => {
    expect(normalizeHexId(' 2c7c ')).toBe('2C7C');
  });

  it('refuses deleting a vendor a modem reports, with the spec’s words (001 §8)', () => {
    expect(modemVendorDeletionRefusal(0)).toBeNull();
    expect(modemVendorDeletionRefusal(3)).toBe(MODEM_VENDOR_IN_USE);
    expect(MODEM_VENDOR_IN_USE).toMatch(/^Modem vendor data could not be deleted/);
  });
});

describe('client applications (spec 002 §3 name, application id, active)', () => {
  it('needs a name of 1 to 64 characters', () => {
    expect(clientApplicationErrors({ name: 'Bridge' })).toEqual({});
    expect(clientApplicationErrors({ name: '' })).toEqual({ name: REQUIRED });
    expect(clientApplicationErrors({ name: 'x'.repeat(65) })).toEqual({ name: 'Must have at most 64 characters' });
  });

  it.each([
    ['luc-console', 'deactivate', CONSOLE_APPLICATION_LOCKED],
    ['luc-console', 'delete', CONSOLE_APPLICATION_LOCKED],
    ['luc-console', 'rename', null],
    ['other', 'deactivate', null],
    ['other', 'delete', null],
  ] as const)('%s %s → %j', (id, change, refusal) => {
    expect(clientApplicationLockRefusal(id, 'luc-console', change)).toBe(refusal);
  });
});

describe('AI credentials (spec 001 §3 username, password, RTMP url, user and password)', () => {
  const ok = { username: 'bot', rtmpUrl: 'rtmp://ai.example.com/live', rtmpUser: 'u' };
  it.each([
    ['', null],
    ['rtmp://host', null],
    ['rtmps://host:443/app/key', null],
    ['http://host', RTMP_URL_MESSAGE],
    ['rtmp://', RTMP_URL_MESSAGE],
    ['rtmp://host with space', RTMP_URL_MESSAGE],
  ])('RTMP url %j → %j', (rtmpUrl, message) => {
    expect(aiSettingsErrors({ ...ok, rtmpUrl }).rtmpUrl ?? null).toBe(message);
  });

  it('checks a password only when one is given (write-only)', () => {
    expect(aiSettingsErrors(ok)).toEqual({});
    expect(aiSettingsErrors({ ...ok, password: 'x'.repeat(129) })).toEqual({ password: 'Must have at most 128 characters' });
  });
});
