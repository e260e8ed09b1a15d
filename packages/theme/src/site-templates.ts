import { readFileSync } from 'node:fs';
import { SITE_TEMPLATES, type SiteTemplate, type TemplateId } from '@baukasten/commerce';

/*
 * The three templates (issue #22). One set of JSON-T templates and islands serves them all: a template is
 * its styles (custom properties and a body class, from @baukasten/commerce) and the home-page sections a
 * site created from it starts with. Switching later changes only the styles, so pages and products stay.
 */

/** A focal point: the fractions of width and height that stay visible when the image is cropped. */
interface FocalPoint {
  x: number;
  y: number;
}

/**
 * The home-page sections a template brings, in the shapes the editor saves them
 * (server admin/pages/section-blocks.ts): defaults written out and Markdown with its HTML, so the
 * owner's first save of the page changes nothing they did not touch.
 */
export type HomeSection =
  | {
      type: 'hero';
      heading: string;
      text: string;
      assetUrl: string;
      altText: string;
      originalSize: string;
      mediaFocalPoint: FocalPoint;
      overlay: 'dark' | 'light';
      height: 'small' | 'medium' | 'large';
    }
  | {
      type: 'image-text';
      heading: string;
      markdown: string;
      html: string;
      assetUrl: string;
      altText: string;
      originalSize: string;
      imagePosition: 'left' | 'right';
    }
  | { type: 'faq'; title: string; items: { question: string; markdown: string; html: string }[] };

/*
 * What the sections leave out, on purpose:
 * - a heading with the page's title: the hero's heading names the shop, the page title "Start" stays for
 *   screen readers only (page.jsont);
 * - buttons, a product grid and a featured product: a brand-new site has no shop page and no product yet,
 *   so they would lead nowhere (the owner adds them with the first products);
 * - testimonials: invented customer voices on a real shop would be fake reviews (Anhang zu § 3 Abs. 3 UWG,
 *   Nr. 23c); the owner adds real ones from the block library.
 * Links point only at pages every site has: the legal pages (commerce LEGAL_PATHS).
 * Pictures are the project's own illustrations (server assets/demo-illustrations.ts), square, 1200 px.
 */
const DEMO_PICTURE_SIZE = '1200x1200';
const picture = (name: string) => `/assets/demo/${name}.svg`;

const faqItem = (question: string, markdown: string, html: string) => ({ question, markdown, html });

