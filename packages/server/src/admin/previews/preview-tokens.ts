import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Previews of what visitors do not see yet: a page's unpublished draft, and unsaved theme code. The editor
 * shows them in a frame from the site's own address (the site's scripts, styles and images then work as on
 * the live page), so the owner's session cookie, which belongs to the editor's address, is not there.
 * Instead the admin API hands out a short-lived signed token naming the website, the page and whether the
 * theme drafts apply; the page route renders the preview only for a token of its own website.
 */

export interface Preview {
  websiteId: string;
  /** The page whose draft blocks are shown; '' for none (live blocks). */
  pageId: string;
  /** Render with the website's theme drafts (unsaved theme code) on top of its saved theme. */
  themeDrafts: boolean;
  expiresAt: number;
}

export const PREVIEW_PARAM = 'vorschau';
export const PREVIEW_TTL_MS = 30 * 60_000;

export class PreviewTokens {
  #key: Promise<Buffer> | undefined;

  constructor(
    readonly secret: () => Promise<string>,
    readonly now: () => number = Date.now,
  ) {}

  // A key of its own, derived from the deployment's shared secret, so a token is good for nothing else.
  #signingKey() {
    this.#key ??= this.secret().then((s) => createHmac('sha256', s).update('baukasten-preview').digest());
    return this.#key;
  }

  async issue(websiteId: string, opts: { pageId?: string; themeDrafts?: boolean } = {}): Promise<string> {
    const payload = [
      websiteId,
      opts.pageId ?? '',
      opts.themeDrafts ? '1' : '0',
      this.now() + PREVIEW_TTL_MS,
    ].join('.');
    const body = Buffer.from(payload).toString('base64url');
    const mac = createHmac('sha256', await this.#signingKey())
      .update(body)
      .digest('base64url');
    return `${body}.${mac}`;
  }

  /** The preview a token allows on this website, or undefined (forged, expired, another website's). */
  async verify(token: unknown, websiteId: string): Promise<Preview | undefined> {
    if (typeof token !== 'string' || token.length > 400) return undefined;
    const [body, mac] = token.split('.');
    if (!body || !mac) return undefined;
    const expected = createHmac('sha256', await this.#signingKey())
      .update(body)
      .digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [site, pageId, theme, expires] = Buffer.from(body, 'base64url').toString('utf8').split('.');
    const expiresAt = Number(expires);
    if (site !== websiteId || !Number.isFinite(expiresAt) || expiresAt < this.now()) return undefined;
    return { websiteId: site, pageId: pageId ?? '', themeDrafts: theme === '1', expiresAt };
  }
}
