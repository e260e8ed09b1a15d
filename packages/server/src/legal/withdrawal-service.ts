import {
  decideWithdrawal,
  isValidEmail,
  legalDataOf,
  WITHDRAWAL_MESSAGES as M,
  type WithdrawableItem,
  type WithdrawalDecision,
  type WithdrawalOrder,
  withdrawalPeriodOf,
} from '@baukasten/commerce';
import type { Order, Storage, Website, Withdrawal } from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import { emailMatches, findOrderByReference } from '../pages/order-lookup.js';
import { emitWebhook, orderEventData } from '../webhooks/webhook-events.js';
import { withdrawalConfirmationEmail, withdrawalNoticeEmail } from './withdrawal-emails.js';

/*
 * The withdrawal function of §356a BGB: a shopper names themselves, the order and the e-mail address
 * (step one), sees what the declaration will cover and confirms with "Widerruf bestätigen" (step two).
 * Signing in is never needed: guest orders are identified by order number and e-mail together, and a
 * wrong pair looks exactly like an unknown order, so the form reveals nothing about other orders.
 * Confirming writes the withdrawal and both mails (shopper, owner) in one transaction.
 */

export interface WithdrawalRequest {
  name: string;
  orderNumber: string;
  email: string;
  /** Order item ids the shopper chose; empty: the whole order. */
  itemIds: string[];
}

/** A refusal of the form, with the fields to fix (status 400) or the reason (404, 409). */
export class WithdrawalRefused extends HttpError {
  constructor(
    status: number,
    type: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly explanations: string[] = [],
  ) {
    super(status, type, message);
  }
}

export interface WithdrawalReview {
  order: Order;
  decision: Extract<WithdrawalDecision, { ok: true }>;
  /** Every item of the order, as the shopper sees it on step two. */
  items: (WithdrawableItem & {
    label: string;
    excludedText?: string;
    lateText?: string;
    alreadyWithdrawn: boolean;
  })[];
}

export interface DeclaredWithdrawal extends WithdrawalReview {
  withdrawal: Withdrawal;
  receivedText: string;
}

const ORDER_NUMBER_PREFIX = /^(?:nr\.?|#)\s*/i;

/** What the shopper typed, trimmed; the German problems by field when something is missing. */
export function checkRequest(request: WithdrawalRequest): WithdrawalRequest {
  const name = request.name.trim();
  const orderNumber = request.orderNumber.trim().replace(ORDER_NUMBER_PREFIX, '');
  const email = request.email.trim();
  const fields: Record<string, string> = {};
  if (!name) fields.name = M.nameMissing;
  if (!orderNumber) fields.orderNumber = M.orderNumberMissing;
  if (!isValidEmail(email)) fields.email = M.emailInvalid;
  const first = Object.values(fields)[0];
  if (first) throw new WithdrawalRefused(400, 'INVALID_INPUT', first, fields);
  return { name, orderNumber, email, itemIds: [...new Set(request.itemIds)] };
}

export const itemLabel = (item: Pick<WithdrawableItem, 'quantity' | 'productName'>) =>
  `${item.quantity} × ${item.productName}`;

export function receivedTextOf(website: Website, at: number): string {
  const text = new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: website.timeZone,
  }).format(at);
  return `${text} Uhr`;
}

const dayText = (website: Website, at: number) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: website.timeZone }).format(at);

export class WithdrawalService {
  constructor(private readonly storage: Storage) {}

  /** The order and what a declaration would withdraw (step one); throws WithdrawalRefused otherwise. */
  async review(website: Website, input: WithdrawalRequest, now = Date.now()): Promise<WithdrawalReview> {
    return this.#review(this.storage, website, checkRequest(input), now);
  }

