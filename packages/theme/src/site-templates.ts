import { readFileSync } from 'node:fs';
import { SITE_TEMPLATES, type SiteTemplate, type TemplateId } from '@baukasten/commerce';

/*
 * The three templates (issue #22). One set of JSON-T templates and islands serves them all: a template is
 * its styles (custom properties and a body class, from @baukasten/commerce) and the home-page sections a
 * site created from it starts with. Switching later changes only the styles, so pages and products stay.
 */

/** A block as stored on a page; the shapes the page template renders (page.jsont). */
export type HomeSection =
  | { type: 'heading'; text: string; level: 1 | 2 }
  | { type: 'text'; html: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'spacer'; height: number };

const HOME_SECTIONS: Record<TemplateId, (title: string) => HomeSection[]> = {
  werkstatt: (title) => [
    { type: 'heading', text: title, level: 1 },
    {
      type: 'text',
      html: '<p>Jedes Stück entsteht bei uns von Hand, in kleiner Auflage und aus Material, das wir kennen.</p>',
    },
    { type: 'button', label: 'Zur Werkstatt', href: '/' },
    { type: 'heading', text: 'Aus unserer Werkstatt', level: 2 },
    {
      type: 'text',
      html: '<p>Erzähle hier, wer hinter deinen Produkten steht und was sie besonders macht.</p>',
    },
  ],
  studio: (title) => [
    { type: 'heading', text: title, level: 1 },
    { type: 'text', html: '<p>Weniger, dafür besser. Eine kleine Auswahl, sorgfältig zusammengestellt.</p>' },
    { type: 'spacer', height: 32 },
    { type: 'heading', text: 'Über das Studio', level: 2 },
    { type: 'text', html: '<p>Beschreibe hier in wenigen Sätzen, wofür dein Studio steht.</p>' },
  ],
  kantine: (title) => [
    { type: 'heading', text: title, level: 1 },
    { type: 'text', html: '<p><strong>Frisch, ehrlich, lecker.</strong> Heute gekocht, morgen bei dir.</p>' },
    { type: 'button', label: 'Jetzt bestellen', href: '/' },
    { type: 'heading', text: 'Was es diese Woche gibt', level: 2 },
    { type: 'text', html: '<p>Stelle hier deine Spezialitäten der Woche vor.</p>' },
  ],
};

/** The home page a new site from this template starts with, under the site's title. */
export function templateHomeSections(template: TemplateId, siteTitle: string): HomeSection[] {
  // The title goes into a heading block, which the template escapes; never into an html block.
  return HOME_SECTIONS[template](siteTitle);
}

export const siteTemplates: readonly SiteTemplate[] = SITE_TEMPLATES;

let stylesCss: string | undefined;

/**
 * The rules that put the site's custom properties to work (fonts, button shape, spacing, width) and the
 * templates' own touches by body class. Kept apart from theme.css: sites without styles render exactly as
 * before, and an owner's replaced theme.css still gets them.
 */
export function siteStylesRules(): string {
  stylesCss ??= readFileSync(new URL('../templates/site-styles.css', import.meta.url), 'utf8');
  return stylesCss;
}
