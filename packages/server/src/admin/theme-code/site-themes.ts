import { createHash } from 'node:crypto';
import type { Storage } from '@baukasten/storage';
import {
  defaultThemeSources,
  type PageTemplate,
  type RenderedPage,
  type Theme,
  themeFromSources,
} from '@baukasten/theme';
import { renderStopMessage } from './theme-code-messages.js';

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
  /** When and where this version last stopped at a render limit; until RETRY_MS later it is not rendered. */
  failure?: { at: number; file: string; reason: string };
}

export const RECHECK_MS = 5_000;
/**
 * How long a version that stopped at a render limit is left out before it is tried again. Each try
 * costs up to the engine's time limit on the event loop, so a hostile version costs that once a minute
 * (per process), not once per request; a version that failed only under load gets its next chance.
 */
export const RETRY_MS = 60_000;
/** Host-scoped address of a site's own stylesheet; `?v=` is its content hash, so it can be cached for good. */
export const SITE_CSS_PATH = '/site-theme.css';

/** Unsaved theme code kept for previews is stored under `draft:<file>`. */
export const DRAFT_PREFIX = 'draft:';
const isDraft = (file: string) => file.startsWith(DRAFT_PREFIX);

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export class SiteThemes {
  readonly #entries = new Map<string, Entry>();
  /** Per website, the last version of its own theme that rendered a page within the limits. */
  readonly #lastGood = new Map<string, Theme>();
  /** Per website, the drafts whose preview stopped at a limit (signature and the page it gave). */
  readonly #failedPreviews = new Map<
    string,
    { signature: string; at: number; file: string; reason: string }
  >();

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
    const compiled = this.#compile(overrides);
    // Bounded: a deployment with very many websites keeps the most recently used ones.
    if (this.#entries.size >= 1000) this.#entries.delete(this.#entries.keys().next().value as string);
    if (this.#lastGood.size >= 1000) this.#lastGood.delete(this.#lastGood.keys().next().value as string);
    const entry: Entry = { checkedAt: now, signature, siteTheme: compiled };
    // The default theme is ours: only a site's own templates are guarded.
    if (compiled.theme !== this.defaultTheme) {
      entry.siteTheme = { ...compiled, theme: this.#guarded(websiteId, entry, compiled.theme) };
    }
    this.#entries.set(websiteId, entry);
    return entry.siteTheme;
  }

  /**
   * The site's theme, falling back when one of its renders stops at a limit: the page is then rendered
   * with the last version of the site's theme that rendered within the limits (or the default theme),
   * so a broken save never takes the site down. The failure is reported in the page's errors, which
   * the page route logs.
   */
  #guarded(websiteId: string, entry: Entry, theme: Theme): Theme {
    return {
      css: theme.css,
      renderPage: (template, context, options) => {
        const now = this.now();
        if (entry.failure && now - entry.failure.at < RETRY_MS) {
          return this.#fallback(websiteId, theme, entry.failure, template, context, options);
        }
        const page = theme.renderPage(template, context, options);
        if (!page.aborted) {
          entry.failure = undefined;
          this.#lastGood.set(websiteId, theme);
          return page;
        }
        entry.failure = { at: now, ...page.aborted };
        const served = this.#fallback(websiteId, theme, entry.failure, template, context, options);
        return { ...served, errors: [...page.errors, ...served.errors] };
      },
    };
  }

  #fallback(
    websiteId: string,
    failing: Theme,
    failure: { file: string; reason: string },
    template: PageTemplate,
    context: Record<string, unknown>,
    options: Parameters<Theme['renderPage']>[2],
  ): RenderedPage {
    const lastGood = this.#lastGood.get(websiteId);
    let fallback = lastGood && lastGood !== failing ? lastGood : this.defaultTheme;
    let page = fallback.renderPage(template, context, options);
    // The last good version may stop on this page's data too: the default theme then renders it.
    if (page.aborted && fallback !== this.defaultTheme) {
      fallback = this.defaultTheme;
      page = fallback.renderPage(template, context, options);
    }
    const servedWith = fallback === this.defaultTheme ? 'default' : 'last good';
    const notice = {
      type: 'theme-fallback',
      message: `theme of website ${websiteId} stopped at a render limit (${failure.file}: ${failure.reason}); served the ${servedWith} theme`,
    };
    return { ...page, errors: [notice, ...page.errors] };
  }

  /** Forget the website's compiled theme (after a save or revert). */
  invalidate(websiteId: string): void {
    this.#entries.delete(websiteId);
  }

  /**
   * The theme with the website's unsaved theme drafts on top of its saved files (previews). A preview
   * that stops at a render limit shows the owner why, on the default theme's error page; the same drafts
   * are then not rendered again for RETRY_MS, so reloading the preview does not hold up the server.
   */
  async previewTheme(websiteId: string): Promise<SiteTheme> {
    const rows = await this.storage.themeOverrides.list(websiteId);
    const files = new Map(rows.filter((o) => !isDraft(o.file)).map((o) => [o.file, o.source]));
    for (const o of rows) if (isDraft(o.file)) files.set(o.file.slice(DRAFT_PREFIX.length), o.source);
    const overrides = [...files].map(([file, source]) => ({ file, source }));
    const compiled = this.#compile(overrides);
    const signature = overrides.map((o) => `${o.file}:${hashOf(o.source)}`).join('|');
    const errorPage = (file: string, reason: string, context: Record<string, unknown>, locale: string) => {
      const message = renderStopMessage(file, reason);
      const page = this.defaultTheme.renderPage(
        'error',
        { ...context, title: 'Vorschau abgebrochen', message },
        { locale },
      );
      return { ...page, errors: [{ type: 'theme-preview', message }, ...page.errors] };
    };
    const theme: Theme = {
      css: compiled.theme.css,
      renderPage: (template, context, options) => {
        const failed = this.#failedPreviews.get(websiteId);
        if (failed?.signature === signature && this.now() - failed.at < RETRY_MS) {
          return errorPage(failed.file, failed.reason, context, options.locale);
        }
        const page = compiled.theme.renderPage(template, context, options);
        if (!page.aborted) return page;
        if (this.#failedPreviews.size >= 1000) {
          this.#failedPreviews.delete(this.#failedPreviews.keys().next().value as string);
        }
        const { file, reason } = page.aborted;
        this.#failedPreviews.set(websiteId, { signature, at: this.now(), file, reason });
        return errorPage(file, reason, context, options.locale);
      },
    };
    return { ...compiled, theme };
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
