import { type Block, type Storage, seedDemoShop } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import { loadTheme } from '@baukasten/theme';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { faqJsonLd } from './page-blocks-sections.js';

/* The home-page sections (issue 22) as a visitor's browser gets them. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let html: string;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const { websiteId } = await seedDemoShop(storage, { hostnames: ['abschnitte.test'] });
    const shop = await storage.collections.findByUrlId(websiteId, 'shop');
    const becher = await storage.items.findByUrlId(websiteId, shop!.id, 'emaille-becher-bergsee');
    // As the editor saves them (admin/pages/section-blocks.ts).
    const blocks = [
      {
        type: 'hero',
        heading: 'Handgemacht in Berlin',
        text: 'Becher, Kerzen und Notizbücher aus unserer Werkstatt.',
        buttonLabel: 'Zum Shop',
        buttonHref: '/shop',
        assetUrl: '/assets/demo/werkbank.svg',
        altText: '',
        originalSize: '1200x800',
        mediaFocalPoint: { x: 0.3, y: 0.7 },
        overlay: 'dark',
        height: 'large',
      },
      {
        type: 'image-text',
        heading: 'Aus der Werkstatt',
        markdown: 'Jedes Stück geht durch **unsere** Hände.',
        html: '<p>Jedes Stück geht durch <strong>unsere</strong> Hände.</p>',
        assetUrl: '/assets/demo/toepferscheibe.svg',
        altText: 'Hände formen Ton an der Töpferscheibe',
        originalSize: '1200x1200',
        imagePosition: 'right',
      },
      { type: 'featured-product', productId: becher!.id, title: 'Unser Liebling', text: 'Hält warm.' },
      { type: 'featured-product', productId: 'geloescht' },
      {
        type: 'testimonials',
        title: 'Das sagen unsere Kunden',
        items: [{ quote: 'Der Becher ist wunderschön.', name: 'Anna K.', detail: 'aus Leipzig' }],
      },
      {
        type: 'faq',
        title: 'Häufige Fragen',
        items: [
          {
            question: 'Wie lange dauert der Versand?',
            markdown: '2–4 Werktage.',
            html: '<p>2–4 Werktage.</p>',
          },
        ],
      },
    ] as unknown as Block[];
    await storage.collections.create(websiteId, {
      type: 10,
      urlId: 'abschnitte',
      title: 'Abschnitte',
      blocks,
    });
    app = await buildApp({ storage, logLevel: 'silent' });
    const res = await app.inject({ method: 'GET', url: '/abschnitte', headers: { host: 'abschnitte.test' } });
    expect(res.statusCode).toBe(200);
    html = res.body;
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  const part = (cls: string) => {
    const start = html.indexOf(`class="block block--${cls}`);
    expect(start, cls).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf('</section>', start));
  };

  it('a hero shows its image cropped at the focal point, with srcset and size, under a scrim, heading and button', () => {
    const hero = part('hero');
    expect(hero).toContain('hero--dark');
    expect(hero).toContain('style="object-position: 30% 70%"');
    expect(hero).toContain('srcset="/assets/demo/werkbank.svg?format=100w 100w');
    expect(hero).toContain('width="1200" height="800"');
    // Behind the text the image is decoration: an empty alt text, so it is not read out.
    expect(hero).toContain('alt=""');
    expect(hero).toContain('<h2 class="hero__heading">Handgemacht in Berlin</h2>');
    expect(hero).toContain('<a class="button button--primary" href="/shop">Zum Shop</a>');
  });

  it('an image with text puts the image on the chosen side, with its alt text and the rendered text', () => {
    const section = part('image-text');
    expect(section).toContain('image-text--image-right');
    expect(section).toContain('alt="Hände formen Ton an der Töpferscheibe"');
    expect(section).toContain('loading="lazy"');
    expect(section).toContain('<p>Jedes Stück geht durch <strong>unsere</strong> Hände.</p>');
  });

  it('§ 1 and § 11 PAngV a featured product shows its price with VAT, shipping and reference notes and links to its page', () => {
    const section = part('featured-product');
    expect(section).toContain('<p class="featured-product__kicker">Unser Liebling</p>');
    expect(section).toContain('<p class="featured-product__text">Hält warm.</p>');
    expect(section).toContain('href="/shop/p/emaille-becher-bergsee">Emaille-Becher „Bergsee“</a>');
    expect(section).toMatch(/class="featured-product__price">\d+,\d\d\s€/);
    expect(section).toContain('inkl. MwSt.');
    expect(section).toContain('zzgl. <a href="/versand-und-zahlung">Versandkosten</a>');
    // The mug is on sale: its reference is the lowest price of the 30 days before.
    expect(section).toContain('(niedrigster Preis der letzten 30 Tage: ');
    expect(section).toContain('srcset="/assets/demo/emaille-becher-bergsee.svg?format=100w 100w');
    // A product deleted after the page was saved leaves no empty block.
    expect(html.match(/block--featured-product/g)).toHaveLength(1);
  });

  it('testimonials show each quote with the name of who said it', () => {
    expect(part('testimonials')).toContain(
      '<blockquote class="testimonial__quote"><p>Der Becher ist wunderschön.</p></blockquote><figcaption class="testimonial__name">Anna K.<span class="testimonial__detail">, aus Leipzig</span></figcaption>',
    );
  });

  it('an FAQ opens each answer without script and tells search engines its questions (FAQPage)', () => {
    const faq = part('faq');
    expect(faq).toContain(
      '<details class="faq__item"><summary class="faq__question">Wie lange dauert der Versand?</summary><div class="faq__answer"><p>2–4 Werktage.</p></div></details>',
    );
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(faq)![1]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Wie lange dauert der Versand?',
          acceptedAnswer: { '@type': 'Answer', text: '2–4 Werktage.' },
        },
      ],
    });
  });
});

describe('FAQ data', () => {
  it('cannot close its script element, whatever a question says', () => {
    const json = faqJsonLd([{ question: '</script><script>alert(1)</script>', html: '<p>x</p>' }]);
    expect(json).not.toContain('<');
    expect(JSON.parse(json).mainEntity[0].name).toBe('</script><script>alert(1)</script>');
  });
});

/** WCAG relative luminance of an sRGB channel triple (0–255). */
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('hero overlay', () => {
  it('WCAG 1.4.3 keeps the hero text at 4.5:1 or more on any photo, the brightest and the darkest', () => {
    const css = loadTheme().css;
    const scrim = (selector: string) => {
      const rule = new RegExp(
        `${selector.replace(/[.:]/g, (c) => `\\${c}`)} \\{[^}]*background: rgb\\((\\d+) (\\d+) (\\d+) / ([\\d.]+)\\)`,
      ).exec(css);
      expect(rule, selector).not.toBeNull();
      const [, r, g, b, alpha] = rule!.map(Number);
      return { colour: [r, g, b], alpha };
    };
    const over = (top: { colour: number[]; alpha: number }, photo: number[]) =>
      photo.map((c, i) => top.colour[i] * top.alpha + c * (1 - top.alpha));
    const dark = scrim('.hero::before');
    const light = scrim('.hero--light::before');
    for (const photo of [
      [255, 255, 255],
      [0, 0, 0],
      [255, 230, 0],
    ]) {
      // White text on the dark scrim, #111 on the light one (theme.css, "Home-page sections").
      expect(contrast([255, 255, 255], over(dark, photo)), `dunkel über ${photo}`).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrast([17, 17, 17], over(light, photo)), `hell über ${photo}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
