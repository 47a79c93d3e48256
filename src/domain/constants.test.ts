import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import * as C from './constants.ts';
import { formatBitrate, runTimedRetry, type Schedule, type TimedRetryOutcome } from './constants.ts';

describe('business constants quote the specs (000 §9, 001 §9, 002 §9)', () => {
  it.each<[string, unknown, unknown]>([
    ['UNIT_SEARCH_PAGE_SIZE', C.UNIT_SEARCH_PAGE_SIZE, 50],
    ['GROUP_SEARCH_PAGE_SIZE', C.GROUP_SEARCH_PAGE_SIZE, 50],
    ['GRID_PAGE_SIZE', C.GRID_PAGE_SIZE, 50],
    ['DEFAULT_SEARCH_LIMIT', C.DEFAULT_SEARCH_LIMIT, 50],
    ['MULTIPOINT_SERVERS_LIST_LIMIT', C.MULTIPOINT_SERVERS_LIST_LIMIT, 1000],
    ['DEFAULT_SEARCH_KEY', C.DEFAULT_SEARCH_KEY, 'name'],
    ['SPEED_TEST_TIMEOUT_S', C.SPEED_TEST_TIMEOUT_S, 10],
    ['UNIT_COMMENT_MAX_CHARS', C.UNIT_COMMENT_MAX_CHARS, 100],
    ['METADATA_MAX_CHARS', C.METADATA_MAX_CHARS, 1024],
    ['FILE_NAME_PREFIX_MAX_CHARS', C.FILE_NAME_PREFIX_MAX_CHARS, 32],
    ['USER_LABEL_MAX_CHARS', C.USER_LABEL_MAX_CHARS, 30],
    ['NAME_MAX_CHARS', C.NAME_MAX_CHARS, 255],
    ['SHARE_NAME 1-32', [C.SHARE_NAME_MIN_CHARS, C.SHARE_NAME_MAX_CHARS], [1, 32]],
    ['USERNAME 3-255', [C.USERNAME_MIN_CHARS, C.USERNAME_MAX_CHARS], [3, 255]],
    ['PASSWORD_MIN_CHARS', C.PASSWORD_MIN_CHARS, 8],
    ['HD max Mbps single / multi camera', [C.HD_MAX_MBPS_SINGLE_CAMERA, C.HD_MAX_MBPS_MULTI_CAMERA], [20, 15]],
    ['KBPS_DISPLAY_MAX', C.KBPS_DISPLAY_MAX, 1024],
    ['smart limit default/min/max kbps', [C.SMART_BW_LIMIT_DEFAULT_KBPS, C.SMART_BW_LIMIT_MIN_KBPS, C.SMART_BW_LIMIT_MAX_KBPS], [0, 1000, 20000]],
    ['CAPPING_OPTIONS', C.CAPPING_OPTIONS, ['disabled', 'custom', 3.6, 4.2, 4.4, 5.5, 6.2, 8.0]],
    ['MULTI_HQ_MAX_CAMERAS', C.MULTI_HQ_MAX_CAMERAS, 4],
    ['ON_THE_FLY_DELAY_MIN_MS', C.ON_THE_FLY_DELAY_MIN_MS, 900],
    ['LOW_DELAY_BELOW_MS', C.LOW_DELAY_BELOW_MS, 1000],
    ['delay lists 400-20000, camera from 500', [C.DELAY_LIST_MIN_MS, C.DELAY_LIST_MAX_MS, C.CAMERA_DELAY_LIST_MIN_MS], [400, 20000, 500]],
    ['ETHERNET_WIFI_ONLY_BELOW_DELAY_MS', C.ETHERNET_WIFI_ONLY_BELOW_DELAY_MS, 800],
    ['INTERFACE_TOGGLE_MAX_MS', C.INTERFACE_TOGGLE_MAX_MS, 60_000],
    ['cellular scan 1-2 min', [C.CELLULAR_SCAN_MIN_MS, C.CELLULAR_SCAN_MAX_MS], [60_000, 120_000]],
    ['OPERATOR_SWITCH_MAX_MS', C.OPERATOR_SWITCH_MAX_MS, 30_000],
    ['IFB delay 700 → 300', [C.IFB_DELAY_NORMAL_MS, C.IFB_DELAY_LOW_MS], [700, 300]],
    ['IP_PIPE_MAX_MBPS_EXCLUSIVE', C.IP_PIPE_MAX_MBPS_EXCLUSIVE, 1],
    ['AD_HOC_PERIODS', C.AD_HOC_PERIODS.map((period) => period.label), ['1 day', '3 days', '1 week', '1 month']],
    ['KEY_REGENERATION_OPTIONS', C.KEY_REGENERATION_OPTIONS, ['never', 'daily', 'weekly', 'monthly']],
    ['USAGE_RESET_MONTHS', C.USAGE_RESET_MONTHS, [3, 6, 12, 'never']],
    ['usage reset day 1-31', [C.USAGE_RESET_DAY_MIN, C.USAGE_RESET_DAY_MAX], [1, 31]],
    ['RESOLUTIONS', C.RESOLUTIONS, ['1080p60', '1080p50', '1080i60', '1080i50', '720p60', '720p50', '576i', '576i 16:9', '480i', '480i 16:9']],
    ['audio channels 2+, SDI from 4', [C.AUDIO_MIN_CHANNELS, C.AUDIO_SDI_FROM_CHANNELS], [2, 4]],
    ['AUDIO_BITRATES_KBPS', C.AUDIO_BITRATES_KBPS, [96, 128, 192]],
    ['AUDIO_CODEC', C.AUDIO_CODEC, 'AAC-LC'],
    ['COLOUR_DEPTHS', C.COLOUR_DEPTHS, ['8-bit', '10-bit/HDR']],
    ['VIDEO_COMPLEXITY_LEVELS', C.VIDEO_COMPLEXITY_LEVELS, ['Standard', 'Medium', 'Complex']],
    ['NETWORK_MODES', C.NETWORK_MODES, ['3G/4G/5G', '3G/4G', '4G']],
    ['BANDWIDTH_PRIORITY_GROUPS', C.BANDWIDTH_PRIORITY_GROUPS, ['cellular', 'ETH1', 'ETH2', 'Wi-Fi']],
    ['BANDWIDTH_PRIORITIES', C.BANDWIDTH_PRIORITIES, [1, 2, 3, 4]],
    ['QUALITY_TIERS', C.QUALITY_TIERS, { high: 'uhd', standard: 'hd', low: 'sd' }],
    ['stale enhanced/settings/services/SMPTE ms', [C.ENHANCED_STALE_MS, C.SETTINGS_STALE_MS, C.SERVICES_STALE_MS, C.SMPTE_METADATA_STALE_MS], [60_000, 60_000, 1_800_000, 60_000]],
    ['VIRTUAL_CHANNEL_RETRIES', C.VIRTUAL_CHANNEL_RETRIES, 7],
    ['transition polling 10 × 2 s', [C.TRANSITION_POLL_COUNT, C.TRANSITION_POLL_INTERVAL_MS], [10, 2000]],
    ['retry helper 1 s × 5', [C.RETRY_HELPER_INTERVAL_MS, C.RETRY_HELPER_REPEATS], [1000, 5]],
    ['modem graph 5000 ms × 360', [C.MODEM_GRAPH_STEP_MS, C.MODEM_GRAPH_POINTS], [5000, 360]],
    ['UPLOADED_FILES_KEPT_PER_UNIT', C.UPLOADED_FILES_KEPT_PER_UNIT, 10],
    ['WEBSOCKET_RECONNECT_MS', C.WEBSOCKET_RECONNECT_MS, 10_000],
    ['SUBSCRIPTION_BATCH_SIZE', C.SUBSCRIPTION_BATCH_SIZE, 50],
    ['polling 300000 ms, start 1-300 s', [C.BACKGROUND_POLL_INTERVAL_MS, C.BACKGROUND_POLL_START_DELAY_MIN_S, C.BACKGROUND_POLL_START_DELAY_MAX_S], [300_000, 1, 300]],
    ['SWITCHER_INPUT_GUARD_MS', C.SWITCHER_INPUT_GUARD_MS, 5000],
    ['IMAGE_PROBE_TIMEOUT_MS', C.IMAGE_PROBE_TIMEOUT_MS, 5000],
    ['support access 8 h', [C.SUPPORT_ACCESS_HOURS, C.SUPPORT_ACCESS_MS], [8, 28_800_000]],
    ['trials go/smart 30 d, graphics 10 h expiring in 30 d', [C.GO_PLAN_TRIAL_DAYS, C.SMART_PLAN_TRIAL_DAYS, C.GRAPHICS_TRIAL_HOURS, C.GRAPHICS_TRIAL_EXPIRES_IN_DAYS], [30, 30, 10, 30]],
    ['overlay 2000x2000 px, 110 KB, min 300x300, PNG', [C.OVERLAY_MAX_WIDTH_PX, C.OVERLAY_MAX_HEIGHT_PX, C.OVERLAY_MAX_BYTES, C.OVERLAY_RECOMMENDED_MIN_WIDTH_PX, C.OVERLAY_RECOMMENDED_MIN_HEIGHT_PX, C.OVERLAY_MIME_TYPE], [2000, 2000, 112_640, 300, 300, 'image/png']],
    ['MPEG-TS bitrate 2000-8000', [C.MPEG_TS_VIDEO_BITRATE_MIN_KBPS, C.MPEG_TS_VIDEO_BITRATE_MAX_KBPS], [2000, 8000]],
    ['server channels 8-24', [C.SERVER_MAX_CHANNELS_MIN, C.SERVER_MAX_CHANNELS_MAX], [8, 24]],
    ['genlock -511..511', [C.GENLOCK_OFFSET_MIN, C.GENLOCK_OFFSET_MAX], [-511, 511]],
    ['SRT key 10-64', [C.SRT_KEY_MIN_CHARS, C.SRT_KEY_MAX_CHARS], [10, 64]],
    ['toasts max 5 / 3 s', [C.TOAST_MAX_VISIBLE, C.TOAST_DEFAULT_DURATION_MS], [5, 3000]],
    ['notification flags 24 h / 2 h', [C.NOTIFICATION_EXPIRING_SOON_MS, C.NOTIFICATION_EXPIRING_VERY_SOON_MS], [86_400_000, 7_200_000]],
    ['password warning 14 days', [C.PASSWORD_EXPIRY_WARNING_DAYS, C.PASSWORD_EXPIRY_WARNING_MS], [14, 1_209_600_000]],
    ['search box 365 px / 500 ms', [C.SEARCH_BOX_WIDTH_PX, C.SEARCH_BOX_COLLAPSE_DELAY_MS], [365, 500]],
    ['MULTI_SELECT_MAX_HEIGHT_PX', C.MULTI_SELECT_MAX_HEIGHT_PX, 300],
    ['DEFAULT_CHANNEL_PLACEHOLDER', C.DEFAULT_CHANNEL_PLACEHOLDER, 'External'],
    ['NO_CAMERA_PLACEHOLDER', C.NO_CAMERA_PLACEHOLDER, 'Camera not connected'],
    ['DEFAULT_LANGUAGE', C.DEFAULT_LANGUAGE, 'en'],
    ['unspecified timings', [C.UNSPECIFIED_TIMING_20000_MS, C.UNSPECIFIED_TIMING_30000_MS, C.UNSPECIFIED_TIMING_12000_MS], [20_000, 30_000, 12_000]],
    ['LU_SMART_COUNTRY_DEFAULT', C.LU_SMART_COUNTRY_DEFAULT, 'usa'],
    ['map defaults zoom 3 at 0,0', [C.MAP_DEFAULT_ZOOM, C.MAP_DEFAULT_CENTER], [3, { lat: 0, lng: 0 }]],
    ['MIN_VIDEO_DELAY_MS', C.MIN_VIDEO_DELAY_MS, 1000],
    ['multi-camera priority 1-9', [C.MULTI_CAMERA_PRIORITY_HIGHEST, C.MULTI_CAMERA_PRIORITY_LOWEST], [1, 9]],
    ['MIN_CONNECTED_INTERFACES', C.MIN_CONNECTED_INTERFACES, 2],
    ['DEVICE_LIST_RELOAD_DEBOUNCE_MS', C.DEVICE_LIST_RELOAD_DEBOUNCE_MS, 3000],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('formatBitrate (spec 000 §9: kbps up to 1024, Mbps above)', () => {
  it.each<[number, string]>([
    [0, '0 kbps'],
    [96, '96 kbps'],
    [1023, '1023 kbps'],
    [1024, '1024 kbps'],
    [1025, '1.00 Mbps'],
    [1536, '1.50 Mbps'],
    [20_480, '20.00 Mbps'],
    [1023.6, '1024 kbps'],
    [-5, '0 kbps'],
    [Number.NaN, '0 kbps'],
    [Number.POSITIVE_INFINITY, '0 kbps'],
  ])('shows %d kbps as %j', (kbps, text) => {
    expect(formatBitrate(kbps)).toBe(text);
  });

  it('uses kbps exactly for 0..1024 and Mbps exactly above', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (kbps) => {
        expect(formatBitrate(kbps).endsWith(kbps <= 1024 ? ' kbps' : ' Mbps')).toBe(true);
      }),
    );
  });
});

/** A fake scheduler: records pending runs and fires them when time advances. */
function fakeScheduler(): { schedule: Schedule; advance: (ms: number) => void; now: () => number; pending: () => number } {
  let time = 0;
  let queue: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const schedule: Schedule = (run, delayMs) => {
    const id = nextId++;
    queue.push({ at: time + delayMs, run, id });
    return () => {
      queue = queue.filter((entry) => entry.id !== id);
    };
  };
  const advance = (ms: number): void => {
    const until = time + ms;
    for (;;) {
      const due = queue.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      queue = queue.filter((entry) => entry !== due);
      time = due.at;
      due.run();
    }
    time = until;
  };
  return { schedule, advance, now: () => time, pending: () => queue.length };
}

describe('runTimedRetry (spec 001 §4: default 1 s, up to 5 repeats, stops on false, then end)', () => {
  it('runs the action 5 times at 1000 ms by default, then the end action once', () => {
    const clock = fakeScheduler();
    const runsAt: number[] = [];
    const ends: { at: number; outcome: TimedRetryOutcome }[] = [];
    runTimedRetry(
      () => {
        runsAt.push(clock.now());
        return true;
      },
      (outcome) => ends.push({ at: clock.now(), outcome }),
      {},
      clock.schedule,
    );
    clock.advance(999);
    expect(runsAt).toEqual([]);
    clock.advance(60_000);
    expect(runsAt).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(ends).toEqual([{ at: 5000, outcome: { reason: 'exhausted', runs: 5 } }]);
    expect(clock.pending()).toBe(0);
  });

  it('stops at the first false and runs the end action right away', () => {
    const clock = fakeScheduler();
    let calls = 0;
    const ends: TimedRetryOutcome[] = [];
    runTimedRetry(() => ++calls < 2, (outcome) => ends.push(outcome), { intervalMs: 250 }, clock.schedule);
    clock.advance(10_000);
    expect(calls).toBe(2);
    expect(ends).toEqual([{ reason: 'stopped', runs: 2 }]);
  });

  it('honours a custom interval and repeat count', () => {
    const clock = fakeScheduler();
    const runsAt: number[] = [];
    runTimedRetry(() => (runsAt.push(clock.now()), true), () => undefined, { intervalMs: 2000, repeats: 3 }, clock.schedule);
    clock.advance(100_000);
    expect(runsAt).toEqual([2000, 4000, 6000]);
  });

  it('runs neither action nor end after cancel', () => {
    const clock = fakeScheduler();
    let calls = 0;
    let ended = false;
    const cancel = runTimedRetry(() => (calls++, true), () => (ended = true), {}, clock.schedule);
    clock.advance(2500);
    cancel();
    clock.advance(60_000);
    expect(calls).toBe(2);
    expect(ended).toBe(false);
  });

  it('with 0 repeats never runs the action and ends after one interval', () => {
    const clock = fakeScheduler();
    let calls = 0;
    const ends: TimedRetryOutcome[] = [];
    runTimedRetry(() => (calls++, true), (outcome) => ends.push(outcome), { repeats: 0 }, clock.schedule);
    clock.advance(1000);
    expect(calls).toBe(0);
    expect(ends).toEqual([{ reason: 'exhausted', runs: 0 }]);
  });

  it('runs the action at most `repeats` times and ends exactly once, whatever the action answers', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), fc.integer({ min: 1, max: 10 }), (answers, repeats) => {
        const clock = fakeScheduler();
        let calls = 0;
        const ends: TimedRetryOutcome[] = [];
        runTimedRetry(() => answers[calls++] ?? true, (outcome) => ends.push(outcome), { repeats }, clock.schedule);
        clock.advance(1000 * (repeats + 2));
        const firstFalse = answers.slice(0, repeats).indexOf(false);
        const expectedRuns = firstFalse === -1 ? repeats : firstFalse + 1;
        expect(calls).toBe(expectedRuns);
        expect(ends).toEqual([{ reason: firstFalse === -1 ? 'exhausted' : 'stopped', runs: expectedRuns }]);
      }),
    );
  });
});
