// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { itemContext, purchaseProps, shirtItem, variantContext } from './fixtures.js';
import { ProductPurchase } from './product-purchase.js';
import { chooseOption } from './test-helpers.js';

const note = () => document.querySelector('.product-scarcity')?.textContent ?? null;
const candle = itemContext('kerze', 'Duftkerze', { variants: [variantContext('K', {}, 1850, 2)] });
const merchandising = { scarcityEnabled: true, scarcityText: 'Nur noch {qty} auf Lager' };

afterEach(cleanup);

describe('scarcity note', () => {
  it('R2.2.10 R1.6.1 is in the server-rendered form of a product with few pieces left', () => {
    const html = renderToString(<ProductPurchase {...purchaseProps(candle, { merchandising })} />);
    expect(html).toContain('Nur noch 2 auf Lager');
  });

  it('R2.2.10 follows the chosen variant: shown for 2 left, gone for a variant with plenty', () => {
    render(<ProductPurchase {...purchaseProps(shirtItem, { merchandising })} />);
    expect(note()).toBeNull();
    chooseOption('Größe', 'L');
    chooseOption('Farbe', 'Rot');
    expect(note()).toBe('Nur noch 2 auf Lager');
    chooseOption('Größe', 'S');
    chooseOption('Farbe', 'Blau');
    expect(note()).toBe('Nur noch 5 auf Lager');
  });

  it('R2.2.10 shown by default, it names the stock of all variants before a choice', () => {
    render(
      <ProductPurchase
        {...purchaseProps(shirtItem, { merchandising: { ...merchandising, scarcityShownByDefault: true } })}
      />,
    );
    expect(note()).toBe('Nur noch 10 auf Lager');
    chooseOption('Größe', 'M');
    chooseOption('Farbe', 'Blau');
    expect(note()).toBe('Nur noch 3 auf Lager');
  });

  it('R2.2.10 is left out when the store switched it off or wants it in other views only', () => {
    render(<ProductPurchase {...purchaseProps(candle, { merchandising: { scarcityEnabled: false } })} />);
    expect(note()).toBeNull();
    cleanup();
    const quickViewOnly = { ...merchandising, scarcityTemplateViews: ['PRODUCT_QUICK_VIEW'] };
    render(<ProductPurchase {...purchaseProps(candle, { merchandising: quickViewOnly })} />);
    expect(note()).toBeNull();
    cleanup();
    render(
      <ProductPurchase {...purchaseProps(candle, { merchandising: quickViewOnly })} placement="quick view" />,
    );
    expect(note()).toBe('Nur noch 2 auf Lager');
  });
});
