import { useState } from 'react';
import { orders as ordersApi } from '../../api/admin-api.js';
import type { OrderDetail as Order } from '../../api/admin-types.js';
import { t } from '../../messages.js';
import { Link } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import { Button, ConfirmButton, ErrorBox, Loading, NotAvailable, StatusMessage } from '../../ui/controls.js';
import { dateTime, money, variantLabel } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { AfterSale, A as afterSale, openShippingForm } from './after-sale.js';
import { InvoiceList } from './invoice-list.js';
import { RefundPanel } from './refund-panel.js';

function Totals({ order }: { order: Order }) {
  const m = (minor: number) => money(minor, order.currency);
  const rows: [string, number, boolean][] = [
    [t.subtotal, order.subtotalMinor, true],
    [t.discount, -order.discountMinor, order.discountMinor > 0],
    [t.shipping, order.shippingMinor, true],
    [t.tax, order.taxMinor, order.taxMinor > 0],
    [t.giftCard, -order.giftCardMinor, order.giftCardMinor > 0],
  ];
  return (
    <dl className="totals">
      {rows
        .filter(([, , shown]) => shown)
        .map(([label, minor]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{m(minor)}</dd>
          </div>
        ))}
      <div className="totals__grand">
        <dt>{t.grandTotal}</dt>
        <dd>{m(order.grandTotalMinor)}</dd>
      </div>
    </dl>
  );
}

