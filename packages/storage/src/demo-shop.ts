import { UserRole } from '@baukasten/commerce';
import { sql } from 'kysely';
import { seedDemoContactForm } from './demo-contact-form.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoGallery } from './demo-gallery.js';
import { demoImage, demoProducts } from './demo-products.js';
import { kyselyOf, type Storage } from './open-storage.js';
import type { Block, NewItem } from './types.js';
import { CollectionType } from './types.js';

export interface SeedDemoShopOptions {
  /** Default ['localhost', '127.0.0.1']. */
  hostnames?: string[];
  /**
   * The demo's local owner account (server config DEMO_OWNER), an administrator of the demo shop. It is
   * created when no account has its email yet, also for a demo seeded before owners existed.
   */
  owner?: DemoOwner;
  /**
   * The shop's Testmodus (default on): the demo takes the test card even on a production server, shows the
   * Testmodus banner and marks its orders as test orders. Off for an owner's new site with demo content.
   */
  testMode?: boolean;
}

export interface DemoOwner {
  email: string;
  name: string;
  /** Called only when the account is created: hashing lives in the server and costs a noticeable moment. */
  passwordHash: () => Promise<string>;
}

/**
 * Key of the PostgreSQL advisory lock that serialises demo seeding: two instances starting at the same
 * moment on an empty database would otherwise both find no demo and both create one, and the second dies
 * on the taken hostname. Any fixed bigint does; this one spells "Bauk".
 */
const DEMO_SEED_LOCK = 0x4261_756b;

/**
 * Makes concurrent seeds run one after the other. PostgreSQL: a transaction-scoped advisory lock, taken
 * before the first read, so the second seed's look-up runs after the first committed and finds its demo.
 * SQLite needs nothing: storage transactions begin IMMEDIATE there (sqlite-dialect.ts), which already lets
 * one writer in at a time, the others waiting on busy_timeout.
 */
