import type { Order } from '@baukasten/storage';
import { commercePageTexts } from '../../pages/commerce-page-messages.js';
import { orderMessages as m } from './order-messages.js';

/* The JSON shapes of orders in the admin API; money in minor units of the order's currency. */

interface Address {
  firstName?: string;
  lastName?: string;
  line1?: string;
  line2?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
}

export const addressOf = (order: Order) => (order.data.shippingAddress ?? null) as Address | null;
export const paymentOf = (order: Order) => (order.data.payment ?? {}) as { method?: string; status?: string };
export const statusOf = (order: Order) => order.status ?? 'open';

export function orderSummaryView(order: Order) {
  const address = addressOf(order);
  const payment = paymentOf(order);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: statusOf(order),
    statusText: m.statusTexts[statusOf(order)],
    createdAt: order.createdAt,
    customerEmail: order.customerEmail ?? null,
    customerName: address ? [address.firstName, address.lastName].filter(Boolean).join(' ') || null : null,
    itemCount: order.items.reduce((n, item) => n + item.quantity, 0),
    currency: order.currency,
    grandTotalMinor: order.grandTotalMinor,
    paymentStatus: payment.status ?? null,
    paymentStatusText: payment.status
      ? (commercePageTexts.paymentStatus[payment.status] ?? commercePageTexts.unknownPaymentStatus)
      : null,
    testMode: order.testMode,
  };
}

export function orderDetailView(order: Order) {
  const payment = paymentOf(order);
  return {
    ...orderSummaryView(order),
    paymentMethod: payment.method ?? null,
    paymentMethodText: payment.method
      ? (commercePageTexts.paymentMethods[payment.method] ?? payment.method)
      : null,
    items: order.items.map((item) => ({
      id: item.id,
      itemId: item.itemId,
      variantId: item.variantId ?? null,
      sku: item.sku,
      productName: item.productName,
      attributes: (item.data.attributes ?? {}) as Record<string, string>,
      productType: typeof item.data.productType === 'number' ? item.data.productType : null,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      totalMinor: item.unitPriceMinor * item.quantity,
    })),
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    shippingMinor: order.shippingMinor,
    taxMinor: order.taxMinor,
    giftCardMinor: Number(order.data.giftCardMinor ?? 0),
    shippingAddress: addressOf(order),
    shippingOption: order.data.shippingOption ?? null,
    coupons: (order.data.validCoupons ?? []) as string[],
    fulfilledAt: order.fulfilledAt ?? null,
    cancelledAt: order.cancelledAt ?? null,
  };
}
