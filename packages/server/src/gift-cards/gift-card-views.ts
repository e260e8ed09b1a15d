import { formatMoney } from '@baukasten/commerce';
import type { GiftCard, Order, Website } from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { serverMessages } from '../messages.js';
import { type CheckoutFormRefusal, checkoutFormHtml, esc } from '../subscriptions/checkout-page.js';
import { maskGiftCardCode } from './gift-card-code.js';
import { giftCardMessages as m } from './gift-card-messages.js';
import type { DenominationMissing, GiftCardOffer } from './gift-card-service.js';

/*
 * The HTML of the gift-card checkout (page type 201) and its confirmation (202); the routes only gather
 * what these show. Texts come from gift-card-messages.ts.
 */

const offerUrl = (website: Website, itemId: string, sku: string) =>
  `/checkout/giftcard?websiteId=${encodeURIComponent(website.id)}&giftCardProductId=${encodeURIComponent(
    itemId,
  )}&sku=${encodeURIComponent(sku)}`;

/** The denominations to choose from, when the link named none. */
export function denominationChoiceHtml(website: Website, error: DenominationMissing): string {
  const links = error.denominations
    .map((d) => `<li><a href="${esc(offerUrl(website, error.item.id, d.sku))}">${esc(d.amountText)}</a></li>`)
    .join('');
  return `<h2>${esc(m.chooseDenomination)}</h2><ul>${links}</ul>`;
}

export interface GiftCardOfferPage {
  website: Website;
  offer: GiftCardOffer;
  amountText: string;
  priceText: string;
  crumb: string | undefined;
  providers: readonly PaymentProvider[];
  /** A refused purchase form, shown again with its values and problems (issue 22). */
  refusal?: CheckoutFormRefusal;
}

/** The card on offer, the other amounts and the order form with the optional gift fields. */
export function giftCardOfferHtml({
  website,
  offer,
  amountText,
  priceText,
  crumb,
  providers,
  refusal,
}: GiftCardOfferPage) {
  const typed = (name: string) => {
    const value = refusal?.values[name];
    return value ? ` value="${esc(value)}"` : '';
  };
  const others = offer.denominations
    .filter((d) => d.sku !== offer.variant.sku)
    .map((d) => `<a href="${esc(offerUrl(website, offer.item.id, d.sku))}">${esc(d.amountText)}</a>`)
    .join(' · ');
  return `<section><h2>${esc(m.offerTitle(offer.item.title, amountText))}</h2>
<p>${esc(m.price(priceText))}</p>
${others ? `<p>${esc(m.otherAmounts)} ${others}</p>` : ''}
<p>${esc(m.codeByEmail)}</p></section>
${checkoutFormHtml({
  action: '/api/commerce/checkout/giftcard',
  crumb,
  hidden: { websiteId: website.id, giftCardProductId: offer.item.id, sku: offer.variant.sku },
  providers,
  needsAddress: false,
  submitLabel: m.buy,
  refusal,
  extraHtml: `<fieldset><legend>${esc(m.giftLegend)}</legend>
<label for="recipientEmail">${esc(m.recipientEmailLabel)}</label><input id="recipientEmail" name="recipientEmail" type="email"${typed('recipientEmail')}>
<label for="fromName">${esc(m.fromNameLabel)}</label><input id="fromName" name="fromName" type="text"${typed('fromName')}></fieldset>`,
})}`;
}

/** Thanks, one line per card (pending, voided or sent, with its masked code) and the way on. */
export function giftCardConfirmationHtml(website: Website, order: Order, cards: readonly GiftCard[]): string {
  const to = (card: GiftCard) => card.recipientEmail ?? order.customerEmail ?? '';
  const lines = cards
    .map((card) => {
      const amount = formatMoney(card.initialMinor, card.currency, website.locale);
      if (card.status === 'PENDING') return `<li>${esc(m.cardPending(amount, to(card)))}</li>`;
      if (card.status === 'VOIDED') return `<li>${esc(m.cardVoided(amount))}</li>`;
      return `<li>${esc(m.cardSent(amount, maskGiftCardCode(card.codeLast4), to(card)))}</li>`;
    })
    .join('');
  const pending = cards.some((card) => card.status === 'PENDING');
  return `<p>${esc(m.thanks(order.orderNumber))}</p>
<ul>${lines}</ul>
<p>${esc(pending ? m.pendingCode : m.codeInEmail)}</p>
<p><a href="/">${esc(serverMessages.continueShopping)}</a></p>`;
}
