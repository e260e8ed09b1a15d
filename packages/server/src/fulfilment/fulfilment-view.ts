import {
  CARRIER_IDS,
  CARRIERS,
  carrierName,
  FULFILMENT_STATUS_TEXTS,
  type FulfilmentStatus,
  formatMoney,
  fulfilmentStatusOf,
  RETURN_REASON_TEXTS,
  RETURN_REASONS,
  type ReturnReason,
  returnableQuantities,
  trackingUrlOf,
  unshippedQuantities,
} from '@baukasten/commerce';
import type { Order, OrderEvent, OrderReturn, Shipment, Storage } from '@baukasten/storage';
import { linesOf } from './shipment-service.js';

/*
 * What the editor's order page shows after the sale: shipments with their tracking links, what is left to
 * ship, returns, and the timeline in words. Built from the stored facts on every read.
 */

/** Shipped in full also when the owner marked the order "Ausgeführt" before shipments were recorded. */
export function fulfilmentOf(order: Order, shipments: readonly Shipment[]): FulfilmentStatus {
  const derived = fulfilmentStatusOf(linesOf(order), shipments);
  return derived === 'unfulfilled' && order.status === 'fulfilled' ? 'shipped' : derived;
}

const piecesText = (order: Order, lines: readonly { orderItemId: string; quantity: number }[]) =>
  lines
    .map(
      (line) =>
        `${line.quantity} × ${order.items.find((i) => i.id === line.orderItemId)?.productName ?? 'Artikel'}`,
    )
    .join(', ');

export function shipmentView(order: Order, shipment: Shipment) {
  return {
    id: shipment.id,
    carrier: shipment.carrier,
    carrierName: carrierName(shipment.carrier),
    trackingNumber: shipment.trackingNumber ?? null,
    trackingUrl: trackingUrlOf(shipment.carrier, shipment.trackingNumber) ?? null,
    shippedAt: shipment.shippedAt,
    itemsText: piecesText(order, shipment.lines),
    lines: shipment.lines,
  };
}

function returnView(order: Order, r: OrderReturn) {
  return {
    id: r.id,
    createdAt: r.createdAt,
    itemsText: r.lines
      .map((l) => `${piecesText(order, [l])} (${RETURN_REASON_TEXTS[l.reason as ReturnReason] ?? l.reason})`)
      .join(', '),
    restocked: r.restocked,
    withdrawalId: r.withdrawalId ?? null,
    refundId: r.refundId ?? null,
    note: r.note ?? null,
  };
}

/** The timeline entry in the owner's words. */
export function eventText(order: Order, event: Pick<OrderEvent, 'kind' | 'data'>, locale = 'de-DE'): string {
  const d = event.data;
  switch (event.kind) {
    case 'paid':
      return 'Zahlung eingegangen';
    case 'shipped': {
      const carrier = carrierName(String(d.carrier ?? ''));
      const by = carrier ? ` mit ${carrier}` : ' ohne Versanddienstleister';
      const number = d.trackingNumber ? ` (Sendungsnummer ${String(d.trackingNumber)})` : '';
      // Only an API client can leave the mail out; the owner should not assume the shopper was told.
      const unnotified = d.customerNotified === false ? ', Kundin nicht benachrichtigt' : '';
      return `${d.complete ? 'Versandt' : 'Teilweise versandt'}${by}${number}${unnotified}`;
    }
    case 'withdrawn': {
      const ids = Array.isArray(d.itemIds) ? (d.itemIds as string[]) : [];
      const items = order.items.filter((i) => ids.includes(i.id));
      return `Widerruf eingegangen: ${items.map((i) => `${i.quantity} × ${i.productName}`).join(', ')}`;
    }
    case 'refunded':
      return `${formatMoney(Number(d.amountMinor ?? 0), String(d.currency ?? order.currency), locale)} erstattet${d.complete ? ' (voller Betrag)' : ''}`;
    case 'returned': {
      const lines = Array.isArray(d.lines) ? (d.lines as { orderItemId: string; quantity: number }[]) : [];
      return `Rücksendung erfasst: ${piecesText(order, lines)}${d.restocked ? ', zurück in den Bestand gebucht' : ''}`;
    }
    case 'cancelled':
      return 'Bestellung storniert';
    case 'note':
      return `Notiz: ${String(d.text ?? '')}`;
    default:
      return String(event.kind);
  }
}

export async function fulfilmentView(storage: Storage, order: Order, locale = 'de-DE') {
  const [shipments, returns, events, withdrawals] = await Promise.all([
    storage.fulfilment.shipmentsOf(order.websiteId, order.id),
    storage.fulfilment.returnsOf(order.websiteId, order.id),
    storage.orderEvents.ofOrder(order.websiteId, order.id),
    storage.legal.withdrawalsOf(order.websiteId, order.id),
  ]);
  const lines = linesOf(order);
  const status = fulfilmentOf(order, shipments);
  const left =
    order.status === 'fulfilled' && shipments.length === 0
      ? new Map()
      : unshippedQuantities(lines, shipments);
  const returnable = returnableQuantities(lines, returns);
  // "Placed" is the order row itself; every other entry was written with its change.
  const timeline = [
    { id: `placed-${order.id}`, kind: 'placed', text: 'Bestellung eingegangen', createdAt: order.createdAt },
    ...events.map((e) => ({
      id: e.id,
      kind: e.kind,
      text: eventText(order, e, locale),
      createdAt: e.createdAt,
    })),
  ].sort((a, b) => a.createdAt - b.createdAt);
  return {
    fulfilmentStatus: status,
    fulfilmentStatusText: FULFILMENT_STATUS_TEXTS[status],
    shipments: shipments.map((s) => shipmentView(order, s)),
    unshipped: order.items
      .filter((item) => left.has(item.id))
      .map((item) => ({ orderItemId: item.id, productName: item.productName, quantity: left.get(item.id)! })),
    returns: returns.map((r) => returnView(order, r)),
    returnable: order.items
      .filter((item) => (returnable.get(item.id) ?? 0) > 0)
      .map((item) => ({
        orderItemId: item.id,
        productName: item.productName,
        quantity: returnable.get(item.id)!,
        unitPriceMinor: item.unitPriceMinor,
      })),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      declaredAt: w.declaredAt,
      itemIds: w.itemIds,
    })),
    timeline,
    carriers: CARRIER_IDS.map((id) => ({ id, name: CARRIERS[id].name })),
    returnReasons: RETURN_REASONS.map((id) => ({ id, text: RETURN_REASON_TEXTS[id] })),
  };
}
