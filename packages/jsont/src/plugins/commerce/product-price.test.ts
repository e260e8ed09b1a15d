import { describe, expect, it } from 'vitest';
import { productPriceFormatters } from './product-price.js';
import { fakeScope } from './test-scope.js';

const { 'product-price': productPrice } = productPriceFormatters;
const price = (item: unknown, root: object = {}, locale?: string) =>
  productPrice(item, [], fakeScope(root, { locale }), []) as string;
const physical = (...variants: object[]) => ({ structuredContent: { productType: 1, variants } });
const usd = (value: string) => ({ value, currency: 'USD' });

describe('product-price', () => {
  it('R4.7.11 R8.8.11 shows the lowest price as a from price when variant prices differ', () => {
    const html = price(physical({ priceMoney: usd('20.00') }, { priceMoney: usd('12.50') }));
    expect(html).toContain('from <span class="sqs-money-native">12.50</span>');
    expect(html).not.toContain('original-price');
  });

  it('R4.7.12 R4.7.13 shows a from price when only the sale flag or the sale price differs', () => {
    const flag = physical(
      { priceMoney: usd('10') },
      { priceMoney: usd('10'), onSale: true, salePriceMoney: usd('8') },
    );
    expect(price(flag)).toContain('from <span class="sqs-money-native">8.00</span>');
    const sale = physical(
      { priceMoney: usd('10'), onSale: true, salePriceMoney: usd('7') },
      { priceMoney: usd('10'), onSale: true, salePriceMoney: usd('9') },
    );
    expect(price(sale)).toContain('from <span class="sqs-money-native">7.00</span>');
  });

  it('R4.7.14 shows the sale price with the original struck and both hidden labels', () => {
    const html = price(physical({ priceMoney: usd('100'), onSale: true, salePriceMoney: usd('50') }));
    expect(html).toContain('Sale Price:</span><span class="sqs-money-native">50.00</span>');
    expect(html).toContain(
      'Original Price:</span><span class="original-price"><span class="sqs-money-native">100.00',
    );
  });

  it('R4.7.15 shows the normal price of a product not on sale', () => {
    expect(price(physical({ priceMoney: usd('1234.5') }))).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">1,234.50</span>\n</div>',
    );
  });

  it('R8.8.11 uses the site translation of the from text and the sale labels', () => {
    const root = {
      localizedStrings: { productPriceFromText: 'ab {fromPrice}', salePriceText: 'Angebot <b>' },
    };
    expect(price(physical({ priceMoney: usd('2') }, { priceMoney: usd('1') }), root)).toContain(
      'ab <span class="sqs-money-native">1.00</span>',
    );
    const sale = physical({ priceMoney: usd('2'), onSale: true, salePriceMoney: usd('1') });
    expect(price(sale, root)).toContain('Angebot &lt;b&gt;</span>');
  });

  it('R9.2.6 prints the site locale format when locale money formats are on, JPY without decimals', () => {
    const flags = { featureFlags: { useCLDRMoneyFormat: true } };
    const eur = { structuredContent: { productType: 2, priceMoney: { value: '1234.5', currency: 'EUR' } } };
    expect(price(eur, flags, 'de-DE')).toBe('<div class="product-price">\n1.234,50\u00a0€\n</div>');
    const jpy = { structuredContent: { productType: 2, priceMoney: { value: '1200', currency: 'JPY' } } };
    expect(price(jpy, flags, 'en-US')).toContain('¥1,200');
    expect(price(jpy)).toContain('<span class="sqs-money-native">1,200.00</span>');
  });

  it('R8.8.11 keeps a dollar sign in the from price intact in the locale format', () => {
    const flags = { featureFlags: { useCLDRMoneyFormat: true } };
    expect(price(physical({ priceMoney: usd('2') }, { priceMoney: usd('1') }), flags)).toBe(
      '<div class="product-price">\nfrom $1.00\n\n</div>',
    );
  });

  it('R3.5.4 shows an empty block for a record of unknown type', () => {
    expect(price({ structuredContent: { productType: 9 } })).toBe('<div class="product-price">\n\n</div>');
    expect(price(null)).toBe('<div class="product-price">\n\n</div>');
  });
});

describe('from-price, normal-price, sale-price', () => {
  const item = physical(
    { priceMoney: usd('3.00') },
    { priceMoney: usd('5.00'), onSale: true, salePriceMoney: usd('1.25') },
    { priceMoney: usd('4.00'), onSale: true, salePriceMoney: usd('2.00') },
  );
  const run = (name: string, value: unknown) => productPriceFormatters[name](value, [], fakeScope({}), []);

  it('R4.7.11 R9.2.2 print hundredths: lowest paid, highest normal, lowest sale price', () => {
    expect(run('from-price', item)).toBe('125');
    expect(run('normal-price', item)).toBe('500');
    expect(run('sale-price', item)).toBe('125');
  });

  it('R3.7.3 print 0 when there is no price', () => {
    for (const name of ['from-price', 'normal-price', 'sale-price']) {
      expect(run(name, physical())).toBe('0');
      expect(run(name, { structuredContent: { productType: 2 } })).toBe('0');
      expect(run(name, 'not a product')).toBe('0');
    }
  });
});
