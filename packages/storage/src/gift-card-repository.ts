import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';

/*
 * Gift cards and what orders took from them. A card is found by its code, but the code is kept only
 * as a hash plus its last four characters: whoever reads the database cannot spend the cards.
 */

export interface GiftCardsTable {
  website_id: string;
  id: string;
  code_hash: string;
  code_last4: string;
  initial_minor: number;
  balance_minor: number;
  currency: string;
  status: string;
  order_id: string | null;
  item_id: string | null;
  sku: string | null;
  recipient_email: string | null;
  created_at: number;
  updated_at: number;
}

export interface GiftCardRedemptionsTable {
  website_id: string;
  id: string;
  gift_card_id: string;
  order_id: string;
  amount_minor: number;
  created_at: number;
}

declare module './schema.js' {
  interface Database {
    gift_cards: GiftCardsTable;
    gift_card_redemptions: GiftCardRedemptionsTable;
  }
}

export type GiftCardStatus = 'ACTIVE' | 'DISABLED';

export interface GiftCard {
  id: string;
  websiteId: string;
  /** The last four characters of the code, for showing it masked. */
  codeLast4: string;
  initialMinor: number;
  balanceMinor: number;
  currency: string;
  status: GiftCardStatus;
  /** The order that bought it. */
  orderId?: string;
  itemId?: string;
  sku?: string;
  recipientEmail?: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewGiftCard {
  /** The code as the buyer will type it; stored only as a hash. */
  code: string;
  amountMinor: number;
  currency: string;
  orderId?: string;
  itemId?: string;
  sku?: string;
  recipientEmail?: string;
}

export interface GiftCardRedemption {
  id: string;
  giftCardId: string;
  orderId: string;
  amountMinor: number;
  createdAt: number;
}

/** A card had less balance than an order wanted to take; nothing of that redemption was written. */
export class GiftCardBalanceTooLow extends Error {
  constructor(readonly giftCardId: string) {
    super('gift card balance too low');
    this.name = 'GiftCardBalanceTooLow';
  }
}

export interface GiftCardRepository {
  /** Undefined when the code is already taken on this website (the caller draws another). */
  issue(websiteId: string, input: NewGiftCard): Promise<GiftCard | undefined>;
  /** Finds a card by its code however the shopper typed it (case, spaces and dashes do not matter). */
  findByCode(websiteId: string, code: string): Promise<GiftCard | undefined>;
  findById(websiteId: string, id: string): Promise<GiftCard | undefined>;
  /** The cards an order bought. */
  listByOrder(websiteId: string, orderId: string): Promise<GiftCard[]>;
  /**
   * Takes the amounts from the cards for the order: one conditional UPDATE per card, in id order so
   * concurrent orders queue instead of deadlocking. Throws GiftCardBalanceTooLow when a card (active,
   * of this website) has less than asked; call it inside the order transaction so that rolls back too.
   */
  redeem(
    websiteId: string,
    orderId: string,
    amounts: readonly { giftCardId: string; amountMinor: number }[],
  ): Promise<GiftCardRedemption[]>;
  /** Oldest first. */
  redemptionsOf(websiteId: string, giftCardId: string): Promise<GiftCardRedemption[]>;
}

/** The code without spaces and dashes, upper case: 'abcd-efgh ...' and 'ABCDEFGH...' are one code. */
export function normaliseGiftCardCode(code: string): string {
  return String(code ?? '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
}

const hashOf = (normalised: string) => createHash('sha256').update(normalised).digest('hex');

const isKey = (value: unknown): value is string => typeof value === 'string' && value !== '';

function toGiftCard(row: Selectable<GiftCardsTable>): GiftCard {
  const card: GiftCard = {
    id: row.id,
    websiteId: row.website_id,
    codeLast4: row.code_last4,
    initialMinor: Number(row.initial_minor),
    balanceMinor: Number(row.balance_minor),
    currency: row.currency,
    status: row.status as GiftCardStatus,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.order_id !== null) card.orderId = row.order_id;
  if (row.item_id !== null) card.itemId = row.item_id;
  if (row.sku !== null) card.sku = row.sku;
  if (row.recipient_email !== null) card.recipientEmail = row.recipient_email;
  return card;
}

const toRedemption = (row: Selectable<GiftCardRedemptionsTable>): GiftCardRedemption => ({
  id: row.id,
  giftCardId: row.gift_card_id,
  orderId: row.order_id,
  amountMinor: Number(row.amount_minor),
  createdAt: Number(row.created_at),
});

const isMinorAmount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

export function giftCardRepository(db: Kysely<Database>): GiftCardRepository {
  const findBy = async (websiteId: string, column: 'id' | 'code_hash', value: string) => {
    if (!isKey(websiteId) || !isKey(value)) return undefined;
    const row = await db
      .selectFrom('gift_cards')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toGiftCard(row) : undefined;
  };

  return {
    async issue(websiteId, input) {
      const code = normaliseGiftCardCode(input.code);
      if (code.length < 8) throw new Error('A gift card code needs at least 8 characters');
      if (!isMinorAmount(input.amountMinor)) throw new Error('A gift card amount is whole minor units');
      const now = Date.now();
      const id = newId(now);
      const codeHash = hashOf(code);
      // ON CONFLICT rather than catching the violation, which would spoil a PostgreSQL transaction.
      const inserted = await db
        .insertInto('gift_cards')
        .values({
          website_id: websiteId,
          id,
          code_hash: codeHash,
          code_last4: code.slice(-4),
          initial_minor: input.amountMinor,
          balance_minor: input.amountMinor,
          currency: input.currency,
          status: 'ACTIVE',
          order_id: input.orderId ?? null,
          item_id: input.itemId ?? null,
          sku: input.sku ?? null,
          recipient_email: input.recipientEmail ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['website_id', 'code_hash']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      return findBy(websiteId, 'id', id);
    },

    findByCode: (websiteId, code) => {
      const normalised = normaliseGiftCardCode(code);
      return normalised ? findBy(websiteId, 'code_hash', hashOf(normalised)) : Promise.resolve(undefined);
    },

    findById: (websiteId, id) => findBy(websiteId, 'id', id),

    async listByOrder(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return [];
      const rows = await db
        .selectFrom('gift_cards')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toGiftCard);
    },

    async redeem(websiteId, orderId, amounts) {
      const wanted = new Map<string, number>();
      for (const { giftCardId, amountMinor } of amounts) {
        if (!isMinorAmount(amountMinor)) throw new Error('A redemption is whole minor units');
        if (amountMinor > 0) wanted.set(giftCardId, (wanted.get(giftCardId) ?? 0) + amountMinor);
      }
      if (wanted.size === 0) return [];
      const now = Date.now();
      return atomically(db, async (tx) => {
        const redemptions: GiftCardRedemption[] = [];
        for (const giftCardId of [...wanted.keys()].sort()) {
          const amountMinor = wanted.get(giftCardId)!;
          // The balance check and the decrement are one statement: two orders can never both spend
          // the same money, whichever database runs them.
          const taken = await tx
            .updateTable('gift_cards')
            .set({ balance_minor: sql`balance_minor - ${amountMinor}`, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('id', '=', giftCardId)
            .where('status', '=', 'ACTIVE')
            .where('balance_minor', '>=', amountMinor)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) === 0) throw new GiftCardBalanceTooLow(giftCardId);
          const redemption = { id: newId(now), giftCardId, orderId, amountMinor, createdAt: now };
          await tx
            .insertInto('gift_card_redemptions')
            .values({
              website_id: websiteId,
              id: redemption.id,
              gift_card_id: giftCardId,
              order_id: orderId,
              amount_minor: amountMinor,
              created_at: now,
            })
            .execute();
          redemptions.push(redemption);
        }
        return redemptions;
      });
    },

    async redemptionsOf(websiteId, giftCardId) {
      if (!isKey(websiteId) || !isKey(giftCardId)) return [];
      const rows = await db
        .selectFrom('gift_card_redemptions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('gift_card_id', '=', giftCardId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRedemption);
    },
  };
}
