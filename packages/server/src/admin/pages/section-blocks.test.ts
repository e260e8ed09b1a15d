import { CollectionType, ProductType, UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { accountWithSession, type Browser, sharedStateWithLimits } from '../admin-test-kit.js';
import { pageMessages as m } from './page-messages.js';

/* The home-page sections (issue 22) as the editor saves them: each field checked with a German message. */

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let owner: Browser;
  let base: string;
  let productId: string;
  let plainItemId: string;
  const host = `abschnitte-${db.name}.test`;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    app = await buildApp({ storage, logLevel: 'silent', shared: sharedStateWithLimits() });
    const site = await storage.websites.create({
      title: 'Abschnittladen',
      hostnames: [host],
      currency: 'EUR',
    });
    const page = await storage.collections.create(site.id, {
      type: CollectionType.PAGE,
      urlId: '',
      title: 'Start',
    });
    const shop = await storage.collections.create(site.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'shop',
      title: 'Shop',
    });
    const item = await storage.items.create(site.id, {
      collectionId: shop.id,
      urlId: 'becher',
      title: 'Becher',
      product: {
        productType: ProductType.PHYSICAL,
        variants: [{ sku: 'B-1', priceMinor: 1490, qtyInStock: 3 }],
      },
    });
    productId = item.id;
    const journal = await storage.collections.create(site.id, {
      type: CollectionType.PAGE,
      urlId: 'j',
      title: 'J',
    });
    plainItemId = (
      await storage.items.create(site.id, { collectionId: journal.id, urlId: 'post', title: 'Post' })
    ).id;
    const { account, browser } = await accountWithSession(app, storage, 'Sina Start');
    await storage.siteMembers.add(site.id, account.id, [UserRole.ADMIN]);
    owner = browser;
    base = `/api/admin/sites/${site.id}/collections/${page.id}`;
  });
  afterAll(() => app?.close());

  const save = (block: Record<string, unknown>) => owner.patch(`${base}/draft`, { blocks: [block] });
  const refusal = async (block: Record<string, unknown>) => {
    const answer = await save(block);
    expect(answer.status, JSON.stringify(block)).toBe(400);
    return answer.body.error.fields as Record<string, string>;
  };

  const hero = {
    type: 'hero',
    heading: 'Handgemacht in Berlin',
    assetUrl: '/assets/demo/werkbank.svg',
    originalSize: '1200x800',
  };

  it('saves a hero with its defaults: a centred focal point, a dark overlay, decorative image', async () => {
    const saved = await save({ ...hero, buttonLabel: 'Zum Shop', buttonHref: '/shop' });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks.draft[0]).toMatchObject({
      type: 'hero',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      overlay: 'dark',
      height: 'medium',
      altText: '',
    });
  });

  it('refuses a hero without heading or image, with a wrong focal point, half a button or an unknown overlay', async () => {
    expect((await refusal({ ...hero, heading: ' ' }))['blocks.0.heading']).toBe(m.sectionHeadingMissing);
    expect((await refusal({ ...hero, assetUrl: '' }))['blocks.0.assetUrl']).toBe(m.heroImageMissing);
    expect((await refusal({ ...hero, assetUrl: 'javascript:x' }))['blocks.0.assetUrl']).toBe(
      m.imageUrlInvalid,
    );
    expect(
      (await refusal({ ...hero, mediaFocalPoint: { x: 1.5, y: 0 } }))['blocks.0.mediaFocalPoint.x'],
    ).toBe('Der Fokuspunkt muss zwischen 0 und 1 liegen.');
    expect((await refusal({ ...hero, buttonLabel: 'Los' }))['blocks.0.buttonHref']).toBe(
      m.sectionButtonIncomplete,
    );
    expect(
      (await refusal({ ...hero, buttonLabel: 'Los', buttonHref: 'beispiel.de' }))['blocks.0.buttonHref'],
    ).toBe(m.linkInvalid('beispiel.de'));
    expect((await refusal({ ...hero, overlay: 'neon' }))['blocks.0.overlay']).toBe(
      m.notAnExpectedOption('neon'),
    );
  });

  it('WCAG 1.1.1 refuses an image with text whose image has no alt text; renders its Markdown', async () => {
    const block = {
      type: 'image-text',
      markdown: 'Jedes Stück geht durch **unsere** Hände.',
      assetUrl: '/assets/demo/toepferscheibe.svg',
      imagePosition: 'right',
    };
    expect((await refusal(block))['blocks.0.altText']).toBe(m.imageAltTextMissing);
    expect(
      (await refusal({ ...block, altText: 'Ton', imagePosition: 'oben' }))['blocks.0.imagePosition'],
    ).toBe(m.notAnExpectedOption('oben'));
    const saved = await save({ ...block, altText: 'Hände formen Ton' });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks.draft[0].html).toBe(
      '<p>Jedes Stück geht durch <strong>unsere</strong> Hände.</p>',
    );
  });

  it('a featured product must name a product of this site', async () => {
    expect((await refusal({ type: 'featured-product' }))['blocks.0.productId']).toBe(
      m.featuredProductMissing,
    );
    expect(
      (await refusal({ type: 'featured-product', productId: 'gibt-es-nicht' }))['blocks.0.productId'],
    ).toBe(m.featuredProductUnknown);
    // An item that is no product (a page entry) is no product to feature either.
    expect((await refusal({ type: 'featured-product', productId: plainItemId }))['blocks.0.productId']).toBe(
      m.featuredProductUnknown,
    );
    expect((await save({ type: 'featured-product', productId, title: 'Unser Liebling' })).status).toBe(200);
  });

  it('testimonials need at least one quote, each with a name', async () => {
    expect((await refusal({ type: 'testimonials', items: [] }))['blocks.0.items']).toBe(
      m.testimonialsMissing,
    );
    expect(
      (await refusal({ type: 'testimonials', items: [{ quote: 'Toll', name: '' }] }))[
        'blocks.0.items.0.name'
      ],
    ).toBe(m.quoteNameMissing);
    expect(
      (await refusal({ type: 'testimonials', items: [{ quote: 'x'.repeat(1001), name: 'A' }] }))[
        'blocks.0.items.0.quote'
      ],
    ).toBe(m.quoteTooLong);
    expect((await save({ type: 'testimonials', items: [{ quote: 'Toll', name: 'Anna' }] })).status).toBe(200);
  });

  it('an FAQ needs questions with answers; answers are Markdown', async () => {
    expect((await refusal({ type: 'faq', items: [] }))['blocks.0.items']).toBe(m.faqMissing);
    expect(
      (await refusal({ type: 'faq', items: [{ question: 'Versand?', markdown: ' ' }] }))[
        'blocks.0.items.0.markdown'
      ],
    ).toBe(m.faqAnswerMissing);
    expect(
      (await refusal({ type: 'faq', items: [{ question: '', markdown: 'Ja' }] }))[
        'blocks.0.items.0.question'
      ],
    ).toBe(m.faqQuestionMissing);
    const saved = await save({
      type: 'faq',
      items: [{ question: 'Versand?', markdown: 'In **2–4** Tagen.' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks.draft[0].items[0].html).toBe('<p>In <strong>2–4</strong> Tagen.</p>');
  });
});
