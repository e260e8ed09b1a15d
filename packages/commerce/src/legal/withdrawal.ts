import { ProductType } from '../product-display.js';

/*
 * Whether a shopper may still withdraw from an order through the shop's withdrawal function (§356a BGB),
 * and which of its items. Pure: the server reads the order, the owner's period and the product marks,
 * asks here, and then writes or refuses.
 *
 * The period (§355 Abs. 2, §356 Abs. 2 BGB): for goods it starts when the shopper receives them; for
 * digital content and services with the contract. The shop does not learn when a parcel arrives, only
 * when the owner marked the order as shipped, so delivery is assumed DELIVERY_ALLOWANCE_DAYS after that:
 * the function refuses only once the period is surely over, never while it may still run. An order not
 * shipped yet can always be withdrawn (the right exists from the contract on).
 */

export const DELIVERY_ALLOWANCE_DAYS = 7;
const DAY_MS = 86_400_000;

export type WithdrawalExclusion = 'made-to-order' | 'digital-consent';

export interface WithdrawableItem {
  id: string;
  productName: string;
  quantity: number;
  productType?: number;
  /** The owner marked the product as made to the customer's specification (§312g Abs. 2 Nr. 1 BGB). */
  madeToOrder: boolean;
  /**
   * Digital content the shopper asked to receive at once, agreeing that the right of withdrawal ends
   * (§356 Abs. 5 BGB); only then, and once it was made available, is it excluded.
   */
  digitalConsentGiven: boolean;
}

export interface WithdrawalOrder {
  createdAt: number;
  status?: 'open' | 'fulfilled' | 'cancelled';
  /** When the owner marked it as shipped. */
  fulfilledAt?: number;
  paid: boolean;
  items: WithdrawableItem[];
  /** Items withdrawn earlier through the function, with when. */
  earlierWithdrawals: { itemIds: string[]; declaredAt: number }[];
}

export const WITHDRAWAL_MESSAGES = {
  nameMissing: 'Bitte gib deinen Namen ein.',
  orderNumberMissing: 'Bitte gib die Bestellnummer ein. Du findest sie in deiner Bestellbestätigung.',
  emailInvalid: 'Bitte gib die E-Mail-Adresse ein, mit der du bestellt hast.',
  orderUnknown:
    'Wir finden keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse. Bitte prüfe beide Angaben in deiner Bestellbestätigung.',
  orderCancelled: 'Diese Bestellung wurde bereits storniert. Ein Widerruf ist nicht mehr nötig.',
  itemUnknown: 'Bitte wähle nur Artikel aus dieser Bestellung.',
  periodOver: (dateText: string) =>
    `Die Widerrufsfrist für diese Bestellung ist am ${dateText} abgelaufen. Wenn du meinst, dass das nicht stimmt, schreib uns bitte direkt.`,
  alreadyWithdrawn: (dateText: string) =>
    `Du hast den Widerruf für diese Bestellung bereits am ${dateText} erklärt. Die Bestätigung haben wir dir per E-Mail geschickt.`,
  nothingWithdrawable: 'Für keinen Artikel dieser Bestellung besteht ein Widerrufsrecht:',
  exclusion: {
    'made-to-order':
      'wird nach deinen Vorgaben angefertigt oder ist auf dich persönlich zugeschnitten – dafür gibt es kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 BGB).',
    'digital-consent':
      'ist ein digitaler Inhalt, den du auf deinen ausdrücklichen Wunsch vor Ablauf der Widerrufsfrist erhalten hast; dabei hast du bestätigt, dass dein Widerrufsrecht damit erlischt (§ 356 Abs. 5 BGB).',
  } satisfies Record<WithdrawalExclusion, string>,
} as const;

export function exclusionOf(
  item: WithdrawableItem,
  order: Pick<WithdrawalOrder, 'paid'>,
): WithdrawalExclusion | undefined {
  if (item.madeToOrder) return 'made-to-order';
  if (item.productType === ProductType.DIGITAL && item.digitalConsentGiven && order.paid)
    return 'digital-consent';
  return undefined;
}

