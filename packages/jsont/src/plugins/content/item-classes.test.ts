import { describe, expect, it } from 'vitest';
import { scopeOver } from './case-files.js';
import { absUrl, itemClasses, slugify } from './item-classes.js';

describe('item classes', () => {
  it('slugifies names into class-safe words', () => {
    expect(slugify('Größe & Farbe  2')).toBe('gre-farbe-2');
  });

  it('marks sold-out and on-sale store items only', () => {
    const product = {
      recordType: 11,
      recordTypeLabel: 'store-item',
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
    };
    expect(itemClasses(product, [], scopeOver(product), [])).toBe(
      'hentry post-type-store-item on-sale sold-out',
    );
    const post = { ...product, recordType: 1, recordTypeLabel: 'text' };
    expect(itemClasses(post, [], scopeOver(post), [])).toBe('hentry post-type-text');
  });

  it('joins a relative path to the base URL', () => {
    expect(absUrl('shop', [], scopeOver({ 'base-url': 'https://example.com' }), [])).toBe(
      'https://example.com/shop',
    );
  });
});