const HOME_SECTIONS: Record<TemplateId, (title: string) => HomeSection[]> = {
  // A craft shop: warm, personal, "wir" and "du".
  werkstatt: (title) => [
    {
      type: 'hero',
      heading: title,
      text: 'Jedes Stück entsteht bei uns von Hand, in kleiner Auflage und aus Material, das wir kennen.',
      assetUrl: picture('werkbank'),
      // Behind the text the picture is decoration; the heading and text say what matters.
      altText: '',
      originalSize: DEMO_PICTURE_SIZE,
      mediaFocalPoint: { x: 0.5, y: 0.45 },
      overlay: 'dark',
      height: 'large',
    },
    {
      type: 'image-text',
      heading: 'Aus unserer Werkstatt',
      markdown:
        'Bei uns wird noch gedreht, geschliffen und genäht: Jedes Stück geht durch unsere Hände, bevor es zu dir kommt.\n\n' +
        'Wir arbeiten in kleinen Auflagen. So bleibt Zeit für Sorgfalt – und manchmal für ein Stück, das es nur einmal gibt.',
      html:
        '<p>Bei uns wird noch gedreht, geschliffen und genäht: Jedes Stück geht durch unsere Hände, bevor es zu dir kommt.</p>\n' +
        '<p>Wir arbeiten in kleinen Auflagen. So bleibt Zeit für Sorgfalt – und manchmal für ein Stück, das es nur einmal gibt.</p>',
      assetUrl: picture('toepferscheibe'),
      altText: 'Eine Vase aus Ton auf der Töpferscheibe',
      originalSize: DEMO_PICTURE_SIZE,
      imagePosition: 'left',
    },
    {
      type: 'faq',
      title: 'Häufige Fragen',
      items: [
        faqItem(
          'Was kostet der Versand?',
          'Versandkosten, Lieferzeiten und Zahlungsarten findest du unter [Versand und Zahlung](/versand-und-zahlung).',
          '<p>Versandkosten, Lieferzeiten und Zahlungsarten findest du unter <a href="/versand-und-zahlung">Versand und Zahlung</a>.</p>',
        ),
        faqItem(
          'Kann ich etwas zurückgeben?',
          'Ja, du kannst deine Bestellung innerhalb von 14 Tagen widerrufen. Wie das geht, steht in unserer [Widerrufsbelehrung](/widerruf).',
          '<p>Ja, du kannst deine Bestellung innerhalb von 14 Tagen widerrufen. Wie das geht, steht in unserer <a href="/widerruf">Widerrufsbelehrung</a>.</p>',
        ),
        faqItem(
          'Macht ihr auch Stücke nach meinen Wünschen?',
          'Sehr gern. Schreib uns, was du dir vorstellst – wie du uns erreichst, steht im [Impressum](/impressum). ' +
            'Was wir nach deinen Wünschen anfertigen, ist vom Widerruf ausgenommen.',
          '<p>Sehr gern. Schreib uns, was du dir vorstellst – wie du uns erreichst, steht im <a href="/impressum">Impressum</a>. ' +
            'Was wir nach deinen Wünschen anfertigen, ist vom Widerruf ausgenommen.</p>',
        ),
      ],
    },
  ],
  // A minimal studio: few words, calm, "Sie".
  studio: (title) => [
    {
      type: 'hero',
      heading: title,
      text: 'Weniger, dafür besser. Eine kleine Auswahl, sorgfältig zusammengestellt.',
      assetUrl: picture('startseite'),
      altText: '',
      originalSize: DEMO_PICTURE_SIZE,
      mediaFocalPoint: { x: 0.5, y: 0.6 },
      overlay: 'light',
      height: 'medium',
    },
    {
      type: 'image-text',
      heading: 'Über das Studio',
      markdown:
        'Wir wählen wenige Dinge aus und diese mit Bedacht: klare Formen, gute Materialien, gemacht für lange Zeit.',
      html: '<p>Wir wählen wenige Dinge aus und diese mit Bedacht: klare Formen, gute Materialien, gemacht für lange Zeit.</p>',
      assetUrl: picture('vase'),
      altText: 'Eine schlichte Vase aus Terrakotta mit einigen grünen Zweigen',
      originalSize: DEMO_PICTURE_SIZE,
      imagePosition: 'right',
    },
    {
      type: 'faq',
      title: 'Gut zu wissen',
      items: [
        faqItem(
          'Versand und Zahlung',
          'Versandkosten, Lieferzeiten und Zahlungsarten finden Sie unter [Versand und Zahlung](/versand-und-zahlung).',
          '<p>Versandkosten, Lieferzeiten und Zahlungsarten finden Sie unter <a href="/versand-und-zahlung">Versand und Zahlung</a>.</p>',
        ),
        faqItem(
          'Rückgabe',
          'Sie können Ihre Bestellung innerhalb von 14 Tagen widerrufen. Alles Weitere steht in der [Widerrufsbelehrung](/widerruf).',
          '<p>Sie können Ihre Bestellung innerhalb von 14 Tagen widerrufen. Alles Weitere steht in der <a href="/widerruf">Widerrufsbelehrung</a>.</p>',
        ),
      ],
    },
  ],
  // A bold food shop: short sentences, appetite, "du".
  kantine: (title) => [
    {
      type: 'hero',
      heading: title,
      text: 'Frisch, ehrlich, lecker. Gute Zutaten, kräftiger Geschmack – direkt zu dir nach Hause.',
      assetUrl: picture('kaffee'),
      altText: '',
      originalSize: DEMO_PICTURE_SIZE,
      mediaFocalPoint: { x: 0.5, y: 0.55 },
      overlay: 'dark',
      height: 'large',
    },
    {
      type: 'image-text',
      heading: 'Was es diese Woche gibt',
      markdown:
        '**Jede Woche neu:** Wir kaufen ein, was gerade gut ist, und machen daraus, worauf du Lust hast.\n\n' +
        'Was weg ist, ist weg. Also lieber nicht zu lange überlegen.',
      html:
        '<p><strong>Jede Woche neu:</strong> Wir kaufen ein, was gerade gut ist, und machen daraus, worauf du Lust hast.</p>\n' +
        '<p>Was weg ist, ist weg. Also lieber nicht zu lange überlegen.</p>',
      assetUrl: picture('lager'),
      altText: 'Ein gut gefülltes Vorratsregal mit Kisten und Dosen',
      originalSize: DEMO_PICTURE_SIZE,
      imagePosition: 'right',
    },
    {
      type: 'faq',
      title: 'Fragen? Antworten!',
      items: [
        faqItem(
          'Wann ist meine Bestellung da?',
          'Lieferzeiten, Versandkosten und Zahlungsarten stehen unter [Versand und Zahlung](/versand-und-zahlung).',
          '<p>Lieferzeiten, Versandkosten und Zahlungsarten stehen unter <a href="/versand-und-zahlung">Versand und Zahlung</a>.</p>',
        ),
        faqItem(
          'Was ist drin?',
          'Zutaten und Allergene findest du bei jedem Produkt. Fehlt dir etwas, frag uns – wie du uns erreichst, steht im [Impressum](/impressum).',
          '<p>Zutaten und Allergene findest du bei jedem Produkt. Fehlt dir etwas, frag uns – wie du uns erreichst, steht im <a href="/impressum">Impressum</a>.</p>',
        ),
        faqItem(
          'Kann ich zurückgeben?',
          'Schnell verderbliche Lebensmittel sind vom Widerruf ausgenommen. Für alles andere hast du 14 Tage Zeit – mehr in der [Widerrufsbelehrung](/widerruf).',
          '<p>Schnell verderbliche Lebensmittel sind vom Widerruf ausgenommen. Für alles andere hast du 14 Tage Zeit – mehr in der <a href="/widerruf">Widerrufsbelehrung</a>.</p>',
        ),
      ],
    },
  ],
};

/** The home page a new site from this template starts with; the hero carries the site's title. */
export function templateHomeSections(template: TemplateId, siteTitle: string): HomeSection[] {
  // The title goes into the hero's heading, which the template escapes; never into an html field.
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
