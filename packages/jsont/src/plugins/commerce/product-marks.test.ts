import { describe, expect, it } from 'vitest';
import { productQuickView, productStatus } from './product-marks.js';
import { fakeScope } from './test-scope.js';

const status = (item: object, root: object = {}) => productStatus(item, [], fakeScope(root), []);
const physical = (...variants: object[]) => ({ id: 'p1', structuredContent: { productType: 1, variants } });

describe('product-status', () => {
  it('R4.7.8 R8.8.1 marks a sold-out product as sold out even when on sale', () => {
    expect(status(physical({ qtyInStock: 0, onSale: true }))).toBe(
      '<div class="product-mark sold-out">sold out</div>',
    );
  });

  it('R4.7.9 R8.8.2 marks a product on sale and in stock with sale', () => {
    expect(status(physical({ qtyInStock: 2, onSale: true }))).toBe(
      '<div class="product-mark sale">sale</div>',
    );
  });

  it('R4.7.10 prints nothing for a product neither sold out nor on sale', () => {
    expect(status(physical({ qtyInStock: 2 }))).toBeUndefined();
    expect(status({ structuredContent: { productType: 4 } })).toBeUndefined();
  });

  it('R3.10.1 prefers the store custom sold-out text, escaped, over the site translation', () => {
    const root = {
      localizedStrings: { productSoldOutText: 'Ausverkauft', productSaleText: 'Angebot' },
      productMerchandisingContext: { p1: { customSoldOutText: 'Bald <wieder> da' } },
    };
    expect(status(physical({ qtyInStock: 0 }), root)).toBe(
      '<div class="product-mark sold-out">Bald &lt;wieder&gt; da</div>',
    );
    expect(status({ ...physical({ qtyInStock: 0 }), id: 'p2' }, root)).toContain('>Ausverkauft<');
    expect(status(physical({ qtyInStock: 1, onSale: true }), root)).toContain('>Angebot<');
  });
});

describe('product-quick-view', () => {
  const view = (value: object, args: string[], root: object = {}) =>
    productQuickView(value, args, fakeScope(root), []) as string;

  it('R3.5.2 names the item and the group read from the item, the context, or the argument', () => {
    expect(view({ id: 'p1', g: 'own' }, ['g'], { g: 'ctx' })).toContain('data-id="p1" data-group="own"');
    expect(view({ id: 'p1' }, ['g'], { g: 'ctx' })).toContain('data-group="ctx"');
    expect(view({ id: 'p1' }, ['g'])).toContain('data-group="g"');
    expect(view({ id: 'p1' }, [])).toContain('data-group="">Quick View</span>');
  });

  it('R3.5.2 uses the site translation of the label, escaped', () => {
    expect(
      view({ id: 'p1' }, [], { localizedStrings: { productQuickViewText: 'Schnell <ansehen>' } }),
    ).toContain('>Schnell &lt;ansehen&gt;</span>');
  });
});
