// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie } from '../../test-kit.js';
import { ProductForm } from './product-editor.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const forms = {
  body: {
    forms: [
      { id: 'gravur', name: 'Gravur', fieldCount: 1 },
      { id: 'kontakt', name: 'Kontakt', fieldCount: 3 },
    ],
  },
};

const stored = {
  id: 'p1',
  collectionId: 'shop',
  title: 'Anhänger',
  urlId: 'anhaenger',
  productType: 'physical',
  image: null,
  variantCount: 1,
  currency: 'EUR',
  priceMinor: { from: 1900, to: 1900 },
  stock: { unlimited: false, total: 0 },
  soldOut: true,
  onSale: false,
  updatedAt: 5,
  excerpt: '',
  body: '',
  tags: [],
  categories: [],
  options: [],
  variants: [
    {
      id: 'v1',
      sku: 'ANH',
      attributes: {},
      priceMinor: 1900,
      salePriceMinor: 0,
      onSale: false,
      unlimited: false,
      qtyInStock: 0,
      weightGrams: null,
    },
  ],
  giftCardAmountsMinor: null,
  addButtonText: null,
  merchandising: {
    restockNotificationViews: ['PRODUCT_DETAIL'],
    restockNotificationMessages: { successMessage: 'Wir melden uns!' },
    mailingListSignUpEnabled: false,
    mailingListOptInByDefault: false,
    scarcityEnabled: false,
    scarcityTemplateViews: [],
    scarcityText: '',
    scarcityShownByDefault: false,
    customSoldOutText: '',
  },
  additionalFieldsForm: { id: 'gravur', name: 'Gravur' },
} as unknown as Product;

const sentBody = (sent: { method: string; body: any }[], method: string) =>
  sent.find((r) => r.method === method && r.body?.title)?.body;

describe('merchandising and additional fields in the product form', () => {
  it('R3.10.1 sends restock texts and views, the mailing-list box, the scarcity note and the sold-out text', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/forms': forms,
      'POST /sites/site-1/products': (req) => ({
        status: 201,
        body: { product: { ...stored, ...req.body } },
      }),
    });
    renderInSite(
      <ProductForm productPages={[{ id: 'shop', title: 'Shop' }]} currency="EUR" canEdit onSaved={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Tasse');
    await user.type(screen.getByLabelText('Preis (EUR)'), '12');
    await user.type(screen.getByLabelText('Eigener Text für „Ausverkauft“ (optional)'), 'Bald wieder da');
    await user.click(screen.getByLabelText('Anmeldung anbieten: auf der Produktseite'));
    await user.click(screen.getByLabelText('Anmeldung anbieten: in der Schnellansicht'));
    await user.type(screen.getByLabelText('Beschriftung der Schaltfläche'), 'Benachrichtigen');
    await user.type(screen.getByLabelText('Danke-Text nach der Anmeldung'), 'Danke!');
    await user.click(screen.getByLabelText('Auch die Anmeldung zum Newsletter anbieten'));
    await user.click(screen.getByLabelText('Newsletter-Kästchen ist vorab angekreuzt'));
    await user.click(screen.getByLabelText('Hinweis zeigen, wenn nur noch wenige Stück da sind'));
    await user.click(screen.getByLabelText('Hinweis zeigen: auf der Produktseite'));
    await user.type(screen.getByLabelText('Text des Hinweises'), 'Nur noch {{qty}!');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Formular für zusätzliche Angaben' }),
      'Kontakt',
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sentBody(sent, 'POST')).toBeTruthy());
    expect(sentBody(sent, 'POST')).toMatchObject({
      merchandising: {
        customSoldOutText: 'Bald wieder da',
        restockNotificationViews: ['PRODUCT_DETAIL', 'PRODUCT_QUICK_VIEW'],
        restockNotificationMessages: { buttonText: 'Benachrichtigen', successMessage: 'Danke!' },
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
        scarcityEnabled: true,
        scarcityTemplateViews: ['PRODUCT_DETAIL'],
        scarcityText: 'Nur noch {qty}!',
      },
      additionalFieldsFormId: 'kontakt',
    });
  });

  it('R3.5.1 keeps the product’s form unless it is changed, and removes it with „Kein Formular“', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/forms': forms,
      'PATCH /sites/site-1/products/p1': { body: { product: stored } },
    });
    renderInSite(
      <ProductForm
        product={stored}
        productPages={[{ id: 'shop', title: 'Shop' }]}
        currency="EUR"
        canEdit
        onSaved={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    const picker = (await screen.findByRole('combobox', {
      name: 'Formular für zusätzliche Angaben',
    })) as HTMLSelectElement;
    expect(picker.value).toBe('gravur');
    expect((screen.getByLabelText('Danke-Text nach der Anmeldung') as HTMLInputElement).value).toBe(
      'Wir melden uns!',
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sentBody(sent, 'PATCH')).toBeTruthy());
    expect(sentBody(sent, 'PATCH')).not.toHaveProperty('additionalFieldsFormId');

    await user.selectOptions(picker, '– Kein Formular –');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PATCH')[1]!.body.additionalFieldsFormId).toBeNull();
  });
});
