import type { Storage, Website } from '@baukasten/storage';
import { fulfilmentView } from '../fulfilment/fulfilment-view.js';

/*
 * Everything the shop stores about one customer, as one JSON document: the answer to a request for
 * access (Art. 15 DSGVO) and a machine-readable copy to take elsewhere (Art. 20). Read from the same
 * tables the erasure clears, so what is exported is what erasure would remove (plus what the books keep).
 * The password hash and session tokens are left out: they are secrets, not information about the person.
 */
export async function customerDataExport(
  storage: Storage,
  website: Website,
  email: string,
  now = Date.now(),
) {
  const account = await storage.customers.findByEmail(website.id, email);
  const [orderIds, subscriptions, addresses, profile, consent] = await Promise.all([
    storage.customerDirectory.orderIdsOf(website.id, email),
    storage.customerDirectory.subscriptionsOf(website.id, email),
    account ? storage.customers.listAddresses(website.id, account.id) : Promise.resolve([]),
    // What a move from another shop brought along (issue #24): phone, tags, note, and where it came from.
    storage.customerImports.profileOf(website.id, email),
    storage.customerImports.consentOf(website.id, email),
  ]);
  const orders = [];
  for (const orderId of orderIds) {
    const order = await storage.orders.findById(website.id, orderId);
    if (!order) continue;
    const [after, withdrawals, invoices] = await Promise.all([
      fulfilmentView(storage, order, website.locale),
      storage.legal.withdrawalsOf(website.id, order.id),
      storage.invoices.forOrder(website.id, order.id),
    ]);
    const payment = (order.data.payment ?? {}) as { method?: unknown; status?: unknown };
    orders.push({
      orderNumber: order.orderNumber,
      placedAt: new Date(order.createdAt).toISOString(),
      status: order.status,
      currency: order.currency,
      amountsMinor: {
        subtotal: order.subtotalMinor,
        discount: order.discountMinor,
        shipping: order.shippingMinor,
        tax: order.taxMinor,
        grandTotal: order.grandTotalMinor,
      },
      email: order.customerEmail ?? null,
      shippingAddress: order.data.shippingAddress ?? null,
      billingAddress: order.data.billingAddress ?? null,
      payment: { method: payment.method ?? null, status: payment.status ?? null },
      items: order.items.map((item) => ({
        productName: item.productName,
        sku: item.sku,
        quantity: item.quantity,
        unitPriceMinor: item.unitPriceMinor,
        attributes: item.data.attributes ?? {},
      })),
      shipments: after.shipments.map((s) => ({
        carrier: s.carrierName,
        trackingNumber: s.trackingNumber,
        shippedAt: new Date(s.shippedAt).toISOString(),
        items: s.itemsText,
      })),
      returns: after.returns.map((r) => ({
        createdAt: new Date(r.createdAt).toISOString(),
        items: r.itemsText,
      })),
      withdrawals: withdrawals.map((w) => ({
        declaredAt: new Date(w.declaredAt).toISOString(),
        name: w.name,
        email: w.email,
        declaration: w.declaration,
      })),
      invoices: invoices.map((i) => ({
        number: i.number,
        kind: i.kind,
        issuedAt: new Date(i.issuedAt).toISOString(),
      })),
    });
  }
  return {
    format: 'baukasten-customer-data/1',
    shop: { title: website.title, hostname: website.hostnames[0] ?? null },
    exportedAt: new Date(now).toISOString(),
    email,
    account: account
      ? {
          name: account.name,
          email: account.email,
          createdAt: new Date(account.createdAt).toISOString(),
          emailVerified: Boolean(account.emailVerifiedAt),
        }
      : null,
    addresses: addresses.map((a) => ({ ...a.address, isDefault: a.isDefault })),
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          phone: profile.phone,
          tags: profile.tags,
          note: profile.note,
          source: profile.source ?? null,
          importedAt: profile.importedAt ? new Date(profile.importedAt).toISOString() : null,
        }
      : null,
    orders,
    newsletter: subscriptions.newsletter.map((n) => ({
      status: n.status,
      subscribedAt: new Date(n.createdAt).toISOString(),
      confirmedAt: n.confirmedAt ? new Date(n.confirmedAt).toISOString() : null,
      // Where the consent was given (Art. 7 Abs. 1 DSGVO), e.g. "Import aus Shopify"; null: on this site.
      consentSource: consent?.source ?? null,
    })),
    restockNotices: subscriptions.restockSignups.map((r) => ({
      productId: r.productId,
      variantId: r.variantId,
      signedUpAt: new Date(r.createdAt).toISOString(),
      notifiedAt: r.notifiedAt ? new Date(r.notifiedAt).toISOString() : null,
    })),
  };
}
