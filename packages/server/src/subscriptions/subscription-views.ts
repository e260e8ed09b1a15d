import { serverMessages } from '../messages.js';
import { type CheckoutFormOptions, checkoutFormHtml, esc } from './checkout-page.js';
import { subscriptionMessages as m } from './subscription-messages.js';
import type { subscriptionView } from './subscription-service.js';

/*
 * The HTML of the subscription checkout (page type 201) and its confirmation (206); the routes only gather
 * what these show. Texts come from subscription-messages.ts.
 */

export interface SubscriptionCheckoutPage {
  title: string;
  /** The chosen variant's attributes as `name: value, ...`; '' for none. */
  attributes: string;
  quantity: number;
  priceText: string;
  planText: string;
  grandTotalText: string;
  /** The shipping cost in the total, when there is one. */
  shippingText: string | null;
  form: Omit<CheckoutFormOptions, 'action' | 'submitLabel' | 'extraHtml'>;
  /**
   * Stripe or PayPal is offered: the consent to charge the renewals with the method saved at the first
   * payment, one text per offered provider (issue #20).
   */
  renewalConsentTexts?: readonly string[];
  /** Why only the renewing methods are offered (Vorkasse cannot renew by itself). */
  renewingMethodsHint?: string;
}

/** What is subscribed, what is due today and the order form. */
export function subscriptionCheckoutHtml(page: SubscriptionCheckoutPage): string {
  return `<section><h2>${esc(page.title)}</h2>
${page.attributes ? `<p>${esc(page.attributes)}</p>` : ''}
<p>${esc(m.quantity(page.quantity))}</p>
<p>${esc(page.priceText)} – ${esc(page.planText)}</p>
<p><strong>${esc(m.dueToday(page.grandTotalText))}</strong>${
    page.shippingText ? ` ${esc(m.shippingIncluded(page.shippingText))}` : ''
  }</p></section>
${checkoutFormHtml({
  ...page.form,
  action: '/api/commerce/checkout/subscribe',
  submitLabel: m.subscribe,
  ...(page.renewalConsentTexts?.length
    ? {
        extraHtml: `${
          page.renewingMethodsHint
            ? `<p class="hinweis" id="abo-zahlungsarten">${esc(page.renewingMethodsHint)}</p>`
            : ''
        }<div class="hinweis" id="abo-einzug">${page.renewalConsentTexts
          .map((text) => `<p>${esc(text)}</p>`)
          .join('')}</div>`,
      }
    : {}),
})}`;
}

/** Thanks (active, or starting once the payment is in), the order number, the plan and the next billing. */
export function subscriptionConfirmationHtml(
  view: ReturnType<typeof subscriptionView>,
  orderNumber: number,
  paid: boolean,
): string {
  const next = view.nextBillingText ? m.nextBilling(view.nextBillingText) : m.fullyPaid;
  return `<p>${esc(m.thanks)} ${esc(paid ? m.active(view.productName) : m.startsWhenPaid(view.productName))}</p>
<p>${esc(m.orderNumber(orderNumber))}</p>
<p>${view.quantity} × ${esc(view.productName)}: ${esc(view.priceText)} – ${esc(view.planText)}</p>
<p>${esc(next)}</p>
<p><a href="/">${esc(serverMessages.continueShopping)}</a></p>`;
}