async function oneSeedAtATime(tx: Storage): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${sql.lit(DEMO_SEED_LOCK)})`.execute(kyselyOf(tx));
}

/**
 * The demo owner joins the demo as administrator when the account is new. An existing account with that
 * email is left alone: it already is the owner (a restart), or someone made it themselves or was removed
 * from the demo, and the seed must not hand a shop to an account it did not create.
 */
async function seedDemoOwner(tx: Storage, websiteId: string, owner: DemoOwner): Promise<void> {
  if (await tx.accounts.findByEmail(owner.email)) return;
  const account = await tx.accounts.create({
    email: owner.email,
    name: owner.name,
    passwordHash: await owner.passwordHash(),
  });
  await tx.siteMembers.add(websiteId, account.id, [UserRole.ADMIN]);
}

const DEFAULT_HOSTNAMES = ['localhost', '127.0.0.1'];

/**
 * The home page as a small shop would build it from sections (issue 22): a hero, the newest products, one
 * product in focus, the workshop beside a text, customer voices and the questions shoppers ask. Blocks are
 * stored as the editor saves them (admin/pages/section-blocks.ts), Markdown with its HTML.
 */
function homeBlocks(featuredProductId: string): Block[] {
  const sections = [
    {
      type: 'hero',
      heading: 'Schönes für jeden Tag, von Hand gemacht',
      text: 'Becher, Kerzen, Vasen und Notizbücher aus unserer kleinen Werkstatt in Berlin – fair hergestellt und in 2–4 Werktagen bei dir.',
      buttonLabel: 'Jetzt stöbern',
      buttonHref: '/shop',
      assetUrl: '/assets/demo/startseite.svg',
      // Behind the text the picture is decoration; the products below have their own names.
      altText: '',
      originalSize: '1200x1200',
      mediaFocalPoint: { x: 0.5, y: 0.62 },
      overlay: 'dark',
      height: 'large',
    },
    { type: 'products', collectionUrlId: 'shop', title: 'Neu im Laden', limit: 4 },
    {
      type: 'featured-product',
      productId: featuredProductId,
      title: 'Unser Liebling',
      text: 'Emaille mit dem Bergsee-Motiv, von Hand bemalt. Hält den Kaffee warm und übersteht jede Wanderung.',
    },
    {
      type: 'image-text',
      heading: 'Aus unserer Werkstatt',
      markdown:
        'Jedes Stück, das unseren Laden verlässt, hatten wir selbst in der Hand: Die Vasen drehen wir an der ' +
        'Töpferscheibe, die Kerzen gießen wir aus Sojawachs, und Schlüsselanhänger gravieren wir mit deinem Text.\n\n' +
        'Wir sind ein kleines Team – Jana töpfert, Max graviert und packt jedes Paket.',
      html:
        '<p>Jedes Stück, das unseren Laden verlässt, hatten wir selbst in der Hand: Die Vasen drehen wir an der ' +
        'Töpferscheibe, die Kerzen gießen wir aus Sojawachs, und Schlüsselanhänger gravieren wir mit deinem Text.</p>\n' +
        '<p>Wir sind ein kleines Team – Jana töpfert, Max graviert und packt jedes Paket.</p>',
      buttonLabel: 'Mehr über uns',
      buttonHref: '/ueber-uns',
      assetUrl: '/assets/demo/toepferscheibe.svg',
      altText: 'Eine frisch gedrehte Vase aus Ton auf der Töpferscheibe',
      originalSize: '1200x1200',
      imagePosition: 'left',
    },
    {
      type: 'testimonials',
      title: 'Das sagen unsere Kundinnen und Kunden',
      items: [
        {
          quote:
            'Der Bergsee-Becher ist mein täglicher Begleiter. Nach zwei Tagen war er da, liebevoll verpackt.',
          name: 'Sabine M.',
          detail: 'aus Leipzig',
        },
        {
          quote:
            'Die Duftkerze riecht nach echtem Lavendel, nicht nach Parfum. Ich habe gleich zwei nachbestellt.',
          name: 'Thomas K.',
          detail: 'aus Hamburg',
        },
        {
          quote:
            'Den gravierten Schlüsselanhänger habe ich meiner Schwester geschenkt – sie hat sich riesig gefreut.',
          name: 'Aylin D.',
          detail: 'aus Köln',
        },
      ],
    },
    {
      type: 'faq',
      title: 'Häufige Fragen',
      items: [
        {
          question: 'Wie lange dauert der Versand?',
          markdown:
            'Innerhalb Deutschlands ist dein Paket in **2–4 Werktagen** bei dir, mit Expressversand in 1–2 Werktagen. Ab 50 € versenden wir innerhalb Deutschlands kostenlos.',
          html: '<p>Innerhalb Deutschlands ist dein Paket in <strong>2–4 Werktagen</strong> bei dir, mit Expressversand in 1–2 Werktagen. Ab 50 € versenden wir innerhalb Deutschlands kostenlos.</p>',
        },
        {
          question: 'Kann ich meine Bestellung zurückgeben?',
          markdown:
            'Ja, du kannst deine Bestellung innerhalb von 14 Tagen widerrufen. Wie das geht, steht in unserer [Widerrufsbelehrung](/widerruf).',
          html: '<p>Ja, du kannst deine Bestellung innerhalb von 14 Tagen widerrufen. Wie das geht, steht in unserer <a href="/widerruf">Widerrufsbelehrung</a>.</p>',
        },
        {
          question: 'Kann ich einen eigenen Text gravieren lassen?',
          markdown:
            'Ja: Beim Schlüsselanhänger aus Messing gibst du deinen Gravurtext und die Schriftart direkt beim Bestellen an.',
          html: '<p>Ja: Beim Schlüsselanhänger aus Messing gibst du deinen Gravurtext und die Schriftart direkt beim Bestellen an.</p>',
        },
        {
          question: 'Wie pflege ich meinen Emaille-Becher?',
          markdown:
            'Spüle ihn von Hand mit warmem Wasser und ohne Scheuermittel. Mehr Tipps stehen in unserem [Journal](/journal/p/emaille-becher-richtig-pflegen).',
          html: '<p>Spüle ihn von Hand mit warmem Wasser und ohne Scheuermittel. Mehr Tipps stehen in unserem <a href="/journal/p/emaille-becher-richtig-pflegen">Journal</a>.</p>',
        },
      ],
    },
    // Latest posts of the journal and the shop's social profiles (seeded in demo-content.ts).
    { type: 'summary', collectionUrlId: 'journal', title: 'Aus dem Journal', limit: 3 },
    { type: 'social-links', title: 'Folge uns' },
  ];
  return sections as unknown as Block[];
}

/** The product the home page shows in focus. */
const FEATURED_PRODUCT = 'emaille-becher-bergsee';

const aboutBlocks: Block[] = [
  { type: 'heading', text: 'Über uns', level: 1 },
  {
    type: 'text',
    html:
      '<p>Der Baukasten Demo-Laden zeigt, was ein Online-Shop mit Baukasten kann: Varianten, Angebote, ' +
      'digitale Produkte, Abos und Gutscheine.</p><p>Alle Bestellungen hier sind nur zur Ansicht.</p>',
  },
];

/** Products at the reduced rate of 7 % (§ 12 Abs. 2 UStG): coffee (Nr. 1, food) and the e-book (Nr. 14). */
const REDUCED_RATE = new Set(['kaffee-abo-roestfrisch', 'e-book-sauerteig']);
/** Goods sold by quantity, with the content the Grundpreis is computed from (§ 4 PAngV). */
const UNIT_CONTENTS: Readonly<Record<string, { amount: number; unit: string }>> = {
  'kaffee-abo-roestfrisch': { amount: 500, unit: 'g' },
};
const DAY_MS = 86_400_000;

/**
 * VAT class, Grundpreis content and price history of a demo product. A product on sale gets a regular
 * price from 60 days ago and its sale price from a week ago, so the demo shows the lowest price of the 30
 * days before the reduction as § 11 PAngV asks; without a history it would show no strike-through price.
 */
async function seedPriceDetails(
  tx: Storage,
  websiteId: string,
  itemId: string,
  urlId: string,
  variants: readonly { id: string; priceMinor: number; salePriceMinor: number; onSale: boolean }[],
): Promise<void> {
  if (REDUCED_RATE.has(urlId)) await tx.pricing.setTaxClass(websiteId, itemId, 'reduced');
  const content = UNIT_CONTENTS[urlId];
  const now = Date.now();
  for (const variant of variants) {
    if (content) await tx.pricing.setUnitContent(websiteId, itemId, variant.id, content);
    await tx.pricing.recordPrice(websiteId, variant.id, variant.priceMinor, now - 60 * DAY_MS);
    if (variant.onSale)
      await tx.pricing.recordPrice(websiteId, variant.id, variant.salePriceMinor, now - 7 * DAY_MS);
  }
}

/**
 * Creates the German demo shop once. A hostname that already names a website means the shop (or
 * another site) is there: nothing is written except hostnames from the list that are still free.
 */
export async function seedDemoShop(
  storage: Storage,
  opts: SeedDemoShopOptions = {},
): Promise<{ websiteId: string }> {
  const hostnames = opts.hostnames && opts.hostnames.length > 0 ? opts.hostnames : DEFAULT_HOSTNAMES;
  return storage.transaction(async (tx) => {
    await oneSeedAtATime(tx);
    for (const hostname of hostnames) {
      const existing = await tx.websites.findByHostname(hostname);
      if (existing) {
        await tx.websites.addHostnames(existing.id, hostnames);
        if (opts.owner) await seedDemoOwner(tx, existing.id, opts.owner);
        return { websiteId: existing.id };
      }
    }

    const website = await tx.websites.create({
      title: 'Baukasten Demo-Laden',
      hostnames,
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      settings: {
        storeSettings: {
          selectedCurrency: 'EUR',
          expressCheckout: false,
          multipleQuantityAllowedForServices: true,
        },
        // The demo takes test payments (test card 4242 4242 4242 4242) even under `npm start`, so it runs
        // in Testmodus: every page shows the banner and every order is a test order (review #18, finding 2).
        testMode: opts.testMode ?? true,
        shareButtonOptions: { facebook: true, x: true, pinterest: true },
        // Made-up seller data, so the demo's Impressum and Widerrufsbelehrung read like a real shop's; a
        // site made in the editor starts empty and its checklist asks for the owner's own data.
        legal: {
          companyName: 'Baukasten Demo-Laden',
          legalForm: 'Einzelunternehmen',
          street: 'Musterstraße 1',
          postalCode: '10115',
          city: 'Berlin',
          email: 'laden@baukasten.localhost',
          phone: '+49 30 1234567',
          withdrawalPeriodDays: 14,
          returnCosts: 'customer',
          deliveryTime: '2–4 Werktage',
        },
        // Germany at the usual rates, every other country dearer and slower: the checkout's total changes
        // with the country as well as with the method.
        shippingZones: [
          {
            id: 'deutschland',
            name: 'Deutschland',
            countries: ['DE'],
            rates: [
              {
                id: 'standard',
                name: 'Standardversand',
                kind: 'weight',
                priceMinor: 490,
                brackets: [
                  { upTo: 2000, priceMinor: 490 },
                  { upTo: 10000, priceMinor: 690 },
                  { priceMinor: 1490 },
                ],
                freeFromMinor: 5000,
                deliveryTime: '2–4 Werktage',
              },
              {
                id: 'express',
                name: 'Expressversand',
                kind: 'flat',
                priceMinor: 990,
                deliveryTime: '1–2 Werktage',
              },
            ],
          },
          {
            id: 'ausland',
            name: 'Ausland',
            countries: [],
            restOfWorld: true,
            rates: [
              {
                id: 'standard',
                name: 'Standardversand',
                kind: 'flat',
                priceMinor: 1290,
                deliveryTime: '4–7 Werktage',
              },
              {
                id: 'express',
                name: 'Expressversand',
                kind: 'flat',
                priceMinor: 2490,
                deliveryTime: '2–3 Werktage',
              },
            ],
          },
        ],
        // A code to try at the checkout: the total above "Zahlungspflichtig bestellen" follows it.
        coupons: [{ code: 'WILLKOMMEN10', percentOff: 10 }],
        // Built-in comments (moderated) and simple likes on the journal and the gallery.
        commentsEnabled: true,
        simpleLikingEnabled: true,
        socialAccounts: [
          {
            serviceName: 'instagram',
            userName: '@baukasten.demo',
            profileUrl: 'https://www.instagram.com/baukasten.demo',
          },
          {
            serviceName: 'facebook',
            userName: 'Baukasten Demo-Laden',
            profileUrl: 'https://www.facebook.com/baukasten.demo',
          },
          {
            serviceName: 'email',
            userName: 'hallo@baukasten.example',
            profileUrl: 'mailto:hallo@baukasten.example',
          },
        ],
      },
    });

    const shop = await tx.collections.create(website.id, {
      type: CollectionType.PRODUCTS,
      urlId: 'shop',
      title: 'Shop',
      position: 1,
      description: 'Alle Produkte des Demo-Ladens.',
    });
    await tx.collections.create(website.id, {
      type: CollectionType.PAGE,
      urlId: 'ueber-uns',
      title: 'Über uns',
      position: 2,
      blocks: aboutBlocks,
    });

    // Fixed publication dates keep the demo identical on every machine.
    const firstDay = Date.UTC(2025, 0, 6, 9, 0, 0);
    let featuredProductId = '';
    for (const [i, p] of demoProducts.entries()) {
      const item: NewItem = {
        collectionId: shop.id,
        urlId: p.urlId,
        title: p.title,
        excerpt: p.excerpt,
        body: p.body,
        assetUrl: `/assets/demo/${p.urlId}.svg`,
        images: [
          demoImage(p.urlId, p.title),
          ...(p.moreImages ?? []).map(([name, alt]) => demoImage(name, alt)),
        ],
        tags: p.tags,
        categories: p.categories,
        position: i + 1,
        publishedOn: firstDay + i * 86_400_000,
        product: p.product,
      };
      const created = await tx.items.create(website.id, item);
      if (p.urlId === FEATURED_PRODUCT) featuredProductId = created.id;
      await seedPriceDetails(tx, website.id, created.id, p.urlId, created.product?.variants ?? []);
    }
    // The home page comes after the products, since its featured product names one by id.
    await tx.collections.create(website.id, {
      type: CollectionType.PAGE,
      urlId: '',
      title: 'Start',
      position: 0,
      description: 'Schöne Dinge für Alltag und Werkstatt.',
      blocks: homeBlocks(featuredProductId),
    });
    const contactForm = await seedDemoContactForm(tx, website.id);
    // The newsletter block below subscribes to this list (a block names its list, issue 19 item 7).
    const mailingList = await tx.mailingLists.create(website.id, 'Newsletter');
    await tx.collections.create(website.id, {
      type: CollectionType.PAGE,
      urlId: 'kontakt',
      title: 'Kontakt',
      position: 3,
      description: 'Schreib uns oder abonniere unseren Newsletter.',
      blocks: [
        { type: 'text', html: '<p>Fragen zu einer Bestellung oder einem Produkt? Schreib uns.</p>' },
        { type: 'form', formId: contactForm.id },
        { type: 'heading', text: 'Newsletter' },
        {
          type: 'newsletter',
          listId: mailingList.id,
          title: 'Neuigkeiten aus der Werkstatt',
          description: 'Einmal im Monat, jederzeit abbestellbar.',
        },
      ],
    });
    await seedDemoContent(tx, website.id);
    await seedDemoGallery(tx, website.id);
    if (opts.owner) await seedDemoOwner(tx, website.id, opts.owner);
    return { websiteId: website.id };
  });
}
