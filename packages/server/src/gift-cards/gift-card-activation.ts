import type { GiftCard, Order, Storage, Website } from '@baukasten/storage';
import { giftCardEmail } from '../email/order-email-templates.js';
import { HttpError } from '../http-error.js';
import { newGiftCardCode } from './gift-card-code.js';

/*
 * A gift card exists as PENDING (no code, no balance, not redeemable) until its order is paid
 * (security review #18, finding 1). Payment is what activates it: a provider that answers PAID at
 * checkout, or the owner's "Zahlung erhalten" for Vorkasse. Only then is a code drawn and mailed, in the
 * transaction that records the payment. Cancelling the order voids the cards nobody spent anything of.
 */

/** The card with its code: the only moment the full code is known (it is stored as a hash). */
export interface IssuedGiftCard {
  code: string;
  card: GiftCard;
}

const isPaid = (order: Order) => (order.data.payment as { status?: unknown } | undefined)?.status === 'PAID';

/**
 * Activates the order's pending cards and queues each card's mail; call it inside the transaction that
 * marks the order paid. Does nothing for an order that is not paid. Answers the activated cards with
 * their codes.
 */
export async function activateGiftCardsOf(
  tx: Storage,
  website: Website,
  order: Order,
  shopUrl: string,
): Promise<IssuedGiftCard[]> {
  if (!isPaid(order) || order.status === 'cancelled') return [];
  const pending = (await tx.giftCards.listByOrder(website.id, order.id)).filter(
    (c) => c.status === 'PENDING',
  );
  const issued: IssuedGiftCard[] = [];
  for (const card of pending) {
    let activated: IssuedGiftCard | undefined;
    // A code already taken on this website (odds about 1 in 2^79) is drawn again.
    for (let attempt = 0; attempt < 5 && !activated; attempt++) {
      const code = newGiftCardCode();
      const result = await tx.giftCards.activate(website.id, card.id, code);
      if (result === 'code-taken') continue;
      if (!result) break;
      activated = { code, card: result };
    }
    if (!activated) {
      // Only a card another request activated meanwhile lands here without a code; that one was mailed.
      if ((await tx.giftCards.findById(website.id, card.id))?.status === 'ACTIVE') continue;
      throw new Error('Could not draw a free gift card code');
    }
    issued.push(activated);
    await tx.outbox.enqueue(
      website.id,
      giftCardEmail({
        to: card.recipientEmail ?? order.customerEmail ?? '',
        siteTitle: website.title,
        locale: website.locale,
        code: activated.code,
        amountMinor: card.initialMinor,
        currency: card.currency,
        ...(card.fromName ? { fromName: card.fromName } : {}),
        testMode: card.testMode,
        shopUrl,
      }),
    );
  }
  return issued;
}

/** Cancelling an order one of whose gift cards was already (partly) spent: refused, with the German reason. */
export class GiftCardAlreadySpent extends HttpError {
  constructor(readonly cards: GiftCard[]) {
    super(
      409,
      'GIFT_CARD_ALREADY_SPENT',
      cards.length === 1
        ? 'Diese Bestellung kann nicht storniert werden: Der mit ihr gekaufte Gutschein wurde bereits ganz oder teilweise eingelöst.'
        : 'Diese Bestellung kann nicht storniert werden: Mit ihr gekaufte Gutscheine wurden bereits ganz oder teilweise eingelöst.',
    );
  }
}

/**
 * Voids the gift cards the order bought (pending ones and unspent active ones); call it inside the
 * transaction that cancels the order. Throws GiftCardAlreadySpent (so that transaction rolls back) when
 * a card of the order was already spent from.
 */
export async function voidGiftCardsOf(tx: Storage, websiteId: string, orderId: string): Promise<GiftCard[]> {
  const { voided, spent } = await tx.giftCards.voidUnspentOfOrder(websiteId, orderId);
  if (spent.length > 0) throw new GiftCardAlreadySpent(spent);
  return voided;
}