  /** Writes the withdrawal and queues both mails (step two); refuses exactly as review would. */
  async declare(
    website: Website,
    input: WithdrawalRequest,
    links: { legalLinks: { title: string; url: string }[]; orderUrl?: (order: Order) => string },
    now = Date.now(),
  ): Promise<DeclaredWithdrawal> {
    const request = checkRequest(input);
    return this.storage.transaction(async (tx) => {
      // Decided again inside the transaction: a second tab confirming at the same time finds the first.
      const review = await this.#review(tx, website, request, now);
      const { order, decision } = review;
      const receivedText = receivedTextOf(website, now);
      const itemLines = decision.items.map(itemLabel);
      const declaration = [
        `Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über folgende Artikel der Bestellung Nr. ${order.orderNumber} vom ${dayText(website, order.createdAt)}:`,
        ...itemLines.map((line) => `– ${line}`),
        `Name: ${request.name}`,
        `E-Mail-Adresse: ${request.email}`,
      ].join('\n');
      const withdrawal = await tx.legal.addWithdrawal(
        website.id,
        {
          orderId: order.id,
          name: request.name,
          email: request.email,
          itemIds: decision.items.map((i) => i.id),
          declaration,
        },
        now,
      );
      const notWithdrawnLines = [
        ...decision.excluded.map(({ item, reason }) => `${itemLabel(item)}: ${M.exclusion[reason]}`),
        ...decision.late.map(
          (item) => `${itemLabel(item)}: Die Widerrufsfrist für diesen Artikel ist abgelaufen.`,
        ),
      ];
      const mail = {
        siteTitle: website.title,
        orderNumber: order.orderNumber,
        name: request.name,
        email: request.email,
        declaration,
        receivedText,
        itemLines,
        notWithdrawnLines,
        legalLinks: links.legalLinks,
      };
      // The confirmation goes to the address the shopper typed, which matched the order's.
      await tx.outbox.enqueue(website.id, withdrawalConfirmationEmail(mail), now);
      await tx.orderEvents.add(
        website.id,
        {
          orderId: order.id,
          kind: 'withdrawn',
          data: { withdrawalId: withdrawal.id, itemIds: withdrawal.itemIds },
        },
        now,
      );
      await emitWebhook(tx, website.id, 'order.withdrawn', {
        ...orderEventData(order),
        withdrawal: { id: withdrawal.id, itemIds: decision.items.map((i) => i.id) },
      });
      const ownerAddress = legalDataOf(website.settings as Record<string, unknown>).email;
      if (ownerAddress) {
        await tx.outbox.enqueue(
          website.id,
          withdrawalNoticeEmail({ ...mail, to: ownerAddress, orderUrl: links.orderUrl?.(order) }),
          now,
        );
      }
      return { ...review, withdrawal, receivedText };
    });
  }

  async #review(storage: Storage, website: Website, request: WithdrawalRequest, now: number) {
    const order = await findOrderByReference(storage, website.id, request.orderNumber);
    if (!order || !emailMatches(order, request.email))
      throw new WithdrawalRefused(404, 'ORDER_UNKNOWN', M.orderUnknown);
    const earlier = await storage.legal.withdrawalsOf(website.id, order.id);
    const madeToOrder = await storage.legal.madeToOrder(
      website.id,
      order.items.map((i) => i.itemId),
    );
    const facts: WithdrawalOrder = {
      createdAt: order.createdAt,
      status: order.status,
      ...(order.fulfilledAt !== undefined ? { fulfilledAt: order.fulfilledAt } : {}),
      paid: (order.data.payment as { status?: string } | undefined)?.status === 'PAID',
      items: order.items.map((item) => ({
        id: item.id,
        productName: item.productName,
        quantity: item.quantity,
        productType: typeof item.data.productType === 'number' ? item.data.productType : undefined,
        madeToOrder: madeToOrder.has(item.itemId),
        // Recorded by the checkout when the shopper asked for immediate delivery and acknowledged the loss.
        digitalConsentGiven: typeof item.data.digitalConsentAt === 'number',
      })),
      earlierWithdrawals: earlier.map((w) => ({ itemIds: w.itemIds, declaredAt: w.declaredAt })),
    };
    const periodDays = withdrawalPeriodOf(legalDataOf(website.settings as Record<string, unknown>));
    const decision = decideWithdrawal(facts, request.itemIds, periodDays, now, website.timeZone);
    if (!decision.ok) throw refusalOf(website, decision);
    const withdrawn = new Set(earlier.flatMap((w) => w.itemIds));
    const excluded = new Map(decision.excluded.map(({ item, reason }) => [item.id, M.exclusion[reason]]));
    const late = new Set(decision.late.map((item) => item.id));
    const items = facts.items.map((item) => ({
      ...item,
      label: itemLabel(item),
      alreadyWithdrawn: withdrawn.has(item.id),
      ...(excluded.has(item.id) ? { excludedText: excluded.get(item.id) } : {}),
      ...(late.has(item.id) ? { lateText: 'Die Widerrufsfrist für diesen Artikel ist abgelaufen.' } : {}),
    }));
    return { order, decision, items };
  }
}

function refusalOf(
  website: Website,
  decision: Extract<WithdrawalDecision, { ok: false }>,
): WithdrawalRefused {
  switch (decision.type) {
    case 'ORDER_CANCELLED':
      return new WithdrawalRefused(409, decision.type, M.orderCancelled);
    case 'ITEM_UNKNOWN':
      return new WithdrawalRefused(400, decision.type, M.itemUnknown);
    case 'ALREADY_WITHDRAWN':
      return new WithdrawalRefused(
        409,
        decision.type,
        M.alreadyWithdrawn(dayText(website, decision.at ?? Date.now())),
      );
    case 'PERIOD_OVER':
      return new WithdrawalRefused(
        409,
        decision.type,
        M.periodOver(dayText(website, decision.at ?? Date.now())),
      );
    case 'NOTHING_WITHDRAWABLE':
      return new WithdrawalRefused(
        409,
        decision.type,
        M.nothingWithdrawable,
        {},
        (decision.excluded ?? []).map(({ item, reason }) => `${itemLabel(item)} ${M.exclusion[reason]}`),
      );
  }
}