export function OrderDetail({ orderId }: { orderId: string }) {
  const { site, can } = useSite();
  const loaded = useLoad(() => ordersApi.get(site.id, orderId), [site.id, orderId]);
  const action = useAction();
  // A return's refund changes the refunds: the panel loads them again.
  const [round, setRound] = useState(0);
  // Lines still to ship, once the shipping panel knows: while any are left, "ausgeführt" means shipped,
  // through the shipping form, so the shopper always gets the shipping mail (issue 23).
  const [unshipped, setUnshipped] = useState<number>();
  if (isMissingRoute(loaded.error)) return <NotAvailable title={t.ordersTitle} />;
  const order = loaded.data?.order;

  const change = async (call: () => Promise<{ order: Order }>) => {
    const answer = await action.run(call);
    if (answer) loaded.set(answer);
  };

  const address = order?.shippingAddress;
  const shippingName =
    typeof order?.shippingOption === 'string' ? order.shippingOption : (order?.shippingOption?.name ?? null);
  return (
    <div>
      <p>
        <Link to={paths.orders(site.id)}>← {t.backToOrders}</Link>
      </p>
      {order ? <PageTitle>{t.order(order.orderNumber)}</PageTitle> : <PageTitle>{t.ordersTitle}</PageTitle>}
      <ErrorBox error={loaded.error} />
      {loaded.loading && !order ? <Loading /> : null}
      {order ? (
        <>
          <p>
            <span className={`status status--${order.status}`}>{order.statusText}</span>{' '}
            {order.testMode ? <span className="badge">{t.testOrder}</span> : null}{' '}
            <span className="muted">{dateTime(order.createdAt, site.timeZone)}</span>
          </p>
          <ErrorBox error={action.error} />
          <StatusMessage>{action.busy ? t.saving : ''}</StatusMessage>
          {can('commerce.orders') &&
          order.status !== 'cancelled' &&
          order.paymentStatus === 'AWAITING_PAYMENT' ? (
            <div className="form-actions">
              <Button busy={action.busy} onClick={() => change(() => ordersApi.markPaid(site.id, order.id))}>
                {t.markPaid}
              </Button>
            </div>
          ) : null}
          {can('commerce.orders') && order.status === 'open' ? (
            <div className="form-actions">
              {unshipped !== undefined && unshipped > 0 ? (
                <Button variant="primary" onClick={openShippingForm}>
                  {afterSale.openShipping}
                </Button>
              ) : unshipped === 0 ? (
                // Nothing to put in a parcel (downloads, services): done without a shipping mail.
                <Button
                  variant="primary"
                  busy={action.busy}
                  onClick={() => change(() => ordersApi.fulfil(site.id, order.id))}
                >
                  {t.fulfil}
                </Button>
              ) : null}
              <ConfirmButton
                label={t.cancelOrder}
                question={t.confirmCancelOrder}
                confirmLabel={t.cancelOrder}
                busy={action.busy}
                onConfirm={() => void change(() => ordersApi.cancel(site.id, order.id))}
              />
            </div>
          ) : null}
          {can('commerce.orders') && order.paymentStatus === 'PAID' ? (
            <RefundPanel
              key={round}
              siteId={site.id}
              orderId={order.id}
              currency={order.currency}
              paymentMethod={order.paymentMethod}
              timeZone={site.timeZone}
            />
          ) : null}
          <AfterSale
            siteId={site.id}
            orderId={order.id}
            currency={order.currency}
            paymentMethod={order.paymentMethod}
            paid={order.paymentStatus === 'PAID'}
            canManage={can('commerce.orders')}
            timeZone={site.timeZone}
            onUnshipped={setUnshipped}
            onOrder={(changed) => {
              setRound((n) => n + 1);
              if (changed.status !== order.status)
                loaded.set({
                  order: {
                    ...order,
                    status: changed.status as Order['status'],
                    statusText: changed.statusText,
                  },
                });
            }}
          />
          <InvoiceList
            siteId={site.id}
            orderId={order.id}
            round={`${round}-${order.paymentStatus}-${order.status === 'cancelled'}`}
            timeZone={site.timeZone}
          />
          <div className="order-columns">
            <section className="card" aria-labelledby="customer-title">
              <h2 id="customer-title">{t.customer}</h2>
              <p>{order.customerName}</p>
              {order.customerEmail ? (
                <p>
                  <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
                </p>
              ) : null}
              {address ? (
                <>
                  <h3>{t.shippingAddress}</h3>
                  <address>
                    {[address.firstName, address.lastName].filter(Boolean).join(' ')}
                    <br />
                    {address.line1}
                    {address.line2 ? (
                      <>
                        <br />
                        {address.line2}
                      </>
                    ) : null}
                    <br />
                    {[address.postalCode, address.city].filter(Boolean).join(' ')}
                    <br />
                    {[address.region, address.country].filter(Boolean).join(', ')}
                  </address>
                </>
              ) : null}
              {shippingName ? (
                <p>
                  {t.shipping}: {shippingName}
                </p>
              ) : null}
              <h3>{t.payment}</h3>
              <p>{[order.paymentMethodText, order.paymentStatusText].filter(Boolean).join(' – ')}</p>
              {order.coupons.length > 0 ? <p>Gutscheincodes: {order.coupons.join(', ')}</p> : null}
            </section>
            {order.withdrawals && order.withdrawals.length > 0 ? (
              <section className="card" aria-labelledby="withdrawal-title">
                <h2 id="withdrawal-title">Widerruf</h2>
                {order.withdrawals.map((w) => (
                  <div key={w.id}>
                    <p>
                      Eingegangen am {dateTime(w.declaredAt)} von {w.name} ({w.email}). Die Rückzahlung ist
                      spätestens 14 Tage nach Eingang fällig.
                    </p>
                    <p className="pre-line">{w.declaration}</p>
                  </div>
                ))}
              </section>
            ) : null}
            {order.legalTextVersion ? (
              <p className="muted">Bestellt unter den Rechtstexten in Fassung {order.legalTextVersion}.</p>
            ) : null}
            <section className="card" aria-labelledby="items-title">
              <h2 id="items-title">{t.items}</h2>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t.product}</th>
                    <th scope="col">{t.sku}</th>
                    <th scope="col" className="numeric">
                      {t.quantity}
                    </th>
                    <th scope="col" className="numeric">
                      {t.unitPrice}
                    </th>
                    <th scope="col" className="numeric">
                      {t.total}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row">
                        {item.productName}
                        {Object.keys(item.attributes).length > 0 ? (
                          <span className="muted"> ({variantLabel(item.attributes)})</span>
                        ) : null}
                      </th>
                      <td>
                        <code>{item.sku}</code>
                      </td>
                      <td className="numeric">{item.quantity}</td>
                      <td className="numeric">{money(item.unitPriceMinor, order.currency)}</td>
                      <td className="numeric">{money(item.totalMinor, order.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Totals order={order} />
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
