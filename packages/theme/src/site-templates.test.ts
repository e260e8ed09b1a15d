import { LEGAL_PATHS, TEMPLATE_IDS } from '@baukasten/commerce';
import { describe, expect, it } from 'vitest';
import { loadTheme } from './index.js';
import { templateHomeSections } from './site-templates.js';

/*
 * The home page a new site starts with, per template (issue 22). That the blocks pass the editor's
 * validation and render on a real site: server admin/pages/template-home-sections.test.ts.
 */

const theme = loadTheme();

/** Every address the sections link to, from their HTML. */
const linksOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

function homePage(template: (typeof TEMPLATE_IDS)[number], title: string) {
  const page = theme.renderPage(
    'page',
    {
      website: { siteTitle: title, language: 'de', locale: 'de-DE' },
      navigation: [],
      seo: { title },
      assets: { css: '/assets/theme.css' },
      collection: { title: 'Start', showTitle: false },
      blocks: templateHomeSections(template, title),
    },
    { locale: 'de-DE' },
  );
  expect(page.errors).toEqual([]);
  return page.html;
}

describe('the home page of a new site from a template', () => {
  for (const template of TEMPLATE_IDS) {
    it(`${template}: opens with a hero named after the site, with no "Start" heading and no block that needs a product`, () => {
      const sections = templateHomeSections(template, 'Garn & Gabel');
      expect(sections[0]).toMatchObject({ type: 'hero', heading: 'Garn & Gabel' });
      const kinds = sections.map((s) => s.type as string);
      expect(kinds).not.toContain('heading');
      expect(kinds).not.toContain('featured-product');
      expect(kinds).not.toContain('products');
      // The page title is there for screen readers only; what a visitor reads first is the shop's name.
      const html = homePage(template, 'Garn & Gabel');
      expect(html).toMatch(/<h1 class="visually-hidden">Start<\/h1>/);
      expect(html).toContain('<h2 class="hero__heading">Garn &amp; Gabel</h2>');
    });

    it(`${template}: links only to pages every new site has, and shows only the project's own pictures with German alt texts where they carry meaning`, () => {
      const sections = templateHomeSections(template, 'Testladen');
      const legalPages = Object.values(LEGAL_PATHS);
      const links = sections.flatMap((s) =>
        s.type === 'faq'
          ? s.items.flatMap((i) => linksOf(i.html))
          : s.type === 'image-text'
            ? linksOf(s.html)
            : [],
      );
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(legalPages).toContain(link);
      for (const section of sections) {
        if (section.type === 'faq') continue;
        expect(section.assetUrl).toMatch(/^\/assets\/demo\/[a-z-]+\.svg$/);
        // Beside a text the picture carries meaning: words that describe it, not its file name.
        if (section.type === 'image-text') {
          expect(section.altText.split(' ').length).toBeGreaterThanOrEqual(3);
          expect(section.assetUrl).not.toContain(section.altText.toLowerCase());
        }
      }
    });
  }

  it('each template speaks in its own voice: no two start with the same words', () => {
    const heroTexts = TEMPLATE_IDS.map((t) => {
      const hero = templateHomeSections(t, 'Testladen')[0];
      return hero.type === 'hero' ? hero.text : '';
    });
    expect(new Set(heroTexts).size).toBe(TEMPLATE_IDS.length);
    // The studio addresses its visitors with "Sie", the workshop and the food shop with "du".
    const faqText = (t: (typeof TEMPLATE_IDS)[number]) =>
      JSON.stringify(templateHomeSections(t, 'Testladen').find((s) => s.type === 'faq'));
    expect(faqText('studio')).toMatch(/\bSie\b/);
    expect(faqText('werkstatt')).toMatch(/\bdu\b/);
    expect(faqText('kantine')).toMatch(/\bdu\b/);
  });

  it("escapes the site's title in the hero: the owner's title is text, never markup", () => {
    const html = homePage('kantine', '<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
