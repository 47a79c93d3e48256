import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { FRAME_RATE_MESSAGE, type StreamingDestination, destinationErrors } from './destinations.ts';
import { RESERVED_SOURCE_PORT_MESSAGE } from './ports.ts';

const UNIQUE_STREAM_ID = 'Please make sure Stream ID is unique between the different streams'; // spec 002 §5

const rtmp = (extra: Partial<StreamingDestination> = {}): StreamingDestination => ({ name: 'YouTube main', streamType: 'rtmp', ...extra });
const srt = (extra: Partial<StreamingDestination> = {}): StreamingDestination => ({ name: 'SRT out', streamType: 'srt', srtMode: 'caller', ...extra });
const mpegts = (extra: Partial<StreamingDestination> = {}): StreamingDestination => ({
  name: 'TS out',
  streamType: 'mpegts',
  mpegTsIp: '10.0.0.20',
  mpegTsPort: 5000,
  mpegTsVideoBitrate: 4000,
  ...extra,
});

const others = [
  { name: 'Facebook', streamId: 'abc-123' },
  { name: 'Twitch', streamId: null },
];

describe('destinationErrors: name and stream ID (spec 001 §5, 002 §5)', () => {
  it.each([
    ['a fresh name', {}, rtmp()],
    ['a missing name', { name: 'This field is required' }, rtmp({ name: '' })],
    ['a name another destination uses', { name: 'Name field has to be unique' }, rtmp({ name: 'facebook ' })],
    ['a fresh stream ID', {}, rtmp({ streamId: 'xyz-789' })],
    ['a stream ID another stream uses', { streamId: UNIQUE_STREAM_ID }, rtmp({ streamId: 'abc-123' })],
    ['no stream ID', {}, rtmp({ streamId: '' })],
  ])('answers %s with %j', (_label, expected, destination) => {
    expect(destinationErrors(destination, others)).toEqual(expected);
  });

  it('flags the stream ID whenever another stream already carries it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{1,20}$/), (streamId) =>
        destinationErrors(rtmp({ streamId }), [{ name: 'Other', streamId }]).streamId === UNIQUE_STREAM_ID,
      ),
    );
  });
});

describe('destinationErrors: frame rate and source port (spec 001 §3, §5)', () => {
  it.each([
    ['25 fps', {}, rtmp({ maxFrameRate: 25 })],
    ['30 fps', {}, rtmp({ maxFrameRate: '30' })],
    ['24 fps', { maxFrameRate: FRAME_RATE_MESSAGE }, rtmp({ maxFrameRate: 24 })],
    ['60 fps', { maxFrameRate: FRAME_RATE_MESSAGE }, rtmp({ maxFrameRate: 60 })],
    ['a text frame rate', { maxFrameRate: 'Must be a number' }, rtmp({ maxFrameRate: 'fast' })],
    ['source port 553', {}, srt({ sourcePort: 553 })],
    ['source port 554', { sourcePort: RESERVED_SOURCE_PORT_MESSAGE }, srt({ sourcePort: 554 })],
    ['source port 557', { sourcePort: RESERVED_SOURCE_PORT_MESSAGE }, srt({ sourcePort: 557 })],
    ['source port 558', {}, srt({ sourcePort: 558 })],
    ['source port 65536', { sourcePort: 'Must be 65535 or less' }, srt({ sourcePort: 65536 })],
  ])('answers %s with %j', (_label, expected, destination) => {
    expect(destinationErrors(destination, [])).toEqual(expected);
  });
});

describe('destinationErrors: SRT (spec 001 §3, §5)', () => {
  it.each([
    ['listener mode', {}, srt({ srtMode: 'listener' })],
    ['caller mode', {}, srt({ srtMode: 'caller' })],
    ['no mode', { srtMode: 'This field is required' }, srt({ srtMode: '' })],
    ['an unknown mode', { srtMode: 'Invalid field' }, srt({ srtMode: 'rendezvous' })],
    ['no passphrase (no encryption)', {}, srt({ passphrase: '' })],
    ['a 9-character passphrase', { passphrase: 'Must have at least 10 characters' }, srt({ passphrase: 'k'.repeat(9) })],
    ['a 10-character passphrase', {}, srt({ passphrase: 'k'.repeat(10) })],
    ['a 64-character passphrase', {}, srt({ passphrase: 'k'.repeat(64) })],
    ['a 65-character passphrase', { passphrase: 'Must have at most 64 characters' }, srt({ passphrase: 'k'.repeat(65) })],
  ])('answers %s with %j', (_label, expected, destination) => {
    expect(destinationErrors(destination, [])).toEqual(expected);
  });

  it('accepts every passphrase of 10 to 64 characters and refuses 1-9 or 65+', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (length) => {
        const ok = destinationErrors(srt({ passphrase: 'p'.repeat(length) }), []).passphrase === undefined;
        return ok === (length >= 10 && length <= 64);
      }),
    );
  });
});

describe('destinationErrors: MPEG-TS (spec 001 §5, §9)', () => {
  it.each([
    ['valid settings', {}, mpegts()],
    ['a missing IP', { mpegTsIp: 'This field is required' }, mpegts({ mpegTsIp: '' })],
    ['an invalid IP', { mpegTsIp: 'Invalid IP field' }, mpegts({ mpegTsIp: '10.0.0.256' })],
    ['port -1', { mpegTsPort: 'Must be 0 or more' }, mpegts({ mpegTsPort: -1 })],
    ['port 0', {}, mpegts({ mpegTsPort: 0 })],
    ['port 65535', {}, mpegts({ mpegTsPort: 65535 })],
    ['port 65536', { mpegTsPort: 'Must be 65535 or less' }, mpegts({ mpegTsPort: 65536 })],
    ['a missing port', { mpegTsPort: 'This field is required' }, mpegts({ mpegTsPort: '' })],
    ['bitrate 1999 kbps', { mpegTsVideoBitrate: 'Must be 2000 or more' }, mpegts({ mpegTsVideoBitrate: 1999 })],
    ['bitrate 2000 kbps', {}, mpegts({ mpegTsVideoBitrate: 2000 })],
    ['bitrate 8000 kbps', {}, mpegts({ mpegTsVideoBitrate: 8000 })],
    ['bitrate 8001 kbps', { mpegTsVideoBitrate: 'Must be 8000 or less' }, mpegts({ mpegTsVideoBitrate: 8001 })],
    ['a missing bitrate', { mpegTsVideoBitrate: 'This field is required' }, mpegts({ mpegTsVideoBitrate: null })],
  ])('answers %s with %j', (_label, expected, destination) => {
    expect(destinationErrors(destination, [])).toEqual(expected);
  });

  it('does not check MPEG-TS fields on an RTMP destination', () => {
    expect(destinationErrors(rtmp({ mpegTsIp: 'nope', mpegTsPort: 70000, mpegTsVideoBitrate: 1 }), [])).toEqual({});
  });

  it('accepts exactly the bitrates 2000-8000 kbps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), (kbps) =>
        (destinationErrors(mpegts({ mpegTsVideoBitrate: kbps }), []).mpegTsVideoBitrate === undefined) === (kbps >= 2000 && kbps <= 8000),
      ),
    );
  });
});
