// Deterministic benchmark data: a product list page of 48 physical products with 200 variants in the
// shapes the commerce formatters read (structuredContent.variants[].priceMoney {currency, value}, ...).
// No randomness: a small linear congruential generator with a fixed seed picks stock, sale and prices.

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['Rot', 'Blau', 'Grün', 'Schwarz'];
const NOUNS = [
  'Leinenhemd',
  'Wollschal',
  'Kaffeebecher',
  'Notizbuch',
  'Rucksack',
  'Mütze',
  'Tasche',
  'Socken',
];
const ADJECTIVES = ['Klassisch', 'Bio', 'Handgemacht', 'Limitiert', 'Retro', 'Leicht'];
/** Variants per product, repeated: 8 rounds of 25 = 200 variants over 48 products; one-variant products too. */
const VARIANT_COUNTS = [1, 4, 5, 4, 6, 5];

function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const hexId = (n) => (0x5f1e0000 + n).toString(16).padStart(8, '0').repeat(3);
const cents = (minor) => (minor / 100).toFixed(2);

function variant(productIndex, variantIndex, count, next) {
  const sizeCount = Math.min(count, SIZES.length);
  const basePrice = 900 + 250 * ((productIndex * 7) % 37);
  const price =
    basePrice + 100 * Math.floor(variantIndex / sizeCount) + (variantIndex % sizeCount === 3 ? 300 : 0);
  const onSale = productIndex % 5 === 2 || (productIndex % 7 === 3 && variantIndex === 0);
  const salePrice = onSale ? Math.round(price * 0.8) : 0;
  // Every 6th product is sold out entirely; elsewhere some variants are out of stock, a few unlimited.
  const soldOut = productIndex % 6 === 5;
  const unlimited = !soldOut && productIndex % 8 === 1;
  const qtyInStock = soldOut ? 0 : next(4) === 0 ? 0 : 1 + next(40);
  const attributes =
    count === 1
      ? {}
      : { Größe: SIZES[variantIndex % sizeCount], Farbe: COLOURS[Math.floor(variantIndex / sizeCount)] };
  return {
    id: `${hexId(productIndex)}-v${variantIndex}`,
    sku: `SQ${String(1000 + productIndex * 10 + variantIndex)}`,
    price,
    salePrice,
    onSale,
    qtyInStock,
    unlimited,
    attributes,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
    priceMoney: { currency: 'EUR', value: cents(price) },
    salePriceMoney: { currency: 'EUR', value: cents(salePrice) },
    weight: 0.25 + (variantIndex % 3) * 0.25,
  };
}

function product(index, next) {
  const count = VARIANT_COUNTS[index % VARIANT_COUNTS.length];
  const title = `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[index % NOUNS.length]} Nr. ${index + 1}`;
  const urlId = title
    .toLowerCase()
    .replace(/ü/g, 'ue')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');
  const variants = Array.from({ length: count }, (_, v) => variant(index, v, count, next));
  return {
    id: hexId(index),
    collectionId: hexId(9999),
    recordType: 11,
    title,
    urlId,
    fullUrl: `/shop/p/${urlId}`,
    starred: index % 9 === 0,
    // Every fourth product has no excerpt (the `.or` branch); the others carry markup to escape.
    excerpt: index % 4 === 3 ? '' : `Feine Qualität <em>&</em> faire Herstellung – Artikel ${index + 1}.`,
    tags: ['neu', index % 2 ? 'sommer' : 'winter'],
    addedOn: 1700000000000 + index * 86_400_000,
    structuredContent: {
      productType: 1,
      variants,
      variantOptionOrdering: count === 1 ? [] : ['Größe', 'Farbe'],
      variantOptionOrdinals: count === 1 ? [] : ['Größe', 'Farbe'],
      useCustomAddButtonText: index % 10 === 4,
      customAddButtonText: 'Jetzt kaufen',
    },
  };
}

/** The template context of a shop page with `products` items (48 → 200 variants). */
export function productListContext(products = 48) {
  const next = generator(20240611);
  const items = Array.from({ length: products }, (_, i) => product(i, next));
  return {
    website: { id: hexId(1), baseUrl: 'https://laden.example', siteTitle: 'Baukasten & Söhne Laden' },
    websiteSettings: { storeSettings: { selectedCurrency: 'EUR' } },
    collection: { id: hexId(9999), title: 'Alle Produkte', fullUrl: '/shop', itemCount: items.length },
    items,
  };
}

export const variantCount = (context) =>
  context.items.reduce((sum, item) => sum + item.structuredContent.variants.length, 0);
