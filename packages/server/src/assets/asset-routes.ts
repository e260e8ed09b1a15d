import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browserBundleDir } from '@baukasten/storefront';
import type { Theme } from '@baukasten/theme';
import type { FastifyInstance } from 'fastify';
import { placeholderSvg } from './placeholder-image.js';

const hashOf = (s: string | Buffer) => createHash('sha256').update(s).digest('hex').slice(0, 12);

export interface AssetUrls {
  css: string;
  js: string;
}

/**
 * Static assets with content hashes in their URLs, so browsers may cache them for a year and a new deploy
 * is picked up at once.
 */
export async function registerAssetRoutes(app: FastifyInstance, theme: Theme): Promise<AssetUrls> {
  const css = theme.css;
  const cssHash = hashOf(css);
  let js: Buffer;
  try {
    js = await readFile(join(browserBundleDir, 'islands.js'));
  } catch {
    throw new Error(`Browser-Bundle fehlt in ${browserBundleDir}: bitte zuerst "npm run build" ausführen.`);
  }
  const jsHash = hashOf(js);
  const immutable = 'public, max-age=31536000, immutable';

  app.get(`/assets/theme-${cssHash}.css`, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', immutable).send(css),
  );
  app.get(`/assets/islands-${jsHash}.js`, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', immutable).send(js),
  );
  app.get<{ Params: { name: string } }>('/assets/demo/:name', async (request, reply) => {
    const name = request.params.name.replace(/\.svg$/, '');
    const svg = placeholderSvg(name);
    if (!svg) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
  return { css: `/assets/theme-${cssHash}.css`, js: `/assets/islands-${jsHash}.js` };
}
