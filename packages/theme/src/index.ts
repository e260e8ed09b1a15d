import { readFileSync } from 'node:fs';
import { type AbortReason, compile, LIMITS, type TemplateError } from '@baukasten/jsont';

/** The kinds of page the default theme can render; each has one template in `templates/`. */
export const PAGE_TEMPLATES = [
  'page',
  'products-list',
  'product-item',
  'not-found',
  'error',
  'cart',
  'checkout',
  'order-confirmation',
  'order-status',
  'gallery',
  'blog-list',
  'blog-item',
  'events-list',
  'event-item',
  'search',
  'account-entry',
  'account',
  'legal-page',
  'withdrawal',
] as const;

export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** Pieces several templates share, applied with `{value|apply name}`; files in `templates/partials/`. */
const PARTIALS = [
  'order-details',
  'media-gallery',
  'media-video',
  'media-audio',
  'comments',
  'share',
  // Home-page sections (issue 22).
  'hero-block',
  'image-text-block',
  'featured-product-block',
  'testimonials-block',
  'faq-block',
] as const;

const templateFile = (name: string) => new URL(`../templates/${name}`, import.meta.url);

export interface RenderedPage {
  html: string;
  errors: TemplateError[];
  /**
   * Set when a template stopped at one of the engine's limits (time, output, steps, nesting): `html` is
   * then incomplete and should not be served as the page.
   */
  aborted?: { reason: AbortReason; file: string };
}

export interface Theme {
  /** Renders a page body with its template, then the site layout around it. */
  renderPage(
    template: PageTemplate,
    context: Record<string, unknown>,
    options: { locale: string; now?: number; timeLimitMs?: number },
  ): RenderedPage;
  /** The theme's stylesheet, served as a static asset. */
  readonly css: string;
}

/** Every file of the theme an owner may replace for one website: layout, page templates, partials, stylesheet. */
export const THEME_FILES: readonly string[] = [
  'site.jsont',
  ...PAGE_TEMPLATES.map((n) => `${n}.jsont`),
  ...PARTIALS.map((n) => `partials/${n}.jsont`),
  'theme.css',
];

let defaultSources: Readonly<Record<string, string>> | undefined;

/** The default theme's files as text, by name (`site.jsont`, `partials/order-details.jsont`, `theme.css`). */
export function defaultThemeSources(): Readonly<Record<string, string>> {
  defaultSources ??= Object.freeze(
    Object.fromEntries(THEME_FILES.map((name) => [name, readFileSync(templateFile(name), 'utf8')])),
  );
  return defaultSources;
}

/**
 * A theme from file sources (the defaults with some files replaced). Never throws: templates with parse
 * errors come back in `errors` by file, and the theme still renders what parsed.
 */
export function themeFromSources(sources: Readonly<Record<string, string>>): {
  theme: Theme;
  errors: { file: string; errors: TemplateError[] }[];
} {
  const source = (name: string) => sources[name] ?? defaultThemeSources()[name] ?? '';
  const layout = compile(source('site.jsont'));
  const bodies = new Map(PAGE_TEMPLATES.map((n) => [n, compile(source(`${n}.jsont`))]));
  const partials: Record<string, string> = Object.fromEntries(
    PARTIALS.map((n) => [n, source(`partials/${n}.jsont`)]),
  );
  const errors = [
    { file: 'site.jsont', errors: layout.errors },
    ...[...bodies].map(([n, t]) => ({ file: `${n}.jsont`, errors: t.errors })),
    ...Object.entries(partials).map(([n, text]) => ({
      file: `partials/${n}.jsont`,
      errors: compile(text).errors,
    })),
  ].filter((e) => e.errors.length > 0);
  return {
    errors,
    theme: {
      css: source('theme.css'),
      renderPage(template, context, { locale, now, timeLimitMs = LIMITS.maxRenderMs }) {
        // Body and layout share one time limit: a page, not each of its templates, holds up the server.
        const deadline = performance.now() + timeLimitMs;
        const body = bodies.get(template)!.render(context, { locale, now, partials, deadline, timeLimitMs });
        if (body.aborted) {
          return {
            html: '',
            errors: body.errors,
            aborted: { reason: body.aborted, file: `${template}.jsont` },
          };
        }
        const page = layout.render(
          { ...context, mainContent: body.output },
          { locale, now, deadline, timeLimitMs },
        );
        const errors = [...body.errors, ...page.errors];
        if (page.aborted) return { html: '', errors, aborted: { reason: page.aborted, file: 'site.jsont' } };
        return { html: page.output, errors };
      },
    },
  };
}

/**
 * Loads and compiles every template once. Rendering then does no parsing, so one Theme is shared by all
 * requests of all websites.
 */
export function loadTheme(): Theme {
  const { theme, errors } = themeFromSources(defaultThemeSources());
  if (errors.length > 0) {
    // A broken built-in template is a programming error: fail at start-up, not on a visitor's request.
    const messages = errors.flatMap((e) => e.errors.map((error) => error.message));
    throw new Error(`Theme-Vorlagen fehlerhaft: ${messages.join('; ')}`);
  }
  return theme;
}
export * from './site-templates.js';
