import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { browserBundleDir } from '@baukasten/storefront';
import type { Theme } from '@baukasten/theme';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';
import { serverMessages } from '../messages.js';
import { registerFontRoutes } from '../site-styles/site-styles-routes.js';
import { placeholderSvg, requestedWidth } from './placeholder-image.js';

const hashOf = (s: string | Buffer) => createHash('sha256').update(s).digest('hex').slice(0, 12);

export interface AssetUrls {
  css: string;
  /** The islands' entry script; it loads the chunks of the islands a page has. */
  js: string;
  /** The analytics runtime alone, for pages without islands (order confirmation); absent: those pages run no script. */
  analyticsJs?: string;
  /** URLs of the chunks the named islands need, for `<link rel="modulepreload">`. */
  chunksFor(islands: Iterable<string>): string[];
}

/** A file kept in memory with its brotli and gzip forms, compressed once at the strongest settings. */
interface StaticAsset {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function prepare(type: string, content: string | Buffer): StaticAsset {
  const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return {
    type,
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

function send(request: FastifyRequest, reply: FastifyReply, asset: StaticAsset) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type(asset.type).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(asset.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.raw);
}

/**
 * Static assets with content hashes in their URLs, so browsers may cache them for a year and a new deploy
 * is picked up at once. They are compressed once at start-up, not per request.
 */
export async function registerAssetRoutes(app: FastifyInstance, theme: Theme): Promise<AssetUrls> {
  const cssName = `theme-${hashOf(theme.css)}.css`;
  const files = new Map<string, StaticAsset>([[cssName, prepare('text/css; charset=utf-8', theme.css)]]);
  let names: string[];
  try {
    names = (await readdir(browserBundleDir)).filter((name) => name.endsWith('.js'));
  } catch {
    names = [];
  }
  let manifest: { entry: string; analytics?: string; islands: Record<string, string[]> };
  try {
    manifest = JSON.parse(await readFile(join(browserBundleDir, 'islands.json'), 'utf8'));
  } catch {
    throw new Error(serverMessages.browserBundleMissing(browserBundleDir));
  }
  const entry = manifest.entry;
  for (const name of names) {
    // esbuild names entry and chunks by content hash already.
    files.set(name, prepare('text/javascript; charset=utf-8', await readFile(join(browserBundleDir, name))));
  }

  app.get<{ Params: { name: string } }>('/assets/:name', { compress: false }, async (request, reply) => {
    const asset = files.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return send(request, reply, asset);
  });
  app.get<{ Params: { name: string }; Querystring: { format?: unknown } }>(
    '/assets/demo/:name',
    async (request, reply) => {
      const name = request.params.name.replace(/\.svg$/, '');
      // `?format=750w` asks for one of the width steps (the srcset of the theme's images).
      const width = requestedWidth(request.query.format);
      if (width === null) throw new HttpError(400, 'UNKNOWN_FORMAT', serverMessages.unknownImageFormat);
      const svg = placeholderSvg(name, width);
      if (!svg) return reply.callNotFound();
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
  // The site styles' self-hosted fonts (issue #22), under /assets/fonts/ with the same year-long caching.
  registerFontRoutes(app);
  const chunksFor = (islands: Iterable<string>) => {
    const chunks = new Set<string>();
    for (const island of islands)
      for (const chunk of manifest.islands[island] ?? []) chunks.add(`/assets/${chunk}`);
    return [...chunks];
  };
  return {
    css: `/assets/${cssName}`,
    js: `/assets/${entry}`,
    ...(manifest.analytics ? { analyticsJs: `/assets/${manifest.analytics}` } : {}),
    chunksFor,
  };
}
