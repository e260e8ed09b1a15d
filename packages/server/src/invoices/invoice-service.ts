import type { Order, Storage, StoredInvoice, Website } from '@baukasten/storage';
import { correctionDataOf, INVOICE_TITLES, type InvoiceData, invoiceDataOf } from './invoice-data.js';

/*
 * When invoices are issued (§ 14 UStG): the invoice in the same transaction that makes an order paid
 * (payments/order-paid.ts for every "became paid" door, and the checkout when the payment settled at once),
 * the cancellation invoice (Stornorechnung) in the transaction that cancels or refunds a paid order, a
 * correcting invoice (Rechnungskorrektur) with a partial refund (`issueRefundInvoiceFor`). The
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

/**
 * The document a refund needs (§ 14 UStG, § 17 UStG), in the transaction that records the refund: money
 * back in full with one refund cancels the invoice (Stornorechnung); every other refund, the last one of
 * several included, gets a correcting invoice for exactly its amount, so the corrections add up to the
 * invoice. Nothing when no invoice was issued or it is already cancelled in full.
 */
export async function issueRefundInvoiceFor(
  tx: Storage,
  website: Website,
  order: Order,
  refund: { id: string; amountMinor: number; wholeOrder: boolean },
  now = Date.now(),
) {
  const invoices = await tx.invoices.forOrder(website.id, order.id);
  const issued = invoices.find((i) => i.kind === 'invoice');
  if (!issued || invoices.some((i) => i.kind === 'cancellation')) return undefined;
  const corrected = invoices.some((i) => i.kind === 'correction');
  if (refund.wholeOrder && !corrected) return issueCancellationFor(tx, website, order, now);
  if (refund.amountMinor <= 0) return undefined;
  const { invoice } = await tx.invoices.issue<InvoiceData>(
    website.id,
    {
      orderId: order.id,
      kind: 'correction',
      cancelsNumber: issued.number,
      refundId: refund.id,
      build: (number, issuedAt) =>
        correctionDataOf(website, order, number, issuedAt, { number: issued.number }, refund.amountMinor),
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
      title: INVOICE_TITLES[invoice.kind] ?? 'Rechnung',
      label: `${INVOICE_TITLES[invoice.kind] ?? 'Rechnung'} ${data.numberText}`,
      issuedAt: invoice.issuedAt,
      url: `${base}/${invoice.number}.pdf${query}`,
    };
  });
}
