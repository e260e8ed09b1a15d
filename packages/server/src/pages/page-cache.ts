import type { ContentChanges } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../admin/admin-session.js';
import { LIKER_COOKIE } from '../comments/comment-routes.js';
import { CUSTOMER_SESSION_COOKIE } from '../customer-accounts/customer-session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a cacheable page renders: where sendPage keeps the HTML, and the content version it saw. */
    pageCacheSlot?: { key: string; version: number };
  }
}

/** The page's parts with this visitor's crumb between them. */
function withCrumb(parts: Buffer[], crumb: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const between = Buffer.from(crumb);
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(between);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** Cookies that make a page someone's own (signed-in customer or owner, a visitor's like). */
const PERSONAL_COOKIES = [CUSTOMER_SESSION_COOKIE, SESSION_COOKIE, LIKER_COOKIE];

export interface PageCacheOptions {
  /** Longest time a page is kept; bounds what a time-dependent page (upcoming events) may lag. */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Rendered storefront pages (home, pages, lists, product pages), kept while nothing they are made of
 * changed: `storage.changes.version` moves with every write to content, stock or settings. The one
 * personal part of such a page, the visitor's crumb in the no-JavaScript forms, is swapped in on the way
 * out. Pages of signed-in people, previews and `?format=json` are never kept. Other processes forget
 * their pages when a change is announced (Redis) and at the latest after `ttlMs`.
 */
export class PageCache {
  readonly #pages = new Map<string, { parts: Buffer[]; version: number; until: number; bytes: number }>();
  #bytes = 0;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  hits = 0;
  misses = 0;

  constructor(
    private readonly changes: ContentChanges,
    { ttlMs = 30_000, maxEntries = 1000, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions = {},
  ) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /** The cache key of a request whose page may be shared, else undefined. */
  keyOf(request: FastifyRequest): string | undefined {
    if (request.method !== 'GET' || !request.website || !request.crumb) return undefined;
    const query = request.query as Record<string, unknown> | undefined;
    if (query && (query.format !== undefined || query.vorschau !== undefined)) return undefined;
    if (PERSONAL_COOKIES.some((name) => request.cookies[name])) return undefined;
    const language = request.headers['accept-language'] ?? '';
    return `${request.website.id}\n${request.protocol}://${request.host}${request.url}\n${language}`;
  }

  /** preHandler of a cacheable page route: answers from the cache, or marks the request to be kept. */
  readonly serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = this.keyOf(request);
    if (key === undefined) return;
    const page = this.#pages.get(key);
    const version = this.changes.version;
    if (page && page.version === version && page.until > Date.now()) {
      this.hits++;
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(withCrumb(page.parts, request.crumb ?? ''));
    }
    if (page) this.#drop(key);
    this.misses++;
    request.pageCacheSlot = { key, version };
  };

  /** Called by sendPage with a finished page; kept only if nothing changed while it rendered. */
  keep(request: FastifyRequest, status: number, html: string) {
    const slot = request.pageCacheSlot;
    if (!slot || status !== 200 || !request.crumb || slot.version !== this.changes.version) return;
    // Kept as bytes: answering then copies memory instead of encoding a long string for every visitor.
    const parts = html.split(request.crumb).map((part) => Buffer.from(part));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    if (bytes > this.#maxBytes / 4) return;
    this.#drop(slot.key);
    while (this.#pages.size >= this.#maxEntries || this.#bytes + bytes > this.#maxBytes) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
    this.#pages.set(slot.key, { parts, version: slot.version, until: Date.now() + this.#ttlMs, bytes });
    this.#bytes += bytes;
  }

  /** Another process changed content: every kept page may be out of date. */
  forget() {
    this.#pages.clear();
    this.#bytes = 0;
  }

  get size() {
    return this.#pages.size;
  }

  #drop(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#bytes -= page.bytes;
    this.#pages.delete(key);
  }
}
