// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail as Order } from '../../api/admin-types.js';
import { clearCookies, fakeApi, renderInSite, setCookie, testSite } from '../../test-kit.js';
import { OrderDetail } from './order-detail.js';
import { OrderList } from './order-list.js';

beforeEach(() => setCookie('crumb', 'crumb-1'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
});

const order: Order = {
  id: 'o1',
  orderNumber: 1001,
  status: 'open',
  statusText: 'Offen',
  createdAt: Date.UTC(2025, 4, 2, 10, 0),
  customerEmail: 'kunde@example.de',
  customerName: 'Kim Kunde',
  itemCount: 2,
  currency: 'EUR',
  grandTotalMinor: 4380,
  paymentStatus: 'PAID',
  paymentStatusText: 'Bezahlt',
  testMode: false,
  paymentMethod: 'card',
  paymentMethodText: 'Kreditkarte',
  items: [
    {
      id: 'l1',
      sku: 'HEMD-M',
      productName: 'Hemd',
      attributes: { Größe: 'M' },
      quantity: 2,
      unitPriceMinor: 1990,
      totalMinor: 3980,
    },
  ],
  subtotalMinor: 3980,
  discountMinor: 0,
  shippingMinor: 400,
  taxMinor: 636,
  giftCardMinor: 0,
  shippingAddress: {
    firstName: 'Kim',
    lastName: 'Kunde',
    line1: 'Hauptstr. 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  shippingOption: { name: 'Standard' },
  coupons: [],
  fulfilledAt: null,
  cancelledAt: null,
};

describe('orders', () => {
  it('filters by status, days and search, keeps the filters in the address and in the CSV link', async () => {
    window.history.replaceState(null, '', '/config/sites/site-1/bestellungen');
    const { sent } = fakeApi({
      'GET /sites/site-1/orders': { body: { orders: [order], total: 1, limit: 50, offset: 0 } },
    });
    renderInSite(<OrderList />);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: '#1001' })).toBeTruthy();
    expect(screen.getByText('43,80 €')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await user.type(screen.getByLabelText('Von'), '2025-05-01');
    await user.type(screen.getByLabelText('Bestellnummer oder E-Mail'), 'kunde');
    await user.click(screen.getByRole('button', { name: 'Filtern' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].path).toBe('/sites/site-1/orders?status=open&from=2025-05-01&q=kunde');
    expect(window.location.search).toBe('?status=open&von=2025-05-01&suche=kunde');
    expect(screen.getByRole('link', { name: 'Als CSV exportieren' }).getAttribute('href')).toBe(
      '/api/admin/sites/site-1/orders/export.csv?status=open&from=2025-05-01&q=kunde',
    );
  });

  const fulfilment = (unshipped: { orderItemId: string; productName: string; quantity: number }[]) => ({
    fulfilmentStatus: unshipped.length ? 'unshipped' : 'shipped',
    fulfilmentStatusText: unshipped.length ? 'Nicht versandt' : 'Versandt',
    shipments: [],
    unshipped,
    returns: [],
    returnable: [],
    withdrawals: [],
    timeline: [],
    carriers: [
      { id: 'dhl', name: 'DHL' },
      { id: 'dpd', name: 'DPD' },
    ],
    returnReasons: [],
  });

  it('"Versand erfassen" opens the shipping form, so marking an order shipped always mails the shopper (issue 23)', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/orders/o1': { body: { order } },
      'GET /sites/site-1/orders/o1/fulfilment': {
        body: { order, fulfilment: fulfilment([{ orderItemId: 'l1', productName: 'Hemd', quantity: 2 }]) },
      },
      'POST /sites/site-1/orders/o1/shipments': {
        body: { order: { status: 'fulfilled', statusText: 'Ausgeführt' }, fulfilment: fulfilment([]) },
      },
    });
    renderInSite(<OrderDetail orderId="o1" />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Bestellung #1001' })).toBeTruthy();
    expect(screen.getByText('Hauptstr. 1', { exact: false })).toBeTruthy();
    expect(screen.getByText('Gesamtsumme').nextSibling?.textContent?.replace(/\s/g, ' ')).toBe('43,80 €');
    // No way around the shipping form while something is left to ship.
    expect(screen.queryByRole('button', { name: 'Als ausgeführt markieren' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Versand erfassen' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Versanddienstleister'));
    // The tracking number is optional: shipping without one still sends the shipping mail.
    await user.click(screen.getByRole('button', { name: 'Versenden' }));
    expect(await screen.findByText('Ausgeführt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Versand erfassen' })).toBeNull();
    expect(sent.filter((r) => r.path.endsWith('/fulfil'))).toHaveLength(0);
    expect(sent.filter((r) => r.method === 'POST').at(-1)).toMatchObject({
      method: 'POST',
      path: '/sites/site-1/orders/o1/shipments',
      headers: { 'x-csrf-token': 'crumb-1' },
      body: { carrier: 'dhl', trackingNumber: '', lines: [{ orderItemId: 'l1', quantity: 2 }] },
    });
  });

  it('an order with nothing to put in a parcel (downloads) is marked fulfilled directly', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/orders/o1': { body: { order } },
      'GET /sites/site-1/orders/o1/fulfilment': { body: { order, fulfilment: fulfilment([]) } },
      'POST /sites/site-1/orders/o1/fulfil': {
        body: { order: { ...order, status: 'fulfilled', statusText: 'Ausgeführt', fulfilledAt: 1 } },
      },
    });
    renderInSite(<OrderDetail orderId="o1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Als ausgeführt markieren' }));
    expect(await screen.findByText('Ausgeführt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Als ausgeführt markieren' })).toBeNull();
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/sites/site-1/orders/o1/fulfil' });
  });

  it('marks a Vorkasse order paid once the transfer arrived', async () => {
    const awaiting = {
      ...order,
      paymentMethod: 'bank-transfer',
      paymentMethodText: 'Vorkasse (Überweisung)',
      paymentStatus: 'AWAITING_PAYMENT',
      paymentStatusText: 'Zahlung ausstehend',
    };
    const { sent } = fakeApi({
      'GET /sites/site-1/orders/o1': { body: { order: awaiting } },
      'POST /sites/site-1/orders/o1/mark-paid': {
        body: { order: { ...awaiting, paymentStatus: 'PAID', paymentStatusText: 'Bezahlt' } },
      },
    });
    renderInSite(<OrderDetail orderId="o1" />);
    const user = userEvent.setup();
    expect(await screen.findByText('Vorkasse (Überweisung) – Zahlung ausstehend')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zahlung erhalten' }));
    expect(await screen.findByText('Vorkasse (Überweisung) – Bezahlt')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zahlung erhalten' })).toBeNull();
    // The order page then also loads the refunds of the now paid order.
    expect(sent.filter((r) => r.method === 'POST').at(-1)).toMatchObject({
      method: 'POST',
      path: '/sites/site-1/orders/o1/mark-paid',
    });
  });

  it('cancels only after asking, and shows a refusal', async () => {
    const { sent } = fakeApi({
      'GET /sites/site-1/orders/o1': { body: { order } },
      'POST /sites/site-1/orders/o1/cancel': {
        status: 409,
        body: {
          error: {
            type: 'ORDER_FULFILLED',
            message: 'Eine ausgeführte Bestellung kann nicht mehr storniert werden.',
          },
        },
      },
    });
    renderInSite(<OrderDetail orderId="o1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bestellung stornieren' }));
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(screen.getByText('Bestellung wirklich stornieren? Der Bestand wird zurückgebucht.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bestellung stornieren' }));
    expect((await screen.findByRole('alert')).textContent).toContain('nicht mehr storniert');
  });

  it('gives a viewer no buttons that change orders', async () => {
    fakeApi({ 'GET /sites/site-1/orders/o1': { body: { order } } });
    renderInSite(<OrderDetail orderId="o1" />, testSite({ roles: [10] }));
    expect(await screen.findByRole('heading', { name: 'Bestellung #1001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Als ausgeführt markieren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bestellung stornieren' })).toBeNull();
  });
});
