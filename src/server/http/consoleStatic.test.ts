import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerConsoleStatic } from './consoleStatic.ts';

const EXTENSIONS = ['js', 'css', 'woff2', 'woff', 'svg', 'png', 'jpg', 'webp', 'json', 'wasm'] as const;
const dirs: string[] = [];
const apps: FastifyInstance[] = [];

function dist(files: Record<string, Uint8Array | string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'luc-static-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LUC</title>');
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), body);
  return dir;
}

async function consoleApp(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await registerConsoleStatic(app, dir);
  return app;
}

/** The old path: @fastify/static alone over the same folder. */
async function staticOnly(dir: string): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await app.register(fastifyStatic, { root: dir, prefix: '/' });
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('registerConsoleStatic: the build assets from memory', () => {
  it('answers any asset with the same bytes and content type as @fastify/static, marked immutable', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ stem: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), ext: fc.constantFrom(...EXTENSIONS), body: fc.uint8Array({ maxLength: 300_000 }) }), {
          minLength: 1,
          maxLength: 5,
          selector: (file) => `${file.stem}.${file.ext}`,
        }),
        async (files) => {
          const dir = dist(Object.fromEntries(files.map((file) => [`${file.stem}.${file.ext}`, file.body])));
          const fast = await consoleApp(dir);
          const old = await staticOnly(dir);
          for (const file of files) {
            const url = `/assets/${file.stem}.${file.ext}`;
            const [a, b] = await Promise.all([fast.inject({ url }), old.inject({ url })]);
            expect(a.statusCode).toBe(200);
            expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
            expect(a.headers['content-type']).toBe(b.headers['content-type']);
            expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          }
          await Promise.all(apps.splice(0).map((app) => app.close()));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('serves a file written after the start from disk, never a source map, and a clear 404 for a missing one', async () => {
    const dir = dist({ 'a-1.js': 'export {}', 'a-1.js.map': '{}' });
    const app = await consoleApp(dir);
    writeFileSync(join(dir, 'assets', 'later-2.js'), 'export const later = 1;');
    const later = await app.inject({ url: '/assets/later-2.js' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('export const later = 1;');
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const map = await app.inject({ url: '/assets/a-1.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).toContain('/assets/a-1.js.map');
    expect((await app.inject({ url: '/assets/missing-3.js' })).statusCode).toBe(404);
  });

  it('keeps the SPA fallback and HEAD', async () => {
    const app = await consoleApp(dist({ 'a-1.css': 'body{}' }));
    const page = await app.inject({ url: '/list' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>LUC</title>');
    const head = await app.inject({ method: 'HEAD', url: '/assets/a-1.css' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});
