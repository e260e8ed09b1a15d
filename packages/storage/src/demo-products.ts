import type { Image, NewProduct, NewVariant } from './types.js';
import { ProductType } from './types.js';

/* The demo shop's products: German titles and texts, one or more for each rule the storefront shows. */

export const demoImage = (urlId: string, altText: string): Image => ({
  assetUrl: `/assets/demo/${urlId}.svg`,
  altText,
  originalSize: '1200x1200',
  mediaFocalPoint: { x: 0.5, y: 0.5 },
});

/** Every size × colour, with the stock of each combination given row by row. */
function sizeColourVariants(
  skuPrefix: string,
  priceMinor: number,
  sizes: string[],
  colours: string[],
  stock: number[][],
  weightGrams: number,
): NewVariant[] {
  return sizes.flatMap((size, s) =>
    colours.map((colour, c) => ({
      sku: `${skuPrefix}-${size}-${colour.slice(0, 4).toUpperCase()}`,
      attributes: { Größe: size, Farbe: colour },
      priceMinor,
      qtyInStock: stock[s][c],
      weightGrams,
    })),
  );
}

export interface DemoProduct {
  urlId: string;
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  categories: string[];
  product: NewProduct;
  /** Further pictures besides the main one (name, alt text): the product page's gallery shows them. */
  moreImages?: [string, string][];
}

const engravingForm = {
  id: 'form-gravur',
  name: 'Gravur',
  submissionMessage: 'Danke! Wir gravieren Ihren Text.',
  fields: [
    {
      id: 'gravurtext',
      type: 'text' as const,
      title: 'Gravurtext',
      description: 'Höchstens 20 Zeichen, Groß- und Kleinbuchstaben, Ziffern.',
      required: true,
      maxLength: 20,
    },
    {
      id: 'schriftart',
      type: 'select' as const,
      title: 'Schriftart',
      required: false,
      options: ['Serifenlos', 'Schreibschrift'],
    },
  ],
};

const restockEverywhere = {
  restockNotificationViews: ['PRODUCT_DETAIL', 'PRODUCT_QUICK_VIEW'],
  restockNotificationMessages: {
    successMessage: 'Danke! Wir schreiben dir, sobald der Artikel wieder da ist.',
  },
  mailingListSignUpEnabled: true,
  mailingListOptInByDefault: false,
};

