import { checkReturn, isReturnReason, ProductType, RETURN_MESSAGES } from '@baukasten/commerce';
import type { Order, OrderReturn, Storage } from '@baukasten/storage';
import type { FastifyBaseLogger } from 'fastify';
import { AdminInputError } from '../admin/admin-input.js';
import { HttpError } from '../http-error.js';
import type { PaymentSetup } from '../payments/payment-setup.js';
import { type RefundRequest, refundOrder } from '../payments/refund-service.js';
import { linesOf, SHIPMENT_MESSAGES } from './shipment-service.js';

/*
 * Recording a return: which pieces came back (per line, with a reason and, after a withdrawal, the
 * declaration it belongs to), whether they go back to stock, and the refund. The refund goes through the
 * one refund service (payments/refund-service.ts) first: when the provider refuses, nothing is recorded
 * and the owner can simply try again. Then, in one transaction, the return row, the stock of exactly the
 * returned pieces and the timeline entry.
 */

export interface ReturnRequest {
  lines: { orderItemId: string; quantity: number; reason: string }[];
  withdrawalId?: string;
  restock: boolean;
  note?: string;
  /** Without: the goods are recorded, the money is refunded later (or not at all). */
  refund?: Omit<RefundRequest, 'restock'>;
}

/** Stock checkout took (physical and service lines) is what a return may give back. */
const STOCK_TAKING: ReadonlySet<unknown> = new Set([ProductType.PHYSICAL, ProductType.SERVICE]);

export const RETURN_SERVICE_MESSAGES = {
  refundUnavailable: 'Erstattungen sind auf diesem Server nicht eingerichtet.',
} as const;

async function checked(storage: Storage, order: Order, request: ReturnRequest) {
  for (const line of request.lines)
    if (!isReturnReason(line.reason))
      throw new AdminInputError(RETURN_MESSAGES.reasonUnknown, { reason: RETURN_MESSAGES.reasonUnknown });
  if (request.withdrawalId) {
    const withdrawals = await storage.legal.withdrawalsOf(order.websiteId, order.id);
    if (!withdrawals.some((w) => w.id === request.withdrawalId))
      throw new AdminInputError(RETURN_MESSAGES.withdrawalUnknown, {
        withdrawalId: RETURN_MESSAGES.withdrawalUnknown,
      });
  }
  const earlier = await storage.fulfilment.returnsOf(order.websiteId, order.id);
  const check = checkReturn(linesOf(order), earlier, request.lines);
  if (!check.ok) throw new AdminInputError(check.message, { lines: check.message });
  // The reason of each line as asked (checkReturn merges lines by id; a line is listed once by the editor).
  return check.lines.map((line) => ({
    ...line,
    reason: request.lines.find((l) => l.orderItemId === line.orderItemId)!.reason,
  }));
}

export async function recordReturn(
  storage: Storage,
  setup: PaymentSetup | undefined,
  websiteId: string,
  orderId: string,
  request: ReturnRequest,
  log?: FastifyBaseLogger,
): Promise<OrderReturn> {
  const order = await storage.orders.findById(websiteId, orderId);
  if (!order) throw new HttpError(404, 'ORDER_NOT_FOUND', SHIPMENT_MESSAGES.orderNotFound);
  await checked(storage, order, request);
  let refundId: string | undefined;
  if (request.refund) {
    if (!setup) throw new HttpError(409, 'REFUNDS_UNAVAILABLE', RETURN_SERVICE_MESSAGES.refundUnavailable);
    refundId = (await refundOrder(storage, setup, order, { ...request.refund, restock: false }, log)).refund
      ?.id;
  }
  return storage.transaction(async (tx) => {
    await tx.fulfilment.lockOrder(websiteId, orderId);
    // Checked again under the lock: a second tab recording the same pieces finds the first return.
    const lines = await checked(tx, order, request);
    const recorded = await tx.fulfilment.addReturn(websiteId, {
      orderId,
      lines,
      ...(request.withdrawalId ? { withdrawalId: request.withdrawalId } : {}),
      restocked: request.restock,
      ...(request.note ? { note: request.note } : {}),
    });
    if (refundId) await tx.fulfilment.setReturnRefund(websiteId, recorded.id, refundId);
    if (request.restock) {
      await tx.payments.returnStock(
        websiteId,
        lines.flatMap((line) => {
          const item = order.items.find((i) => i.id === line.orderItemId);
          return item?.variantId && STOCK_TAKING.has(item.data.productType)
            ? [{ variantId: item.variantId, quantity: line.quantity }]
            : [];
        }),
      );
    }
    await tx.orderEvents.add(websiteId, {
      orderId,
      kind: 'returned',
      data: {
        returnId: recorded.id,
        lines: lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity, reason: l.reason })),
        restocked: request.restock,
        ...(request.withdrawalId ? { withdrawalId: request.withdrawalId } : {}),
      },
    });
    return { ...recorded, ...(refundId ? { refundId } : {}) };
  });
}
