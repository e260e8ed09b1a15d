import { legalDocumentText, legalLinks } from '@baukasten/commerce';
import type { Order, Storage, Website } from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { legalTextsInForce } from './legal-texts-service.js';

/*
 * What an order's confirmation mail carries of the legal texts (§312f Abs. 2 BGB: the contract's content,
 * including the terms, on a durable medium): the AGB and the Widerrufsbelehrung with the
 * Muster-Widerrufsformular, of the version in force when the order was placed, as text in the mail, and
 * absolute links to every legal page and to the withdrawal function.
 */

export interface OrderLegalTexts {
  version: number;
  /** Full texts to print in the mail: AGB, then Widerrufsbelehrung. */
  documents: { title: string; text: string }[];
  links: { title: string; url: string }[];
}

/** Rendered documents are shared while their texts are in force: their plain text is made once per document. */
const plainTexts = new WeakMap<object, string>();
const plainTextOf = (document: Parameters<typeof legalDocumentText>[0]) => {
  let text = plainTexts.get(document);
  if (text === undefined) {
    text = legalDocumentText(document);
    plainTexts.set(document, text);
  }
  return text;
};

/** The texts in force now, for an order about to be placed (recorded as a version if they changed). */
export async function legalTextsForOrder(
  storage: Storage,
  website: Website,
  providers: readonly PaymentProvider[],
  shopUrl: string,
): Promise<OrderLegalTexts> {
  const inForce = await legalTextsInForce(storage, website, providers, shopUrl);
  return {
    version: inForce.version,
    documents: [inForce.documents.agb, inForce.documents.widerruf].map((d) => ({
      title: d.title,
      text: plainTextOf(d),
    })),
    links: legalLinks().map((l) => ({ title: l.title, url: `${shopUrl}${l.url}` })),
  };
}

/** Inside the order's transaction: the order remembers the version the shopper ordered under. */
export async function recordAcceptedTexts(tx: Storage, order: Order, texts: OrderLegalTexts): Promise<void> {
  await tx.legal.recordAcceptance(order.websiteId, order.id, texts.version, order.createdAt);
}
