import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromFlag, toFlag } from './json-column.js';
import type { Database } from './schema.js';

/*
 * Gift cards and what orders took from them. A card is found by its code, but the code is kept only
 * as a hash plus its last four characters: whoever reads the database cannot spend the cards.
 *
 * A card of an unpaid order is PENDING: it has no code at all (a placeholder that no typed code can
 * hash to), no balance, and cannot be redeemed; `activate` draws its code once the order is paid.
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
  /** Migration 0015: 1 for a card bought in a test order; it pays test orders only. */
  test_mode: number;
  /** Migration 0015: the buyer's name for the gift mail, which goes out when the order is paid. */
  from_name: string | null;
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

/**
 * PENDING: bought, order not paid yet (no code, no balance). ACTIVE: spendable. VOIDED: its order was
 * cancelled before anything was spent. DISABLED: switched off by hand.
 */
export type GiftCardStatus = 'PENDING' | 'ACTIVE' | 'VOIDED' | 'DISABLED';

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
  /** Bought in a test order: pays test orders only. */
  testMode: boolean;
  fromName?: string;
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
  testMode?: boolean;
  fromName?: string;
}

/** A card whose order is not paid yet: no code exists for it until `activate`. */
export type NewPendingGiftCard = Omit<NewGiftCard, 'code'>;

/** What voiding an order's cards found: the cards it voided, and those already (partly) spent. */
export interface VoidedGiftCards {
  voided: GiftCard[];
  /** Active cards of the order with less balance than they were bought with; left untouched. */
  spent: GiftCard[];
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
  /** A PENDING card for an unpaid order: no code, no balance, not redeemable. */
  issuePending(websiteId: string, input: NewPendingGiftCard): Promise<GiftCard>;
  /**
   * PENDING -> ACTIVE with this code and its full balance. 'code-taken' when another card of the website
   * has the code (the caller draws another); undefined when the card is not (or no longer) pending.
   */
  activate(websiteId: string, giftCardId: string, code: string): Promise<GiftCard | 'code-taken' | undefined>;
  /**
   * Voids the order's cards that were never spent (pending ones, and active ones with their whole
   * balance): status VOIDED, balance 0. Cards already (partly) spent are reported and left alone; the
   * caller decides whether to roll its transaction back.
   */
  voidUnspentOfOrder(websiteId: string, orderId: string): Promise<VoidedGiftCards>;
  /** Finds a card by its code however the shopper typed it (case, spaces and dashes do not matter). */
  findByCode(websiteId: string, code: string): Promise<GiftCard | undefined>;
  findById(websiteId: string, id: string): Promise<GiftCard | undefined>;
  /** The cards an order bought. */
  listByOrder(websiteId: string, orderId: string): Promise<GiftCard[]>;
  /**
   * Takes the amounts from the cards for the order: one conditional UPDATE per card, in id order so
   * concurrent orders queue instead of deadlocking. Throws GiftCardBalanceTooLow when a card (active,
   * of this website) has less than asked; call it inside the order transaction so that rolls back too.
   * With `orderTestMode` given, only cards of that kind are taken: a test card never pays a real order.
   */
  redeem(
    websiteId: string,
    orderId: string,
    amounts: readonly { giftCardId: string; amountMinor: number }[],
    orderTestMode?: boolean,
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

/** Marks the code_hash of a pending card; a sha256 hex digest never starts like this. */
const PENDING_PREFIX = 'pending:';

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
    testMode: fromFlag(row.test_mode),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.order_id !== null) card.orderId = row.order_id;
  if (row.item_id !== null) card.itemId = row.item_id;
  if (row.sku !== null) card.sku = row.sku;
  if (row.recipient_email !== null) card.recipientEmail = row.recipient_email;
  if (row.from_name !== null && row.from_name !== undefined) card.fromName = row.from_name;
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
          test_mode: toFlag(input.testMode),
          from_name: input.fromName ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['website_id', 'code_hash']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      return findBy(websiteId, 'id', id);
    },

    async issuePending(websiteId, input) {
      if (!isMinorAmount(input.amountMinor)) throw new Error('A gift card amount is whole minor units');
      const now = Date.now();
      const id = newId(now);
      await db
        .insertInto('gift_cards')
        .values({
          website_id: websiteId,
          id,
          // Not a hash: a typed code always hashes to 64 hex digits, so nothing can find this card by code.
          code_hash: `${PENDING_PREFIX}${id}`,
          code_last4: '',
          initial_minor: input.amountMinor,
          balance_minor: 0,
          currency: input.currency,
          status: 'PENDING',
          order_id: input.orderId ?? null,
          item_id: input.itemId ?? null,
          sku: input.sku ?? null,
          recipient_email: input.recipientEmail ?? null,
          test_mode: toFlag(input.testMode),
          from_name: input.fromName ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return (await findBy(websiteId, 'id', id))!;
    },

    async activate(websiteId, giftCardId, code) {
      const normalised = normaliseGiftCardCode(code);
      if (normalised.length < 8) throw new Error('A gift card code needs at least 8 characters');
      const codeHash = hashOf(normalised);
      return atomically(db, async (tx) => {
        // Checked first, not caught as a unique violation, which would spoil a PostgreSQL transaction.
        const taken = await tx
          .selectFrom('gift_cards')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('code_hash', '=', codeHash)
          .executeTakeFirst();
        if (taken) return 'code-taken' as const;
        const changed = await tx
          .updateTable('gift_cards')
          .set({
            status: 'ACTIVE',
            code_hash: codeHash,
            code_last4: normalised.slice(-4),
            balance_minor: sql`initial_minor`,
            updated_at: Date.now(),
          })
          .where('website_id', '=', websiteId)
          .where('id', '=', giftCardId)
          .where('status', '=', 'PENDING')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return undefined;
        const row = await tx
          .selectFrom('gift_cards')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('id', '=', giftCardId)
          .executeTakeFirst();
        return row ? toGiftCard(row) : undefined;
      });
    },

    async voidUnspentOfOrder(websiteId, orderId) {
      if (!isKey(websiteId) || !isKey(orderId)) return { voided: [], spent: [] };
      const now = Date.now();
      return atomically(db, async (tx) => {
        const ofOrder = () =>
          tx
            .selectFrom('gift_cards')
            .selectAll()
            .where('website_id', '=', websiteId)
            .where('order_id', '=', orderId)
            .orderBy('id')
            .execute();
        const before = (await ofOrder()).map(toGiftCard);
        // One conditional UPDATE per card, like redeem: a redemption running at the same time either
        // finds the card voided or leaves it with less balance, and then it is reported as spent.
        const voided: GiftCard[] = [];
        for (const card of before) {
          if (card.status !== 'PENDING' && card.status !== 'ACTIVE') continue;
          const changed = await tx
            .updateTable('gift_cards')
            .set({ status: 'VOIDED', balance_minor: 0, updated_at: now })
            .where('website_id', '=', websiteId)
            .where('id', '=', card.id)
            .where((eb) =>
              eb.or([
                eb('status', '=', 'PENDING'),
                eb.and([eb('status', '=', 'ACTIVE'), eb('balance_minor', '=', eb.ref('initial_minor'))]),
              ]),
            )
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) > 0) voided.push({ ...card, status: 'VOIDED', balanceMinor: 0 });
        }
        const after = (await ofOrder()).map(toGiftCard);
        return { voided, spent: after.filter((card) => card.status === 'ACTIVE') };
      });
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

    async redeem(websiteId, orderId, amounts, orderTestMode) {
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
            .$if(orderTestMode !== undefined, (q) => q.where('test_mode', '=', toFlag(orderTestMode)))
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
