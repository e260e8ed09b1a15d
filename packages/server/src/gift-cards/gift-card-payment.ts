import {
  type GiftCard,
  GiftCardBalanceTooLow,
  type NewOrder,
  normaliseGiftCardCode,
  type Order,
  type PlaceOrderResult,
  type Storage,
} from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import { emitLowStockAfterOrder, emitOrderEvent, type OrderListeners } from '../webhooks/webhook-events.js';
import { maskGiftCardCode } from './gift-card-code.js';
import { giftCardMessages } from './gift-card-messages.js';

/*
 * Paying an order with gift cards. Before payment the cards are looked up and the amount each will
 * pay is planned, so the payment provider is asked only for the rest; inside the order transaction
 * each planned amount is taken with one conditional UPDATE. When another order spent the money
 * meanwhile the whole order rolls back and the shopper is asked to check it again.
 */

export interface GiftCardPlan {
  /** What the gift cards pay together, never more than the grand total. */
  amountMinor: number;
  cards: { card: GiftCard; amountMinor: number }[];
}

/** As the order records it: the masked code and what that card paid. */
export const appliedGiftCards = (plan: GiftCardPlan) =>
  plan.cards.map(({ card, amountMinor }) => ({ code: maskGiftCardCode(card.codeLast4), amountMinor }));

const fail = (type: string, message: string) => new HttpError(400, type, message);

/**
 * Looks the codes up in the order given and plans what each pays until the total is covered. Unknown,
 * disabled, empty or foreign-currency cards are refused with a German 400; a code given twice counts once.
 */
export async function planGiftCardPayment(
  storage: Storage,
  websiteId: string,
  currency: string,
  codes: readonly string[] | undefined,
  grandTotalMinor: number,
): Promise<GiftCardPlan> {
  const plan: GiftCardPlan = { amountMinor: 0, cards: [] };
  const seen = new Set<string>();
  for (const raw of codes ?? []) {
    const code = normaliseGiftCardCode(raw);
    if (!code || seen.has(code)) continue;
    seen.add(code);
    const card = await storage.giftCards.findByCode(websiteId, code);
    if (!card) throw fail('GIFT_CARD_NOT_FOUND', giftCardMessages.codeNotFound);
    if (card.status !== 'ACTIVE') throw fail('GIFT_CARD_DISABLED', giftCardMessages.disabled);
    if (card.currency !== currency)
      throw fail('GIFT_CARD_CURRENCY', giftCardMessages.currency(card.currency));
    if (card.balanceMinor <= 0) throw fail('GIFT_CARD_EMPTY', giftCardMessages.empty);
    const amountMinor = Math.min(card.balanceMinor, grandTotalMinor - plan.amountMinor);
    // A card the order no longer needs is left untouched.
    if (amountMinor <= 0) continue;
    plan.cards.push({ card, amountMinor });
    plan.amountMinor += amountMinor;
  }
  return plan;
}

/**
 * Test gift cards (bought in a test order) pay test orders only, and real ones real orders only, so test
 * money never pays for real goods and a customer's real balance is never spent on a test order. Where
 * test payments are not allowed (any more), a test card pays nothing at all.
 */
export function checkGiftCardsFit(plan: GiftCardPlan, orderTestMode: boolean, testPaymentsAllowed: boolean) {
  for (const { card } of plan.cards) {
    if (card.testMode && (!testPaymentsAllowed || !orderTestMode)) {
      throw fail('GIFT_CARD_TEST_ONLY', giftCardMessages.testCardOnly);
    }
    if (!card.testMode && orderTestMode)
      throw fail('GIFT_CARD_REAL_IN_TEST', giftCardMessages.realCardInTest);
  }
}

class NotPlaced extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super('order not placed');
  }
}

/**
 * Places the order, takes the gift card amounts and runs `whenPlaced` in one transaction: all of it
 * commits or none. A card whose balance no longer covers its planned amount answers 409.
 */
export async function placeOrderWithGiftCards(
  storage: Storage,
  websiteId: string,
  order: NewOrder,
  plan: GiftCardPlan,
  whenPlaced?: (tx: Storage, order: Order) => Promise<void>,
  listeners?: OrderListeners,
): Promise<PlaceOrderResult> {
  try {
    return await storage.transaction(async (tx) => {
      const result = await tx.orders.place(websiteId, order);
      // Out of stock leaves the cart claimed inside this transaction: roll it back.
      if (result.outcome !== 'placed') throw new NotPlaced(result);
      // The order's kind goes along: the storage takes test cards for test orders only, real for real.
      await tx.giftCards.redeem(
        websiteId,
        result.order.id,
        plan.cards.map(({ card, amountMinor }) => ({ giftCardId: card.id, amountMinor })),
        result.order.testMode,
      );
      await whenPlaced?.(tx, result.order);
      // Webhooks: the new order, and any variant this order took below the low-stock mark.
      await emitOrderEvent(tx, 'order.created', result.order, listeners);
      await emitLowStockAfterOrder(tx, result.order, listeners);
      return result;
    });
  } catch (error) {
    if (error instanceof NotPlaced) return error.result;
    if (error instanceof GiftCardBalanceTooLow) {
      throw new HttpError(409, 'GIFT_CARD_BALANCE_CHANGED', giftCardMessages.balanceChanged);
    }
    throw error;
  }
}
