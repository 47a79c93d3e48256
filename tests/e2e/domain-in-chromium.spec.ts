import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import * as domain from '../../src/domain/index.ts';
import { DOMAIN_BUNDLE } from './global-setup.ts';

// The fleet worker runs src/domain inside Chromium; the replay tool and the server run it in Node.
// These tests load the bundled domain into a blank Chromium page and check that it gives exactly
// Node's answers on generated inputs, so the two can never drift apart.

type DomainGlobal = typeof domain;
declare global {
  interface Window {
    LucDomain: DomainGlobal;
  }
}

const applicationNames = domain.units.APPLICATION_NAMES;
const applicationsArb = fc.dictionary(
  fc.constantFrom(...applicationNames),
  fc.oneof(fc.constant({}), fc.record({ state: fc.constantFrom('streaming', 'speedtest', 'connecting') })),
  { maxKeys: 6 },
);
const rawStatusArb = fc.record(
  { state: fc.constantFrom('online', 'offline', 'unavailable', 'idle', ''), applications: applicationsArb },
  { requiredKeys: [] },
);
const flagsArb = fc.record({ isDemo: fc.boolean(), isBlockedVendor: fc.boolean() });

test.beforeEach(async ({ page }) => {
  await page.setContent('<!doctype html><title>domain</title>');
  await page.addScriptTag({ content: readFileSync(DOMAIN_BUNDLE, 'utf8') });
});

test('derives the same unit status in Chromium as in Node for 2,000 generated units', async ({ page }) => {
  const cases = fc.sample(fc.tuple(rawStatusArb, flagsArb), { numRuns: 2_000, seed: 20261121 });
  const inBrowser = await page.evaluate(
    (inputs) => inputs.map(([raw, flags]) => window.LucDomain.units.deriveUnitStatus(raw, flags)),
    cases,
  );
  const inNode = cases.map(([raw, flags]) => domain.units.deriveUnitStatus(raw, flags));
  expect(inBrowser).toEqual(inNode);
  // The sample must exercise the rule, not only its default: most statuses appear.
  expect(new Set(inNode).size).toBeGreaterThanOrEqual(8);
});

test('counts the same transitions in Chromium as in Node', async ({ page }) => {
  const statuses = domain.units.UNIT_STATUSES;
  const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));
  const inBrowser = await page.evaluate(
    (input) => input.map(([from, to]) => window.LucDomain.units.transitionBetween(from, to)),
    pairs,
  );
  expect(inBrowser).toEqual(pairs.map(([from, to]) => domain.units.transitionBetween(from, to)));
  expect(inBrowser).toContain('streamingToOffline');
});

test('orders software versions the same way in Chromium as in Node', async ({ page }) => {
  const versionArb = fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
  const pairs = fc.sample(fc.tuple(versionArb, versionArb), { numRuns: 1_000, seed: 7 });
  const inBrowser = await page.evaluate(
    (input) => input.map(([a, b]) => window.LucDomain.versions.compareVersions(a, b)),
    pairs,
  );
  expect(inBrowser).toEqual(pairs.map(([a, b]) => domain.versions.compareVersions(a, b)));
});

test('makes the same route-guard decision in Chromium as in Node for every user type and route', async ({ page }) => {
  const paths = [...domain.roles.ROUTES.map((route) => route.path.replace(':id', 'U1')), '/no/such/page'];
  const requests = domain.roles.USER_TYPES.flatMap((userType) =>
    paths.map((pathname) => ({
      user: { roles: [userType], secondsToPwdExpiration: null, passwordNoticePostponed: false },
      pathname,
      query: {},
      preferences: {},
      from: null,
      preferencesFailed: false,
      isInitialNavigation: false,
    })),
  );
  const inBrowser = await page.evaluate((input) => input.map((request) => window.LucDomain.roles.decideRoute(request)), requests);
  const inNode = requests.map((request) => domain.roles.decideRoute(request));
  expect(inBrowser).toEqual(inNode);
  expect(inNode.filter((decision) => decision.kind === 'redirect').length).toBeGreaterThan(0);
});

test('gives the spec messages for a streaming destination in Chromium as in Node', async ({ page }) => {
  const destinations = fc.sample(
    fc.record({
      name: fc.constantFrom('', 'Main', 'main'),
      streamType: fc.constantFrom('rtmp', 'srt', 'mpegts'),
      mpegTsIp: fc.constantFrom('10.0.0.1', '300.1.1.1', ''),
      mpegTsPort: fc.integer({ min: -1, max: 65_536 }),
      mpegTsVideoBitrate: fc.integer({ min: 1_999, max: 8_001 }),
      srtPassphrase: fc.string({ maxLength: 70 }),
      sourcePort: fc.integer({ min: 550, max: 560 }),
    }),
    { numRuns: 500, seed: 3 },
  );
  const others = [{ name: 'Main', streamId: 'a' }];
  const inBrowser = await page.evaluate(
    ([input, taken]) => input.map((destination) => window.LucDomain.validation.destinations.destinationErrors(destination as never, taken)),
    [destinations, others] as const,
  );
  const inNode = destinations.map((destination) => domain.validation.destinations.destinationErrors(destination as never, others));
  expect(inBrowser).toEqual(inNode);
  expect(JSON.stringify(inNode)).toContain('Name field has to be unique');
});
