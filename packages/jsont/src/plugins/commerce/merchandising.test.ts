import { describe, expect, it } from 'vitest';
import { productRestockNotification, productScarcity } from './merchandising.js';
import { fakeScope } from './test-scope.js';

const item = { id: 'p1' };
const merch = (fields: object, extra: object = {}) => ({
  productMerchandisingContext: { p1: fields },
  ...extra,
});

describe('product-restock-notification', () => {
  const restock = (root: object) => productRestockNotification(item, [], fakeScope(root), []) as string;
  const base = {
    restockNotificationMessages: {
      CTAText: 'Benachrichtige mich',
      placeholderText: 'Deine E-Mail',
      buttonText: 'Eintragen',
      mailingListDescription: 'Newsletter <abonnieren>',
    },
    restockNotificationViews: [
      { variantId: 'v1', hiddenByDefault: true },
      { variantId: 'v2', hiddenByDefault: false },
    ],
  };

  it('R5.4.1 R3.4.1 renders one form with an email field per variant view, hidden ones hidden', () => {
    const html = restock(merch(base));
    expect(html.match(/<form class="product-restock-form"/g)).toHaveLength(2);
    expect(html).toContain('data-product-id="p1" data-variant-id="v1" hidden>');
    expect(html).toContain('data-product-id="p1" data-variant-id="v2">');
    expect(html).toContain('name="email" placeholder="Deine E-Mail"');
    expect(html).toContain('type="submit" value="Eintragen"');
  });

  it('R5.4.2 offers the mailing-list checkbox only when enabled, checked when opted in by default', () => {
    expect(restock(merch(base))).not.toContain('isJoinMailingList');
    const on = restock(merch({ ...base, mailingListSignUpEnabled: true }));
    expect(on).toContain('name="isJoinMailingList">Newsletter &lt;abonnieren&gt;</label>');
    const checked = restock(
      merch({ ...base, mailingListSignUpEnabled: true, mailingListOptInByDefault: true }),
    );
    expect(checked).toContain('name="isJoinMailingList" checked>');
  });

  it('R5.4.3 adds a captcha container when the site has a captcha key', () => {
    expect(restock(merch(base))).not.toContain('captcha-container');
    const key = { website: { captchaSettings: { siteKey: 'k' } } };
    expect(restock(merch(base, key)).match(/captcha-container/g)).toHaveLength(2);
    const enterprise = { website: { recaptchaEnterpriseContext: { recaptchaEnterpriseSiteKey: 'k' } } };
    expect(restock(merch(base, enterprise))).toContain('captcha-container');
  });

  it('R3.10.1 prints nothing without a merchandising context for the product', () => {
    expect(restock({})).toBe('');
  });
});

describe('product-scarcity', () => {
  const scarcity = (root: object) => productScarcity(item, [], fakeScope(root), []) as string | undefined;
  const views = [{ qtyInStock: 3, attributes: { Farbe: 'Rot' } }, { qtyInStock: 7 }];

  it('R3.10.1 fills the stock left into the store text per variant view, escaped', () => {
    const html = scarcity(
      merch({
        scarcityEnabled: true,
        scarcityText: 'Nur noch {qtyInStock} <da>!',
        scarcityTemplateViews: views,
      }),
    );
    expect(html).toContain(
      '<div class="product-scarcity" data-variant-attributes="{&quot;Farbe&quot;:&quot;Rot&quot;}" hidden>\n    Nur noch 3 &lt;da&gt;!',
    );
    expect(html).toContain('<div class="product-scarcity">\n    Nur noch 7 &lt;da&gt;!');
  });

  it('R3.10.1 prints nothing when scarcity is off or there is no context', () => {
    expect(
      scarcity(merch({ scarcityEnabled: false, scarcityText: 'x', scarcityTemplateViews: views })),
    ).toBeUndefined();
    expect(scarcity({})).toBeUndefined();
  });
});
