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

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const image = {
  assetUrl: `/media/${ID}/kaffee.jpg`,
  altText: 'Eine Tüte Kaffee',
  originalSize: '1200x800',
  mediaFocalPoint: { x: 0.3, y: 0.6 },
  systemDataVariants: '100w,300w,500w,750w,1000w',
};
const mediaItem = {
  id: ID,
  filename: 'kaffee.jpg',
  contentType: 'image/jpeg',
  width: 1200,
  height: 800,
  byteSize: 1,
  altText: image.altText,
  focalPoint: image.mediaFocalPoint,
  variants: ['100w'],
  createdAt: 0,
  assetUrl: image.assetUrl,
  image,
};

const sentProduct = (sent: { method: string; body: any }[]) =>
  sent.find((r) => r.method === 'POST' && r.body?.title)?.body;

describe('product images, tags and subscriptions', () => {
  it('R3.8.1 R3.19.1 sends the picked image, tags, categories and the subscription plans', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/media': { body: { media: [mediaItem], total: 1 } },
      'POST /sites/site-1/products': (req) => ({ status: 201, body: { product: { id: 'p1', ...req.body } } }),
    });
    renderInSite(
      <ProductForm productPages={[{ id: 'shop', title: 'Shop' }]} currency="EUR" canEdit onSaved={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name des Produkts'), 'Kaffee-Abo');
    await user.type(screen.getByLabelText('Preis (EUR)'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Bild auswählen' }));
    await user.click(await screen.findByRole('button', { name: '„kaffee.jpg“ verwenden' }));
    expect(((await screen.findByLabelText('Alternativtext von Bild 1')) as HTMLInputElement).value).toBe(
      'Eine Tüte Kaffee',
    );
    await user.type(screen.getByLabelText('Schlagwörter'), 'Bohnen, Bio');
    await user.type(screen.getByLabelText('Kategorien'), 'Getränke');

    await user.click(screen.getByLabelText('Als Abonnement verkaufen'));
    await user.clear(screen.getByLabelText('Abrechnung alle (Plan 1)'));
    await user.type(screen.getByLabelText('Abrechnung alle (Plan 1)'), '2');
    await user.selectOptions(screen.getByLabelText('Zeiteinheit (Plan 1)'), 'WEEK');
    await user.click(screen.getByRole('button', { name: 'Plan hinzufügen' }));
    await user.clear(screen.getByLabelText('Anzahl Abrechnungen (Plan 2)'));
    await user.type(screen.getByLabelText('Anzahl Abrechnungen (Plan 2)'), '12');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sentProduct(sent)).toBeTruthy());
    const body = sentProduct(sent);
    expect(body.images).toEqual([
      {
        assetUrl: image.assetUrl,
        altText: 'Eine Tüte Kaffee',
        originalSize: '1200x800',
        mediaFocalPoint: { x: 0.3, y: 0.6 },
      },
    ]);
    expect(body.tags).toEqual(['Bohnen', 'Bio']);
    expect(body.categories).toEqual(['Getränke']);
    expect(body.subscription).toEqual({
      plans: [
        { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 0 },
        { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      ],
    });
  });

  it('refuses a billing period outside 1 to 52 before sending, and ends a subscription with null', async () => {
    const product = {
      id: 'p1',
      collectionId: 'shop',
      title: 'Abo',
      urlId: 'abo',
      productType: 'physical',
      image: null,
      variantCount: 1,
      currency: 'EUR',
      priceMinor: { from: 900, to: 900 },
      stock: { unlimited: true, total: 0 },
      soldOut: false,
      onSale: false,
      updatedAt: 0,
      createdAt: 0,
      excerpt: '',
      body: '',
      tags: ['alt'],
      categories: [],
      images: [],
      options: [],
      variants: [
        {
          id: 'v1',
          sku: 'ABO',
          attributes: {},
          priceMinor: 900,
          salePriceMinor: 0,
          onSale: false,
          unlimited: true,
          qtyInStock: 0,
          weightGrams: null,
        },
      ],
      giftCardAmountsMinor: null,
      addButtonText: null,
      subscription: { plans: [{ id: 'x', billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }] },
    } as unknown as Product;
    const { sent } = fakeApi({ 'PATCH /sites/site-1/products/p1': { body: { product } } });
    renderInSite(
      <ProductForm product={product} productPages={[]} currency="EUR" canEdit onSaved={vi.fn()} />,
    );
    const user = userEvent.setup();
    expect((screen.getByLabelText('Schlagwörter') as HTMLInputElement).value).toBe('alt');
    await user.clear(screen.getByLabelText('Abrechnung alle (Plan 1)'));
    await user.type(screen.getByLabelText('Abrechnung alle (Plan 1)'), '60');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte gib eine ganze Zahl von 1 bis 52 ein.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.click(screen.getByLabelText('Als Abonnement verkaufen'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')!.body.subscription).toBeNull();
  });
});
