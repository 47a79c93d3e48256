import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ERRORS,
  HTTP_CALLS,
  httpErrorMessage,
  reactionToHttpError,
  sendLogsRefusal,
  type HttpCall,
  type HttpErrorReaction,
  type SendLogsState,
} from './errors.ts';
import { formatMessage } from './validation/messages.ts';

describe('texts the specs quote word for word', () => {
  it.each<[string, string, string]>([
    ['sendLogs.channelBusy', ERRORS.sendLogs.channelBusy, 'Selected channel is busy'],
    ['sendLogs.channelOffline', ERRORS.sendLogs.channelOffline, 'Selected channel is offline'],
    ['name.alreadyInUse', ERRORS.name.alreadyInUse, 'Please select a different name. The current name is already in use'],
    ['guestInvite.generic', ERRORS.guestInvite.generic, 'We encountered an error, please try again.'],
    ['loading.internalError', ERRORS.loading.internalError, 'Internal Error'],
    ['access.notAllowed', ERRORS.access.notAllowed, 'You are not allowed to access this application.'],
    ['generic.unknownError', ERRORS.generic.unknownError, 'Unknown error'],
    ['generic.genericError', ERRORS.generic.genericError, 'Generic Error'],
    ['generic.featureDisabled', ERRORS.generic.featureDisabled, 'Feature disabled'],
    ['generic.inventoryConfigurationExists', ERRORS.generic.inventoryConfigurationExists, 'Inventory configuration already exists'],
    ['generic.contactSupport', ERRORS.generic.contactSupport, 'Please contact support'],
    ['generic.itemsCannotBeDisplayed', ERRORS.generic.itemsCannotBeDisplayed, 'Items cannot be displayed'],
    ['generic.configurationUnavailable', ERRORS.generic.configurationUnavailable, 'Configuration unavailable'],
    ['licence.outputChannels', ERRORS.licence.outputChannels, 'Server supports up to {0} output channels'],
  ])('%s is %j', (_key, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('fills the battery alert threshold in percent', () => {
    expect(formatMessage(ERRORS.alerts.batteryBelow, { 0: 20 })).toBe('Battery level is below 20%');
  });

  it('writes every text as non-empty, trimmed, single-line text', () => {
    for (const group of Object.values(ERRORS)) {
      for (const text of Object.values(group) as string[]) {
        expect(text.length).toBeGreaterThan(0);
        expect(text).toBe(text.trim());
        expect(text).not.toMatch(/\n/);
      }
    }
  });

  it.each(['sendLogs', 'modem', 'unit', 'guestInvite', 'videoReturn', 'speedTest', 'licence', 'social', 'upgrade', 'users', 'usageProfiles', 'ingest', 'ifbMode', 'generic', 'channelWarnings', 'alerts'])(
    'groups the %s area',
    (area) => {
      expect(Object.keys(ERRORS)).toContain(area);
    },
  );
});

describe('reactionToHttpError (spec 002 §8 "Transport")', () => {
  it.each<[number, HttpCall, HttpErrorReaction]>([
    [401, 'other', 'toLogin'],
    [401, 'clientConfiguration', 'toLogin'],
    [401, 'userPreferences', 'toLogin'],
    [401, 'loadUnits', 'toLogin'],
    [401, 'videoReturnUpdate', 'toLogin'],
    [403, 'clientConfiguration', 'rejectLoad'],
    [500, 'clientConfiguration', 'showMessage'],
    [402, 'clientConfiguration', 'showMessage'],
    [403, 'other', 'showMessage'],
    [500, 'userPreferences', 'toErrorPage'],
    [403, 'userPreferences', 'toErrorPage'],
    [0, 'userPreferences', 'toErrorPage'],
    [404, 'videoReturnUpdate', 'debugOnly'],
    [500, 'videoReturnUpdate', 'showMessage'],
    [500, 'loadUnits', 'showMessage'],
    [404, 'other', 'showMessage'],
  ])('HTTP %i on %s → %s', (status, call, expected) => {
    expect(reactionToHttpError({ status, call })).toBe(expected);
  });

  it('sends 401 on any call to the login page', () => {
    fc.assert(fc.property(fc.constantFrom(...HTTP_CALLS), (call) => reactionToHttpError({ status: 401, call }) === 'toLogin'));
  });

  it.each<[number, HttpCall, string]>([
    [500, 'loadUnits', 'Internal Error'],
    [502, 'loadUnits', 'We encountered an error, please try again.'],
    [500, 'other', 'We encountered an error, please try again.'],
  ])('shows HTTP %i on %s as %j', (status, call, message) => {
    expect(httpErrorMessage({ status, call })).toBe(message);
  });
});

describe('sendLogsRefusal (spec 000 §8 "Send logs", 001 §8)', () => {
  const ready: SendLogsState = {
    unitOnline: true,
    unitIdle: true,
    channel: { id: 'ch1', offline: false, busy: false, supportsLogs: true },
    serverSendingLogsOf: null,
    channelsFetchingLogs: [],
  };
  const channel = { id: 'ch1', offline: false, busy: false, supportsLogs: true };

  it.each<[string, Partial<SendLogsState>, string | null]>([
    ['an online idle unit with an idle channel', {}, null],
    ['an offline unit', { unitOnline: false, unitIdle: false }, 'Selected channel is offline'],
    ['a busy (streaming) unit', { unitIdle: false, unitBusy: true }, 'Selected channel is busy'],
    ['an online unit that is not idle nor busy (store only)', { unitIdle: false, unitBusy: false }, 'Logs can be sent only when the unit is online and idle.'],
    ['an offline channel', { channel: { ...channel, offline: true } }, 'Selected channel is offline'],
    ['a busy channel', { channel: { ...channel, busy: true } }, 'Selected channel is busy'],
    ['a channel that cannot send logs', { channel: { ...channel, supportsLogs: false } }, 'The selected channel does not support sending logs. You can send the unit logs only.'],
    ['a server sending another channel’s logs', { serverSendingLogsOf: 'ch2' }, 'The server is busy sending the logs of another channel. Please try again later.'],
    ['a server sending this channel’s logs', { serverSendingLogsOf: 'ch1' }, null],
    ['another channel fetching logs', { channelsFetchingLogs: ['ch9'] }, 'Only one channel can fetch logs at a time.'],
    ['only this channel fetching logs', { channelsFetchingLogs: ['ch1'] }, null],
    ['unit logs only, with no channel', { channel: null, channelsFetchingLogs: ['ch9'], serverSendingLogsOf: 'ch2' }, null],
    ['unit logs only from an offline unit', { channel: null, unitOnline: false }, 'Selected channel is offline'],
  ])('answers %s', (_name, overrides, expected) => {
    expect(sendLogsRefusal({ ...ready, ...overrides })?.message ?? null).toBe(expected);
  });

  it('says offline before busy when a channel is both', () => {
    expect(sendLogsRefusal({ ...ready, channel: { ...channel, offline: true, busy: true } })?.reason).toBe('channelOffline');
  });

  it('never allows sending logs from a unit that is not online and idle', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (online, idle, offline, busy) => {
        const refusal = sendLogsRefusal({ ...ready, unitOnline: online, unitIdle: idle, channel: { ...channel, offline, busy } });
        if (!online) expect(refusal?.reason).toBe('channelOffline');
        else if (!idle) expect(refusal?.reason).toBe('unitNotOnlineIdle');
        else expect(refusal === null).toBe(!offline && !busy);
      }),
    );
  });
});
