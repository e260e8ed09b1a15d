import { describe, expect, it } from 'vitest';
import { compile } from '../../index.js';

/*
 * Template in, HTML out, as a theme author writes it: the page context is shaped as the server builds
 * it for a product (item.structuredContent.variants, priceMoney, unitContent, referencePriceMinor, priceNote).
 */

const eur = (minor: number) => ({ value: (minor / 100).toFixed(2), currency: 'EUR' });
const variant = (fields: Record<string, unknown>) => ({
  price: fields.price,
  salePrice: fields.salePrice ?? 0,
  priceMoney: eur(fields.price as number),
  salePriceMoney: eur((fields.salePrice as number) ?? 0),
  onSale: false,
  unitContent: null,
  referencePriceMinor: null,
  ...fields,
});
const product = (variants: object[], productType = 1, vatText = 'inkl. MwSt.') => ({
  item: {
    title: 'Kaffee',
    structuredContent: { productType, variants },
    priceNote: { vatText, shipping: productType === 1, shippingUrl: '/versand-und-zahlung' },
  },
});
const render = (template: string, json: unknown) => {
  const result = compile(template).render(json, { locale: 'de-DE' });
  return { html: result.output.replace(/\u00a0/g, ' '), errors: result.errors };
};

describe('price-note: § 1 Abs. 1 and § 6 Abs. 2 PAngV in a custom theme', () => {
  it('prints "inkl. MwSt., zzgl. Versandkosten" with the link to the shipping page, as the built-in templates do', () => {
    const { html, errors } = render(
      '{.section item}{@|price-note}{.end}',
      product([variant({ price: 1990 })]),
    );
    expect(errors).toEqual([]);
    expect(html).toBe(
      '<small class="price-note">inkl. MwSt., zzgl. <a href="/versand-und-zahlung">Versandkosten</a></small>',
    );
  });

  it('§ 19 UStG: a Kleinunternehmer\'s shop prints its note instead of "inkl. MwSt."', () => {
    const json = product([variant({ price: 1990 })], 1, 'kein Ausweis der USt. (§ 19 UStG)');
    expect(render('{item|price-note}', json).html).toBe(
      '<small class="price-note">kein Ausweis der USt. (§ 19 UStG), zzgl. <a href="/versand-und-zahlung">Versandkosten</a></small>',
    );
  });

  it('a download costs no shipping: no "zzgl. Versandkosten"', () => {
    expect(render('{item|price-note}', product([variant({ price: 990 })], 2)).html).toBe(
      '<small class="price-note">inkl. MwSt.</small>',
    );
  });

  it('on a variant it takes the note of the product around it', () => {
    const json = product([variant({ price: 990, sku: 'A' }), variant({ price: 1290, sku: 'B' })]);
    const { html } = render(
      '{.section item}{.repeated section structuredContent.variants}[{sku} {@|price-note}]{.end}{.end}',
      json,
    );
    expect(html.match(/inkl\. MwSt\., zzgl\./g)).toHaveLength(2);
  });

  it("without the page context's note it prints nothing rather than a guess, and says why", () => {
    const { html, errors } = render('{@|price-note}', {
      structuredContent: { productType: 1, variants: [] },
    });
    expect(html).toBe('');
    expect(errors.map((e) => e.message).join()).toContain('price-note');
  });
});

describe('base-price: the Grundpreis of § 4 PAngV in a custom theme', () => {
  const coffee = product([
    variant({ price: 1990, sku: '500', unitContent: { amount: 500, unit: 'g' } }),
    variant({ price: 3490, sku: '1000', unitContent: { amount: 1, unit: 'kg' } }),
    variant({
      price: 990,
      sku: '250',
      onSale: true,
      salePrice: 790,
      unitContent: { amount: 250, unit: 'g' },
    }),
  ]);

  it('per variant, at the price paid: the sale price of a reduced one', () => {
    const { html } = render(
      '{.section item}{.repeated section structuredContent.variants}{@|base-price}{.alternates with}|{.end}{.end}',
      coffee,
    );
    expect(html).toBe(
      [
        '<small class="unit-price">500 g (39,80 € / 1 kg)</small>',
        '<small class="unit-price">1 kg (34,90 € / 1 kg)</small>',
        '<small class="unit-price">250 g (31,60 € / 1 kg)</small>',
      ].join('|'),
    );
  });

  it('on the product: the Grundpreis of the variant whose price the "ab" line shows (the cheapest)', () => {
    expect(render('{item|base-price}', coffee).html).toBe(
      '<small class="unit-price">250 g (31,60 € / 1 kg)</small>',
    );
  });

  it('litres, metres and decimal contents, with the German decimal comma', () => {
    const oil = product([variant({ price: 899, unitContent: { amount: 0.75, unit: 'l' } })]);
    expect(render('{item|base-price}', oil).html).toContain('0,75 l (11,99 € / 1 l)');
    const ribbon = product([variant({ price: 500, unitContent: { amount: 2.5, unit: 'm' } })]);
    expect(render('{item|base-price}', ribbon).html).toContain('2,5 m (2,00 € / 1 m)');
  });

  it('has-base-price? tells goods sold by quantity from the rest; no content prints nothing', () => {
    const mug = product([variant({ price: 1490 })]);
    const template = '{.section item}{.has-base-price?}{@|base-price}{.or}ohne Grundpreis{.end}{.end}';
    expect(render(template, mug).html).toBe('ohne Grundpreis');
    expect(render(template, coffee).html).toContain('31,60 € / 1 kg');
    expect(render('{item|base-price}', mug).html).toBe('');
  });
});

describe('reference-price: § 11 Abs. 1 PAngV in a custom theme', () => {
  it('names the lowest price of the 30 days before the reduction', () => {
    const mug = product([variant({ price: 1990, salePrice: 990, onSale: true, referencePriceMinor: 1490 })]);
    const { html } = render(
      '{.section item}{.has-reference-price?}<p>{@|reference-price}</p>{.end}{.end}',
      mug,
    );
    expect(html).toBe(
      '<p><span class="reference-price">niedrigster Preis der letzten 30 Tage: 14,90 €</span></p>',
    );
  });

  it("strikes nothing when the shop's history backs no reference, or the price is not reduced", () => {
    const template =
      '{.section item}{.has-reference-price?}reduziert{.or}kein Streichpreis{.end}{@|reference-price}{.end}';
    const unbacked = product([
      variant({ price: 1990, salePrice: 990, onSale: true, referencePriceMinor: null }),
    ]);
    expect(render(template, unbacked).html).toBe('kein Streichpreis');
    const normal = product([variant({ price: 1990, referencePriceMinor: 2490 })]);
    expect(render(template, normal).html).toBe('kein Streichpreis');
  });
});
