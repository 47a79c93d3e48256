import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { join } from 'node:path';
import { call, signIn, tempDir } from '../../../../tests/integration/server-harness.ts';
import { addForeignUnit, GROUP, idleUnit, startUnitServer, type UnitTestServer } from '../../../../tests/integration/units-harness.ts';
import { clockText, COLOUR_BARS, escapeXml, renderTestCard } from './testCard.ts';

describe('renderTestCard', () => {
  const NOON = Date.UTC(2025, 0, 2, 12, 34, 56);

  it('draws the seven colour bars, the name and the UTC time for an online unit', () => {
    const svg = renderTestCard({ name: 'Truck 7', status: 'idle', now: NOON });
    for (const colour of COLOUR_BARS) expect(svg).toContain(`fill="${colour}"`);
    expect(svg).toContain('>Truck 7<');
    expect(svg).toContain('12:34:56 UTC');
    expect(svg).not.toContain('NO SIGNAL');
    expect(svg).toContain('>online<');
  });

  it('names the status in words ("store and forward")', () => {
    expect(renderTestCard({ name: 'x', status: 'storeandforward', now: NOON })).toContain('>store and forward<');
  });

  it('draws a no-signal card without bars for an offline unit', () => {
    const svg = renderTestCard({ name: 'Cam 1', status: 'offline', now: NOON });
    expect(svg).toContain('NO SIGNAL');
    expect(svg).not.toContain(`fill="${COLOUR_BARS[1]}"`);
  });

  it('escapes markup in the unit name', () => {
    const svg = renderTestCard({ name: '<b>&"x"</b>', status: 'idle', now: NOON });
    expect(svg).toContain('&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;');
    expect(svg).not.toContain('<b>');
  });

  it('never lets a name break out of the SVG', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const svg = renderTestCard({ name, status: 'streaming', now: NOON });
        expect(svg.match(/<svg /g)).toHaveLength(1);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(escapeXml(name)).not.toMatch(/[<>"']/);
      }),
    );
  });

  it.each([
    [0, '00:00:00'],
    [Date.UTC(2025, 5, 1, 23, 59, 59), '23:59:59'],
  ])('formats %d ms as %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });
});

describe('preview route', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let cookie: string;
  let own: string;
  let foreign: string;

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    cookie = await signIn(server, 'luc_regular');
    own = await idleUnit(server);
    foreign = await addForeignUnit(server);
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('answers an SVG test card for a unit of the caller, not cached', async () => {
    const result = await call(server, `v2/units/${own}/preview.svg?crnt_vcg_uid=${GROUP}&t=123`, { cookie });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(result.headers.get('cache-control')).toBe('no-store');
    expect(result.text).toContain(escapeXml((await server.store.units.get(own))?.name ?? '?'));
  });

  it('answers 404 for a unit of another group', async () => {
    const result = await call(server, `v2/units/${foreign}/preview.svg`, { cookie });
    expect(result.status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const result = await call(server, `v2/units/${own}/preview.svg`);
    expect(result.status).toBe(401);
  });
});