/** The last moment (epoch ms) the item can be withdrawn, counted in whole days; undefined: still open-ended. */
export function withdrawalDeadline(
  order: Pick<WithdrawalOrder, 'createdAt' | 'fulfilledAt'>,
  item: Pick<WithdrawableItem, 'productType'>,
  periodDays: number,
): number | undefined {
  const isGoods = item.productType === ProductType.PHYSICAL;
  if (!isGoods) return order.createdAt + periodDays * DAY_MS;
  // Goods not yet shipped: the period has not begun.
  if (order.fulfilledAt === undefined) return undefined;
  return order.fulfilledAt + (DELIVERY_ALLOWANCE_DAYS + periodDays) * DAY_MS;
}

/** Calendar day of a moment in the shop's time zone, as YYYY-MM-DD (sorts like dates). */
export function calendarDay(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export type WithdrawalDecision =
  | {
      ok: true;
      /** The items this declaration withdraws. */
      items: WithdrawableItem[];
      /** Items left out because the law excludes them, each with its explanation. */
      excluded: { item: WithdrawableItem; reason: WithdrawalExclusion }[];
      /** Items whose own period is over (e.g. a download bought weeks before the parcel arrived). */
      late: WithdrawableItem[];
    }
  | {
      ok: false;
      type: 'ORDER_CANCELLED' | 'ALREADY_WITHDRAWN' | 'PERIOD_OVER' | 'NOTHING_WITHDRAWABLE' | 'ITEM_UNKNOWN';
      /** For PERIOD_OVER: the deadline; for ALREADY_WITHDRAWN: when it was declared. */
      at?: number;
      excluded?: { item: WithdrawableItem; reason: WithdrawalExclusion }[];
    };

/**
 * What a declaration for `chosenItemIds` (empty: the whole order) may withdraw at `now`. The period counts
 * whole days: a deadline on some day allows withdrawing until that day ends in the shop's time zone (§188 BGB).
 */
export function decideWithdrawal(
  order: WithdrawalOrder,
  chosenItemIds: readonly string[],
  periodDays: number,
  now: number,
  timeZone: string,
): WithdrawalDecision {
  if (order.status === 'cancelled') return { ok: false, type: 'ORDER_CANCELLED' };
  if (chosenItemIds.some((id) => !order.items.some((item) => item.id === id)))
    return { ok: false, type: 'ITEM_UNKNOWN' };
  const withdrawn = new Set(order.earlierWithdrawals.flatMap((w) => w.itemIds));
  const chosen =
    chosenItemIds.length > 0 ? order.items.filter((i) => chosenItemIds.includes(i.id)) : order.items;
  const open = chosen.filter((item) => !withdrawn.has(item.id));
  if (open.length === 0) {
    const last = order.earlierWithdrawals.at(-1);
    return { ok: false, type: 'ALREADY_WITHDRAWN', ...(last ? { at: last.declaredAt } : {}) };
  }
  const excluded: { item: WithdrawableItem; reason: WithdrawalExclusion }[] = [];
  const candidates: WithdrawableItem[] = [];
  for (const item of open) {
    const reason = exclusionOf(item, order);
    if (reason) excluded.push({ item, reason });
    else candidates.push(item);
  }
  if (candidates.length === 0) return { ok: false, type: 'NOTHING_WITHDRAWABLE', excluded };
  const today = calendarDay(now, timeZone);
  const inTime = candidates.filter((item) => {
    const deadline = withdrawalDeadline(order, item, periodDays);
    return deadline === undefined || calendarDay(deadline, timeZone) >= today;
  });
  if (inTime.length === 0) {
    const deadlines = candidates.map((item) => withdrawalDeadline(order, item, periodDays) ?? now);
    return { ok: false, type: 'PERIOD_OVER', at: Math.max(...deadlines) };
  }
  return { ok: true, items: inTime, excluded, late: candidates.filter((item) => !inTime.includes(item)) };
}