/** The products of the demo shop, one or more for each rule the storefront shows. */
export const demoProducts: DemoProduct[] = [
  {
    urlId: 'bio-t-shirt',
    title: 'Bio-T-Shirt „Baukasten“',
    excerpt: '<p>Weiches T-Shirt aus 100 % Bio-Baumwolle, fair hergestellt in Portugal.</p>',
    body: '<p>Gerader Schnitt, Rundhalsausschnitt, 180 g/m². Bei 30 °C waschbar.</p>',
    tags: ['Baumwolle', 'Fair'],
    moreImages: [['bio-t-shirt-rueckseite', 'Bio-T-Shirt, Rückseite']],
    categories: ['Kleidung'],
    product: {
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Größe', 'Farbe'],
      variants: sizeColourVariants(
        'BK-TS',
        2490,
        ['S', 'M', 'L'],
        ['Schwarz', 'Weiß'],
        [
          [5, 3],
          [8, 0],
          [2, 6],
        ],
        180,
      ),
      merchandising: {
        ...restockEverywhere,
        scarcityEnabled: true,
        scarcityText: 'Nur noch {qty} auf Lager',
      },
    },
  },
  {
    urlId: 'kapuzenpullover-nordwind',
    title: 'Kapuzenpullover „Nordwind“',
    excerpt: '<p>Kuscheliger Hoodie aus Bio-Baumwolle mit angerautem Innenfutter.</p>',
    body: '<p>Derzeit ausverkauft – trag dich ein, und wir melden uns, sobald er wieder da ist.</p>',
    tags: ['Baumwolle'],
    categories: ['Kleidung'],
    product: {
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Größe'],
      variants: ['S', 'M', 'L'].map((size) => ({
        sku: `BK-HD-${size}`,
        attributes: { Größe: size },
        priceMinor: 5900,
        qtyInStock: 0,
        weightGrams: 520,
      })),
      merchandising: restockEverywhere,
    },
  },
  {
    urlId: 'emaille-becher-bergsee',
    title: 'Emaille-Becher „Bergsee“',
    excerpt: '<p>Robuster Becher für Camping und Küche, 350 ml. Jetzt im Angebot.</p>',
    body: '<p>Emaillierter Stahl mit Edelstahlrand, spülmaschinengeeignet.</p>',
    tags: ['Küche', 'Outdoor'],
    categories: ['Wohnen'],
    product: {
      productType: ProductType.PHYSICAL,
      variants: [
        {
          sku: 'BK-BE-01',
          priceMinor: 1490,
          salePriceMinor: 990,
          onSale: true,
          qtyInStock: 40,
          weightGrams: 210,
        },
      ],
    },
  },
  {
    urlId: 'canvas-tragetasche',
    title: 'Canvas-Tragetasche',
    excerpt: '<p>Stabile Tasche aus Baumwoll-Canvas in zwei Größen.</p>',
    body: '<p>Die kleine Tasche fasst 10 Liter, die große 18 Liter. Mit Innentasche.</p>',
    tags: ['Taschen'],
    categories: ['Accessoires'],
    product: {
      productType: ProductType.PHYSICAL,
      variantOptionOrdering: ['Größe'],
      variants: [
        {
          sku: 'BK-TT-KLEIN',
          attributes: { Größe: 'Klein' },
          priceMinor: 1200,
          qtyInStock: 15,
          weightGrams: 150,
        },
        {
          sku: 'BK-TT-GROSS',
          attributes: { Größe: 'Groß' },
          priceMinor: 1600,
          qtyInStock: 9,
          weightGrams: 220,
        },
      ],
    },
  },
  {
    urlId: 'notizbuch-a5-gepunktet',
    title: 'Notizbuch A5, gepunktet',
    excerpt: '<p>Fadengebundenes Notizbuch mit 192 Seiten – wird auf Bestellung gedruckt.</p>',
    body: '<p>100 g/m² Papier, Lesebändchen, Einband aus Recyclingkarton.</p>',
    tags: ['Papier'],
    categories: ['Schreibwaren'],
    product: {
      productType: ProductType.PHYSICAL,
      variants: [{ sku: 'BK-NB-A5', priceMinor: 850, unlimited: true, weightGrams: 300 }],
    },
  },
  {
    urlId: 'duftkerze-lavendel',
    title: 'Duftkerze Lavendel',
    excerpt: '<p>Handgegossene Kerze aus Rapswachs mit ätherischem Lavendelöl.</p>',
    body: '<p>Brenndauer etwa 40 Stunden. Nur noch wenige Stück vorrätig.</p>',
    tags: ['Duft'],
    categories: ['Wohnen'],
    product: {
      productType: ProductType.PHYSICAL,
      variants: [{ sku: 'BK-DK-LAV', priceMinor: 1850, qtyInStock: 2, weightGrams: 400 }],
      merchandising: {
        scarcityEnabled: true,
        scarcityShownByDefault: true,
        scarcityTemplateViews: ['PRODUCT_DETAIL'],
        scarcityText: 'Nur noch {qty} auf Lager',
      },
    },
  },
  {
    urlId: 'keramikvase-handgemacht',
    title: 'Keramikvase, handgemacht',
    excerpt: '<p>Ein Einzelstück aus unserer Töpferwerkstatt.</p>',
    body: '<p>Steinzeug, innen glasiert, 24 cm hoch. Jede Vase ist ein Unikat.</p>',
    tags: ['Keramik', 'Unikat'],
    categories: ['Wohnen'],
    product: {
      productType: ProductType.PHYSICAL,
      variants: [{ sku: 'BK-KV-01', priceMinor: 6500, qtyInStock: 1, weightGrams: 900 }],
    },
  },
  {
    urlId: 'schluesselanhaenger-mit-gravur',
    title: 'Schlüsselanhänger aus Messing mit Gravur',
    excerpt: '<p>Massiver Messinganhänger, graviert mit Ihrem Wunschtext.</p>',
    body: '<p>Gib beim Kauf den Gravurtext ein. Lieferzeit 3–5 Werktage.</p>',
    tags: ['Geschenk', 'Personalisiert'],
    categories: ['Accessoires'],
    product: {
      productType: ProductType.PHYSICAL,
      variants: [{ sku: 'BK-SA-GRAV', priceMinor: 1900, qtyInStock: 25, weightGrams: 40 }],
      additionalFieldsForm: engravingForm,
      useCustomAddButtonText: true,
      customAddButtonText: 'Gravur bestellen',
    },
  },
  {
    urlId: 'kaffee-abo-roestfrisch',
    title: 'Kaffee-Abo „Röstfrisch“',
    excerpt: '<p>Jeden Monat 500 g frisch gerösteter Kaffee aus kleinen Röstereien.</p>',
    body: '<p>Das Abo läuft 12 Monate und wird monatlich abgerechnet.</p>',
    tags: ['Kaffee', 'Abo'],
    categories: ['Genuss'],
    product: {
      productType: ProductType.PHYSICAL,
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      productSubscriptionOptions: [
        { id: 'abo-monatlich-12', billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      ],
      variantOptionOrdering: ['Mahlgrad'],
      variants: [
        { sku: 'BK-KA-BOHNE', attributes: { Mahlgrad: 'Ganze Bohne' }, priceMinor: 1990, unlimited: true },
        { sku: 'BK-KA-FILTER', attributes: { Mahlgrad: 'Filter' }, priceMinor: 1990, unlimited: true },
      ],
      useCustomAddButtonText: true,
      customAddButtonText: 'Abo abschließen',
    },
  },
  {
    urlId: 'e-book-sauerteig',
    title: 'E-Book: Brot backen mit Sauerteig',
    excerpt: '<p>120 Seiten Rezepte und Anleitungen als PDF – zum Einführungspreis.</p>',
    body: '<p>Sofort nach dem Kauf als Download verfügbar.</p>',
    tags: ['Backen', 'Download'],
    categories: ['Digital'],
    product: {
      productType: ProductType.DIGITAL,
      onSale: true,
      variants: [
        { sku: 'BK-EB-SAUER', priceMinor: 1499, salePriceMinor: 999, onSale: true, unlimited: true },
      ],
    },
  },
  {
    urlId: 'lightroom-presets-herbst',
    title: 'Lightroom-Presets „Herbstlicht“',
    excerpt: '<p>15 Presets für warme Herbstfotos, als ZIP-Download.</p>',
    body: '<p>Für Lightroom Classic und Lightroom Mobile.</p>',
    tags: ['Fotografie', 'Download'],
    categories: ['Digital'],
    product: {
      productType: ProductType.DIGITAL,
      variants: [{ sku: 'BK-LR-HERBST', priceMinor: 2400, unlimited: true }],
    },
  },
  {
    urlId: 'design-beratung',
    title: 'Design-Beratung (60 Minuten)',
    excerpt: '<p>Persönliche Beratung per Video für Ihren Webauftritt.</p>',
    body: '<p>Nach dem Kauf schlagen wir dir Termine vor. Freie Termine sind begrenzt.</p>',
    tags: ['Beratung'],
    categories: ['Dienstleistungen'],
    product: {
      productType: ProductType.SERVICE,
      variants: [{ sku: 'BK-DB-60', priceMinor: 8900, qtyInStock: 8 }],
    },
  },
  {
    urlId: 'geschenkgutschein',
    title: 'Geschenkgutschein',
    excerpt: '<p>Verschenke Auswahl: einlösbar für alles im Demo-Laden.</p>',
    body: '<p>Der Gutschein kommt per E-Mail und ist drei Jahre gültig.</p>',
    tags: ['Geschenk'],
    categories: ['Gutscheine'],
    product: {
      productType: ProductType.GIFT_CARD,
      giftCardDenominations: [2500, 5000, 10000],
      variantOptionOrdering: ['Betrag'],
      variants: [2500, 5000, 10000].map((amount) => ({
        sku: `BK-GS-${amount / 100}`,
        attributes: { Betrag: `${amount / 100} €` },
        priceMinor: amount,
        unlimited: true,
      })),
    },
  },
  {
    urlId: 'premium-zugang',
    title: 'Premium-Zugang: Werkstatt-Videos',
    excerpt: '<p>Ein Jahr Zugang zu allen Werkstatt-Videos im Mitgliederbereich.</p>',
    body: '<p>Über 40 Videos zu Keramik, Kerzenguss und Buchbinden.</p>',
    tags: ['Mitglieder'],
    categories: ['Digital'],
    product: {
      productType: ProductType.PAYWALL,
      variants: [{ sku: 'BK-PZ-JAHR', priceMinor: 4900, unlimited: true }],
    },
  },
];
