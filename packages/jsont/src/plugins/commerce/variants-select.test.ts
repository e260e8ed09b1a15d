import { describe, expect, it } from 'vitest';
import { fakeScope } from './test-scope.js';
import { variantDescriptorFormatter, variantsSelect } from './variants-select.js';

const item = (content: object) => ({ id: 'p1', structuredContent: { productType: 1, ...content } });
const select = (value: unknown, root: object = {}) =>
  variantsSelect(value, [], fakeScope(root), []) as string;
const shirt = item({
  variants: [{ attributes: { Farbe: 'Blau', Größe: 'M' } }, { attributes: { Farbe: 'Rot', Größe: 'M' } }],
  variantOptionOrdering: ['Größe', 'Farbe'],
});

describe('variants-select', () => {
  it('R5.3.1 offers a dropdown per option with a placeholder option first', () => {
    const html = select(shirt);
    expect(html).toContain(
      '<option value="">Select Farbe</option>\n        <option value="Blau">Blau</option><option value="Rot">Rot</option>',
    );
    expect(html.indexOf('data-variant-option-name="Größe"')).toBeLessThan(
      html.indexOf('data-variant-option-name="Farbe"'),
    );
  });

  it('R5.3.2 offers the same values as radio buttons', () => {
    expect(select(shirt)).toContain(
      '<input type="radio" class="variant-radiobtn" value="Rot" name="variant-option-Farbe" id="variant-option-Farbe-Rot"/>',
    );
  });

  it('R5.3.3 shows nothing for a product with one variant or none', () => {
    expect(
      select(item({ variants: [{ attributes: { Farbe: 'Blau' } }], variantOptionOrdering: ['Farbe'] })),
    ).toBe(undefined);
    expect(select(item({ variants: [] }))).toBe(undefined);
  });

  it('R5.3.1 uses the site translation of the placeholder', () => {
    const root = { localizedStrings: { productVariantSelectText: '{variantName} auswählen' } };
    expect(select(shirt, root)).toContain('<option value="">Farbe auswählen</option>');
  });

  it('R3.6.1 escapes option names and values everywhere, quotes in the aria-label too', () => {
    const html = select(
      item({
        variants: [{ attributes: { 'a"b': '<x>' } }, { attributes: { 'a"b': 'y' } }],
        variantOptionOrdering: ['a"b'],
      }),
    );
    expect(html).not.toContain('<x>');
    expect(html).toContain('aria-label="Select a&quot;b"');
    expect(html).toContain('<option value="&lt;x&gt;">&lt;x&gt;</option>');
  });

  it('R3.8.1 hands the subscription plan to the island for subscribable products', () => {
    const html = select({
      ...shirt,
      structuredContent: {
        ...shirt.structuredContent,
        isSubscribable: true,
        subscriptionPlan: { numBillingCycles: 2 },
      },
    });
    expect(html).toContain(
      'data-is-subscribable="true" data-subscription-plan="{&quot;numBillingCycles&quot;:2}"',
    );
  });
});

describe('variant-descriptor', () => {
  it('R3.6.1 joins the option values of a variant', () => {
    const variant = { optionValues: [{ value: 'Blau' }, { value: 'M' }] };
    expect(variantDescriptorFormatter(variant, [], fakeScope({}), [])).toBe('Blau / M');
    expect(variantDescriptorFormatter({ optionValues: [{ value: '<b>' }] }, [], fakeScope({}), [])).toBe(
      '&lt;b&gt;',
    );
  });
});
