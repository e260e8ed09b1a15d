import { readFileSync } from 'node:fs';
import { compile, type TemplateError } from '@baukasten/jsont';

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
] as const;

export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** Pieces several templates share, applied with `{value|apply name}`; files in `templates/partials/`. */
const PARTIALS = ['order-details'] as const;

const templateFile = (name: string) => new URL(`../templates/${name}`, import.meta.url);

export interface RenderedPage {
  html: string;
  errors: TemplateError[];
}

export interface Theme {
  /** Renders a page body with its template, then the site layout around it. */
  renderPage(
    template: PageTemplate,
    context: Record<string, unknown>,
    options: { locale: string; now?: number },
  ): RenderedPage;
  /** The theme's stylesheet, served as a static asset. */
  readonly css: string;
}

/**
 * Loads and compiles every template once. Rendering then does no parsing, so one Theme is shared by all
 * requests of all websites.
 */
export function loadTheme(): Theme {
  const names: readonly PageTemplate[] = PAGE_TEMPLATES;
  const layout = compile(readFileSync(templateFile('site.jsont'), 'utf8'));
  const bodies = new Map(names.map((n) => [n, compile(readFileSync(templateFile(`${n}.jsont`), 'utf8'))]));
  const partials: Record<string, string> = Object.fromEntries(
    PARTIALS.map((n) => [n, readFileSync(templateFile(`partials/${n}.jsont`), 'utf8')]),
  );
  const compileErrors = [
    ...layout.errors,
    ...[...bodies.values()].flatMap((t) => t.errors),
    ...Object.values(partials).flatMap((source) => compile(source).errors),
  ];
  if (compileErrors.length > 0) {
    // A broken built-in template is a programming error: fail at start-up, not on a visitor's request.
    throw new Error(`Theme-Vorlagen fehlerhaft: ${compileErrors.map((e) => e.message).join('; ')}`);
  }
  const css = readFileSync(templateFile('theme.css'), 'utf8');

  return {
    css,
    renderPage(template, context, { locale, now }) {
      const body = bodies.get(template)!.render(context, { locale, now, partials });
      const page = layout.render({ ...context, mainContent: body.output }, { locale, now });
      return { html: page.output, errors: [...body.errors, ...page.errors] };
    },
  };
}
