import { createHash } from 'node:crypto';
import type { Storage } from '@baukasten/storage';
import { defaultThemeSources, type Theme, themeFromSources } from '@baukasten/theme';

/*
 * The theme each website renders with: the default theme, or one compiled from the site's overrides
 * (theme-code routes). Compiled themes are kept per website. A save or revert in this process drops the
 * entry at once; other processes (several behind one database) look again after RECHECK_MS, and recompile
 * only when the sources changed.
 */

export interface SiteTheme {
  theme: Theme;
  /** Set when the site replaced the stylesheet: the address its pages link instead of the default one. */
  cssUrl?: string;
}

interface Entry {
  checkedAt: number;
  signature: string;
  siteTheme: SiteTheme;
}

export const RECHECK_MS = 5_000;
/** Host-scoped address of a site's own stylesheet; `?v=` is its content hash, so it can be cached for good. */
export const SITE_CSS_PATH = '/site-theme.css';

/** Unsaved theme code kept for previews is stored under `draft:<file>`. */
export const DRAFT_PREFIX = 'draft:';
const isDraft = (file: string) => file.startsWith(DRAFT_PREFIX);

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export class SiteThemes {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly storage: Storage,
    readonly defaultTheme: Theme,
    readonly now: () => number = Date.now,
  ) {}

  async themeFor(websiteId: string): Promise<SiteTheme> {
    const cached = this.#entries.get(websiteId);
    const now = this.now();
    if (cached && now - cached.checkedAt < RECHECK_MS) return cached.siteTheme;
    const overrides = (await this.storage.themeOverrides.list(websiteId)).filter((o) => !isDraft(o.file));
    const signature = overrides.map((o) => `${o.file}:${o.updatedAt}:${hashOf(o.source)}`).join('|');
    if (cached && cached.signature === signature) {
      cached.checkedAt = now;
      return cached.siteTheme;
    }
    const siteTheme = this.#compile(overrides);
    // Bounded: a deployment with very many websites keeps the most recently used ones.
    if (this.#entries.size >= 1000) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(websiteId, { checkedAt: now, signature, siteTheme });
    return siteTheme;
  }

  /** Forget the website's compiled theme (after a save or revert). */
  invalidate(websiteId: string): void {
    this.#entries.delete(websiteId);
  }

  /** The theme with the website's unsaved theme drafts on top of its saved files (previews). */
  async previewTheme(websiteId: string): Promise<SiteTheme> {
    const rows = await this.storage.themeOverrides.list(websiteId);
    const files = new Map(rows.filter((o) => !isDraft(o.file)).map((o) => [o.file, o.source]));
    for (const o of rows) if (isDraft(o.file)) files.set(o.file.slice(DRAFT_PREFIX.length), o.source);
    return this.#compile([...files].map(([file, source]) => ({ file, source })));
  }

  #compile(overrides: { file: string; source: string }[]): SiteTheme {
    if (overrides.length === 0) return { theme: this.defaultTheme };
    const sources: Record<string, string> = { ...defaultThemeSources() };
    for (const o of overrides) sources[o.file] = o.source;
    const { theme } = themeFromSources(sources);
    const cssOverride = overrides.find((o) => o.file === 'theme.css');
    return cssOverride ? { theme, cssUrl: `${SITE_CSS_PATH}?v=${hashOf(cssOverride.source)}` } : { theme };
  }
}
