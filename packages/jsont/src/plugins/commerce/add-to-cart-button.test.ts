import { describe, expect, it } from 'vitest';
import { addToCartButton } from './add-to-cart-button.js';
import { fakeScope } from './test-scope.js';

const button = (content: object, root: object = {}) =>
  addToCartButton(
    { id: 'item1', collectionId: 'col1', structuredContent: content },
    [],
    fakeScope(root),
    [],
  ) as string;
const inner = (html: string) => /<div class="sqs-add-to-cart-button-inner">(.*)<\/div>/.exec(html)?.[1];

describe('add-to-cart-btn', () => {
  it('R8.8.10 says Add To Cart, or Subscribe for a subscribable product', () => {
    expect(inner(button({ productType: 1 }))).toBe('Add To Cart');
    expect(inner(button({ productType: 1, isSubscribable: true }))).toBe('Subscribe');
    expect(button({ productType: 1, isSubscribable: true })).toContain('data-is-subscription="true"');
  });

  it('R8.8.10 uses the site translation, and the store custom label when switched on', () => {
    const root = { localizedStrings: { productAddToCartText: 'In den Warenkorb' } };
    expect(inner(button({ productType: 1 }, root))).toBe('In den Warenkorb');
    expect(inner(button({ useCustomAddButtonText: true, customAddButtonText: 'Jetzt kaufen' }, root))).toBe(
      'Jetzt kaufen',
    );
    expect(inner(button({ useCustomAddButtonText: false, customAddButtonText: 'Jetzt kaufen' }, root))).toBe(
      'In den Warenkorb',
    );
  });

  it('R3.5.3 escapes a custom label in the text and in the attribute', () => {
    const html = button({ useCustomAddButtonText: true, customAddButtonText: '"><script>x</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('data-original-label="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('R3.5.1 carries the additional-fields form only when the page has its definition', () => {
    const form = { name: 'Gravur', fields: [{ id: 'f1' }] };
    const withForm = button({ additionalFieldsFormId: 'form1', additionalFieldsForm: form });
    expect(withForm).toContain('use-form');
    expect(withForm).toContain(`data-form="${JSON.stringify(form).replace(/"/g, '&quot;')}"`);
    expect(button({ additionalFieldsFormId: 'form1' })).not.toContain('use-form');
  });

  it('R3.3.2 names the first subscription option of a subscribable product only', () => {
    const options = [{ id: 'opt-1' }, { id: 'opt-2' }];
    expect(button({ isSubscribable: true, productSubscriptionOptions: options })).toContain(
      'data-subscription-option-id="opt-1"',
    );
    expect(button({ isSubscribable: false, productSubscriptionOptions: options })).not.toContain(
      'data-subscription-option-id',
    );
  });

  it('R3.5.2 carries item, collection and product type for the island', () => {
    const html = button({ productType: '3' });
    expect(html).toContain('data-collection-id="col1" data-item-id="item1" data-product-type="3"');
  });
});
