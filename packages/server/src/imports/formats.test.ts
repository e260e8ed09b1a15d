import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.js';
import { parsePrice, RowProblem } from './catalogue.js';
import { importMessages as m } from './import-messages.js';
import { readCatalogue } from './read-catalogue.js';
import { SQUARESPACE_FILE, shopifyFile, WOOCOMMERCE_FILE } from './test-files.js';

/* Reading the three shops' product files into the neutral catalogue, and refusing hostile ones. */

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readCatalogue(utf8(text), 'EUR');

function refusalOf(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('Shopify product CSV', () => {
  it('reads products, variants over several rows, sale prices, stock, weights and images; the description is sanitised', () => {
    const { format, products, refused } = read(shopifyFile());
    expect(format).toBe('shopify');
    expect(refused).toEqual([]);
    expect(products).toHaveLength(2);
    const [shirt, mug] = products;
    expect(shirt).toMatchObject({
      handle: 'bio-t-shirt',
      title: 'Bio-T-Shirt „Grün“',
      tags: ['bio', 'baumwolle', 'öko'],
      categories: ['Kleidung', 'Sommer'],
      options: [
        { name: 'Größe', values: ['S', 'M'] },
        { name: 'Farbe', values: ['Grün', 'Weiß'] },
      ],
      images: [
        { url: 'https://cdn.example.com/shirt-front.jpg', altText: 'Vorderseite' },
        { url: 'https://cdn.example.com/shirt-back.jpg', altText: 'Rückseite' },
      ],
      lines: [2, 5, 6, 7],
    });
    // The quoted description spans three lines of the file; the next row starts on line 5.
    expect(shirt.body).toContain('<p>Größen: S–M, "fair" genäht.</p>');
    expect(shirt.body).not.toContain('script');
    // Compare-at 29.90 above the price 24.90: regular 29,90 €, on sale for 24,90 €.
    expect(shirt.variants[0]).toEqual({
      line: 2,
      sku: 'SHIRT-S-GRUEN',
      attributes: { Größe: 'S', Farbe: 'Grün' },
      priceMinor: 2990,
      salePriceMinor: 2490,
      qtyInStock: 5,
      unlimited: false,
      weightGrams: 180,
    });
    expect(shirt.variants[3]).toMatchObject({ sku: 'SHIRT-M-WEISS', priceMinor: 2650, qtyInStock: 3 });
    expect(shirt.variants[3].salePriceMinor).toBeUndefined();
    // "Default Title" is Shopify's product without options; no inventory tracker means unlimited.
    expect(mug).toMatchObject({
      handle: 'kaffeetasse',
      options: [],
      body: '<p>Steingut, spülmaschinenfest.</p>',
    });
    expect(mug.variants).toEqual([
      { line: 8, sku: 'TASSE-1', attributes: {}, priceMinor: 1200, unlimited: true, weightGrams: 350 },
    ]);
  });

  it('refuses a product as a whole, naming the bad line and pointing its other lines there', () => {
    const file = shopifyFile().replace('SHIRT-M-GRUEN,200,shopify,12', 'SHIRT-M-GRUEN,200,shopify,zwölf');
    const { products, refused } = read(file);
    expect(products.map((p) => p.handle)).toEqual(['kaffeetasse']);
    expect(refused).toEqual([
      { line: 2, handle: 'bio-t-shirt', reason: m.productRefused('siehe Zeile 6') },
      { line: 5, handle: 'bio-t-shirt', reason: m.productRefused('siehe Zeile 6') },
      { line: 6, handle: 'bio-t-shirt', reason: '„zwölf“ ist kein gültiger Lagerbestand (ganze Zahl ab 0).' },
      { line: 7, handle: 'bio-t-shirt', reason: m.productRefused('siehe Zeile 6') },
    ]);
  });

  it('refuses formula cells with the column named, but takes negative numbers and list items', () => {
    const file = shopifyFile()
      .replace('Kaffeetasse,"Steingut', '"=HYPERLINK(""http://böse.example"")","Steingut')
      .replace('SHIRT-M-WEISS,200,shopify,3', 'SHIRT-M-WEISS,200,shopify,-2');
    const { products, refused } = read(file);
    expect(refused).toEqual([{ line: 8, handle: 'kaffeetasse', reason: m.formulaCell('Title', '=') }]);
    // Oversold stock (-2) is a number, read as sold out.
    expect(products[0].variants[3].qtyInStock).toBe(0);
    const listItem = read(
      shopifyFile().replace('"Steingut, spülmaschinenfest."', '"- Steingut\n- spülmaschinenfest"'),
    );
    expect(listItem.refused).toEqual([]);
  });

  it('refuses a SKU used twice in the file and a sale price that is not lower', () => {
    const file = `${shopifyFile()}\nzweite-tasse,Zweite Tasse,,,,,,TRUE,Title,Default Title,,,,,TASSE-1,,,,deny,manual,"9,50",,TRUE,TRUE,,,,,FALSE,,,,kg,,,active`;
    const { refused } = read(file);
    expect(refused).toEqual([{ line: 9, handle: 'zweite-tasse', reason: m.skuTwiceInFile('TASSE-1', 8) }]);
  });
});

describe('WooCommerce product CSV', () => {
  it('joins variations to their parent by id: and by SKU, keeps only attributes that vary, reads "49,90"', () => {
    const { format, products, refused } = read(WOOCOMMERCE_FILE);
    expect(format).toBe('woocommerce');
    expect(refused).toEqual([]);
    const [pulli, kurs] = products;
    expect(pulli).toMatchObject({
      handle: 'strickpulli-aermel-lang',
      title: 'Strickpulli Ärmel lang',
      excerpt: '<p>Warm.</p>',
      categories: ['Pullover', 'Winter'],
      tags: ['wolle', 'warm'],
      options: [{ name: 'Größe', values: ['S', 'M'] }],
      images: [
        { url: 'https://cdn.example.com/pulli.jpg', altText: '' },
        { url: 'https://cdn.example.com/pulli-2.jpg', altText: '' },
      ],
      lines: [2, 3, 4],
    });
    expect(pulli.body).toBe('<p>Aus Schurwolle.</p>\n<p>Handwäsche.</p>');
    expect(pulli.variants).toEqual([
      {
        line: 3,
        sku: 'PULLI-S',
        attributes: { Größe: 'S' },
        priceMinor: 5990,
        salePriceMinor: 4990,
        qtyInStock: 4,
        unlimited: false,
        weightGrams: 450,
      },
      {
        line: 4,
        sku: 'PULLI-M',
        attributes: { Größe: 'M' },
        priceMinor: 5990,
        qtyInStock: 0,
        unlimited: false,
        weightGrams: 500,
      },
    ]);
    // "simple, virtual": a service without stock management.
    expect(kurs).toMatchObject({ productType: 'service', handle: 'strickkurs-2-std', categories: ['Kurse'] });
    expect(kurs.variants).toEqual([
      { line: 5, sku: 'KURS', attributes: {}, priceMinor: 3500, unlimited: true },
    ]);
  });

  it('refuses a variation whose parent is not in the file', () => {
    const file = `${WOOCOMMERCE_FILE}\n105,variation,PULLI-L,Pulli L,1,0,visible,,,,,taxable,parent,1,1,,0,0,,,,,0,,,59.90,,,,,id:999,Größe,L,,1,,,,`;
    const { refused } = read(file);
    expect(refused).toEqual([{ line: 6, handle: 'id:999', reason: m.parentMissing('id:999') }]);
  });
});

describe('Squarespace product CSV', () => {
  it('reads variant rows below their product, "Unlimited" stock, sale prices and space-separated image URLs', () => {
    const { format, products, refused } = read(SQUARESPACE_FILE);
    expect(format).toBe('squarespace');
    expect(refused).toEqual([]);
    const [apron, advice] = products;
    expect(apron).toMatchObject({
      handle: 'leinen-schuerze',
      title: 'Leinenschürze',
      body: '<p>Schürze aus Leinen,</p>\n<p>mit Tasche.</p>',
      categories: ['Küche', 'Textil'],
      options: [{ name: 'Farbe', values: ['Natur', 'Anthrazit'] }],
      images: [
        { url: 'https://cdn.example.com/schuerze.jpg', altText: '' },
        { url: 'https://cdn.example.com/schuerze-2.jpg', altText: '' },
      ],
    });
    expect(apron.variants).toEqual([
      {
        line: 2,
        sku: 'SCH-NATUR',
        attributes: { Farbe: 'Natur' },
        priceMinor: 3900,
        salePriceMinor: 2900,
        qtyInStock: 7,
        unlimited: false,
        weightGrams: 300,
      },
      {
        line: 4,
        sku: 'SCH-ANTHRAZIT',
        attributes: { Farbe: 'Anthrazit' },
        priceMinor: 3900,
        unlimited: true,
        weightGrams: 300,
      },
    ]);
    expect(advice).toMatchObject({ productType: 'service', handle: 'naehberatung' });
  });
});

describe('hostile files', () => {
  it('refuses a file that is not UTF-8 (Windows-1252 umlauts) with a German hint how to save it', () => {
    const latin1 = Buffer.from(shopifyFile(), 'latin1');
    const error = refusalOf(() => readCatalogue(latin1, 'EUR'));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(m.notUtf8);
  });

  it('accepts a UTF-8 BOM and refuses UTF-16', () => {
    expect(read(`\uFEFF${shopifyFile()}`).products).toHaveLength(2);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(shopifyFile(), 'utf16le')]);
    expect(refusalOf(() => readCatalogue(utf16, 'EUR')).message).toBe(m.utf16);
  });

  it('names the missing columns, refuses unknown formats, semicolons and broken quoting', () => {
    const withoutPrice = shopifyFile().replace('Variant Price', 'Preis');
    expect(refusalOf(() => read(withoutPrice)).message).toBe(m.missingColumns(['Variant Price']));
    expect(refusalOf(() => read('Name;Preis\nTasse;12,00')).message).toBe(m.semicolons);
    expect(refusalOf(() => read('Artikel,Preis\nTasse,12.00')).message).toBe(m.unknownFormat);
    const broken = refusalOf(() => read(`${shopifyFile()}\nkaputt,"Titel ohne Ende`));
    expect(broken.statusCode).toBe(400);
    expect(broken.message).toMatch(/^Die Datei ist keine gültige CSV-Datei/);
    expect(refusalOf(() => read('')).message).toBe(m.fileEmpty);
  });
});

describe('prices', () => {
  const price = (text: string, currency = 'EUR') => parsePrice(text, currency, 'Preis', 2);
  it('reads dot and comma decimals, thousands separators and currency marks', () => {
    expect(price('12.90')).toBe(1290);
    expect(price('12,90')).toBe(1290);
    expect(price('1.234,56')).toBe(123456);
    expect(price('1,234.56')).toBe(123456);
    expect(price('€ 12,90')).toBe(1290);
    expect(price('1.234.567')).toBe(123456700);
    expect(price('7')).toBe(700);
    expect(price('1500', 'JPY')).toBe(1500);
    expect(price('')).toBeUndefined();
  });
  it('refuses what it would have to guess or round', () => {
    for (const text of ['1.500', '12,905', 'zwölf', '12.', '-3', '1,2,3.4.5'])
      expect(() => price(text), text).toThrow(RowProblem);
    expect(() => price('1.500')).toThrow(m.priceAmbiguous('Preis', '1.500'));
  });
});
