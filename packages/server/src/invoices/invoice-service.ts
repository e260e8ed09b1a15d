import type { Order, Storage, StoredInvoice, Website } from '@baukasten/storage';
import { type InvoiceData, invoiceDataOf } from './invoice-data.js';

/*
 * When invoices are issued (§ 14 UStG): the invoice in the same transaction that makes an order paid
 * (payments/order-paid.ts for every "became paid" door, and the checkout when the payment settled at once),
 * the cancellation invoice (Stornorechnung) in the transaction that cancels or refunds a paid order. The
 * number is taken there, so an order that rolls back takes its number back and the sequence has no gaps.
 */

const isPaid = (order: Order) => (order.data.payment as { status?: string } | undefined)?.status === 'PAID';

/** Issues the paid order's invoice once; answers with the one issued before on a repeat. */
export async function issueInvoiceFor(tx: Storage, website: Website, order: Order, now = Date.now()) {
  if (!isPaid(order) && !(order.data.payment as { paidAt?: number } | undefined)?.paidAt) return undefined;
  const { invoice } = await tx.invoices.issue<InvoiceData>(
    website.id,
    {
      orderId: order.id,
      kind: 'invoice',
      build: (number, issuedAt) => invoiceDataOf(website, order, 'invoice', number, issuedAt),
    },
    now,
  );
  return invoice;
}

/**
 * The Stornorechnung of an order whose invoice was issued: the same lines, negated, naming the invoice it
 * cancels. Nothing when no invoice was issued (an unpaid order never got one).
 */
export async function issueCancellationFor(tx: Storage, website: Website, order: Order, now = Date.now()) {
  const issued = (await tx.invoices.forOrder(website.id, order.id)).find((i) => i.kind === 'invoice');
  if (!issued) return undefined;
  const { invoice } = await tx.invoices.issue<InvoiceData>(
    website.id,
    {
      orderId: order.id,
      kind: 'cancellation',
      cancelsNumber: issued.number,
      build: (number, issuedAt) =>
        invoiceDataOf(website, order, 'cancellation', number, issuedAt, { number: issued.number }),
    },
    now,
  );
  return invoice;
}

/** What pages and the editor list about an order's invoices. */
export function invoiceLinks(invoices: StoredInvoice[], base: string, query = '') {
  return invoices.map((invoice) => {
    const data = invoice.data as unknown as InvoiceData;
    return {
      number: invoice.number,
      numberText: data.numberText,
      kind: invoice.kind,
      label: invoice.kind === 'invoice' ? `Rechnung ${data.numberText}` : `Stornorechnung ${data.numberText}`,
      issuedAt: invoice.issuedAt,
      url: `${base}/${invoice.number}.pdf${query}`,
    };
  });
}
