import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';
import { readMemoryAssets } from './memoryAssets.ts';
import { BACKEND_PREFIX } from './paths.ts';

export const NO_BUILD_PAGE =
  'The console has not been built yet.\n\nRun `npm run build` (or `npm start`, which builds first), then reload this page.\n' +
  'The REST API is at /luc/luc-core-web/rest and its description at /luc/luc-core-web/rest/openapi.json.\n';

/**
 * Serves the built console (Vite's dist/) at /, with the SPA fallback: a GET for a path without a
 * file extension that is not a back-end path answers index.html, so deep links like /list or
 * /map work after a reload. Hashed assets are cached for a year; index.html is always revalidated.
 * Without a build, such GETs answer a plain page saying to run the build.
 * The hashed assets are answered from memory (memoryAssets.ts: one write per response, not a
 * stream of file reads that each wait for a turn of a busy event loop).
 * Also installs the root not-found handler (JSON 404 for everything else).
 */
export async function registerConsoleStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const root = resolve(distDir);
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      // Source maps stay on disk for engineers (vite builds them 'hidden'), never served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const assets = readMemoryAssets(join(root, 'assets'));
    app.get<{ Params: { name: string } }>('/assets/:name', (request, reply) => {
      const { name } = request.params;
      const asset = assets.get(`/assets/${name}`);
      if (asset !== undefined) return reply.header('cache-control', 'public, max-age=31536000, immutable').type(asset.type).send(asset.body);
      // Not read at start (a later build, an unknown type): from disk as before; source maps never.
      if (name.endsWith('.map')) return sendError(reply, 404, `Route ${request.method} /assets/${name.slice(0, 200)} not found`);
      return reply.sendFile(`assets/${name}`);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith(BACKEND_PREFIX) && extname(path) === '';
    if (isPage) {
      if (!built) return reply.code(200).type('text/plain; charset=utf-8').send(NO_BUILD_PAGE);
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendError(reply, 404, `Route ${request.method} ${path.slice(0, 200)} not found`);
  });
}
