import { randomBytes } from 'node:crypto';
import type { ContentChanges } from '@baukasten/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../admin/admin-session.js';
import { LIKER_COOKIE } from '../comments/comment-routes.js';
import { CUSTOMER_SESSION_COOKIE } from '../customer-accounts/customer-session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set while a cacheable page renders: where sendPage keeps the HTML, the content version it saw, the
     * placeholder the page renders with instead of the visitor's crumb, and that crumb.
     */
    pageCacheSlot?: { key: string; version: number; placeholder: string; crumb: string };
  }
}

/**
 * A fresh random stand-in for the crumb while a page renders for the cache: 18 random bytes like a crumb,
 * made after the content was stored and never sent to anyone, so no content can contain it. The kept page
 * is cut at it and nowhere else; cutting at the visitor's own crumb let a crumb `e` cut at every `e`.
 */
const newPlaceholder = () => randomBytes(18).toString('base64url');

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
    const placeholder = newPlaceholder();
    request.pageCacheSlot = { key, version, placeholder, crumb: request.crumb ?? '' };
    // Everything that renders this page reads request.crumb; it gets the placeholder until finish().
    request.crumb = placeholder;
  };

  /**
   * sendPage's last step for every HTML page: puts the visitor's crumb where the placeholder is, and keeps
   * the page if nothing changed while it rendered. Returns the page to send.
   */
  finish(request: FastifyRequest, status: number, html: string): string {
    const slot = request.pageCacheSlot;
    if (!slot) return html;
    request.pageCacheSlot = undefined;
    request.crumb = slot.crumb;
    const texts = html.split(slot.placeholder);
    if (status === 200 && slot.crumb && slot.version === this.changes.version)
      this.#keep(slot.key, slot.version, texts);
    return texts.join(slot.crumb);
  }

  #keep(key: string, version: number, texts: string[]) {
    // Kept as bytes: answering then copies memory instead of encoding a long string for every visitor.
    const parts = texts.map((part) => Buffer.from(part));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    if (bytes > this.#maxBytes / 4) return;
    this.#drop(key);
    while (this.#pages.size >= this.#maxEntries || this.#bytes + bytes > this.#maxBytes) {
      const oldest = this.#pages.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
    this.#pages.set(key, { parts, version, until: Date.now() + this.#ttlMs, bytes });
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
