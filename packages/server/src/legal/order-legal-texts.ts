import { type LegalDocuments, legalDocumentText, legalLinks } from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { PaymentProvider } from '../commerce/payment-providers.js';
import { legalTextsInForce } from './legal-texts-service.js';

/*
 * What an order's confirmation mail carries of the legal texts (§312f Abs. 2 BGB: the contract's content,
 * including the terms, on a durable medium): the AGB and the Widerrufsbelehrung with the
 * Muster-Widerrufsformular, of the version in force when the order was placed, as text in the mail, and
 * absolute links to every legal page and to the withdrawal function. The queued mail names the version; the
 * outbox worker prints that version's texts when it sends it (email/branded-mail.ts, `legalDocumentsOf`).
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
  // legalTextsInForce hands out one object per website object, providers and address (the links' base):
  // so the order's part of it is made once too.
  const known = forOrders.get(inForce);
  if (known) return known;
  const documents = [inForce.documents.agb, inForce.documents.widerruf].map((d) => ({
    title: d.title,
    text: plainTextOf(d),
  }));
  // The stored version holds these very texts (same hash): the worker sending the mail needs no read for them.
  rememberVersion(`${website.id}/${inForce.version}`, documents);
  const links = legalLinks().map((l) => ({ title: l.title, url: `${shopUrl}${l.url}` }));
  const texts = { version: inForce.version, documents, links };
  forOrders.set(inForce, texts);
  return texts;
}

/** What an order carries of each set of texts in force. */
const forOrders = new WeakMap<object, OrderLegalTexts>();

/** The AGB and Widerrufsbelehrung of a stored version, as an order's mail prints them; undefined if unknown. */
export async function legalDocumentsOf(
  storage: Storage,
  websiteId: string,
  version: number,
): Promise<OrderLegalTexts['documents'] | undefined> {
  const key = `${websiteId}/${version}`;
  const known = versionDocuments.get(key);
  if (known) return known;
  const stored = await storage.legal.findVersion<LegalDocuments>(websiteId, version);
  if (!stored?.texts?.agb || !stored.texts.widerruf) return undefined;
  const documents = [stored.texts.agb, stored.texts.widerruf].map((d) => ({
    title: d.title,
    text: legalDocumentText(d),
  }));
  rememberVersion(key, documents);
  return documents;
}

/** What each stored version prints, by website and version: a version never changes, so it is kept (bounded). */
const versionDocuments = new Map<string, OrderLegalTexts['documents']>();
const rememberVersion = (key: string, documents: OrderLegalTexts['documents']) => {
  if (versionDocuments.has(key)) return;
  if (versionDocuments.size >= 1_000) versionDocuments.clear();
  versionDocuments.set(key, documents);
};
