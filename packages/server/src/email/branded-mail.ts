import type { Storage } from '@baukasten/storage';
import { legalDocumentsOf } from '../legal/order-legal-texts.js';
import { DEFAULT_PUBLIC_URL, type PublicUrl } from '../site-url.js';
import { contentOf, type MailBlock, type MailContent } from './mail-content.js';
import { footerText, plainBrand, renderShopMail, type ShopBrand } from './mail-layout.js';
import { shopBrandOf, withThumbnails } from './shop-brand.js';

/*
 * The last step before a mail leaves (issue 23): a mail queued as blocks (every template's, see
 * mail-content.ts) is drawn in the shop's layout with the shop's brand as it is now (logo, colours,
 * fonts, legal footer, product pictures), and its plain-text part gets the same legal footer. Drawing it
 * here, not when it is queued, keeps React rendering out of the checkout's transaction. Mails of the
 * platform get the layout without a shop; mails without blocks leave as stored. Website and pictures
 * are looked up once per delivery round.
 */
export function brandedMails(storage: Storage, publicUrl: PublicUrl = DEFAULT_PUBLIC_URL) {
  const brands = new Map<string, Promise<ShopBrand | undefined>>();
  const pictures = new Map<string, Promise<string | undefined>>();
  return async (
    websiteId: string | null,
    mail: { html?: string | null; text: string },
  ): Promise<{ html?: string; text: string }> => {
    const html = mail.html ?? undefined;
    const queued = html ? contentOf(html) : undefined;
    if (!html || !queued) return { ...(html ? { html } : {}), text: mail.text };
    const { content, text } = await withLegalTexts(storage, websiteId, queued, mail.text);
    const lang = /<html lang="([A-Za-z-]+)"/.exec(html)?.[1] ?? 'de';
    // A platform mail, or one whose website is gone: the layout with what the template knew.
    if (!websiteId) return { html: renderShopMail(content, plainBrand(content), lang), text };
    let brand = brands.get(websiteId);
    if (!brand) {
      brand = storage.websites.findById(websiteId).then((w) => (w ? shopBrandOf(w, publicUrl) : undefined));
      brands.set(websiteId, brand);
    }
    const known = await brand;
    if (!known) return { html: renderShopMail(content, plainBrand(content), lang), text };
    const drawn = await withThumbnails(storage, websiteId, content, pictures);
    return {
      html: renderShopMail(drawn, known, lang),
      text: `${text.replace(/\n*$/, '\n')}${footerText(known)}`,
    };
  };
}

/**
 * The AGB and Widerrufsbelehrung a mail names by version, put in as small print and into the plain-text part
 * (§ 312f BGB: the confirmation carries the terms the order was placed under). Texts that cannot be found
 * fail the attempt: the mail is retried, never sent without them.
 */
async function withLegalTexts(
  storage: Storage,
  websiteId: string | null,
  content: MailContent,
  text: string,
): Promise<{ content: MailContent; text: string }> {
  if (!content.blocks.some((b) => b.kind === 'legal-texts')) return { content, text };
  const blocks: MailBlock[] = [];
  let withTexts = text;
  for (const block of content.blocks) {
    if (block.kind !== 'legal-texts') {
      blocks.push(block);
      continue;
    }
    const documents = websiteId ? await legalDocumentsOf(storage, websiteId, block.version) : undefined;
    if (!documents) throw new Error(`Rechtstexte der Fassung ${block.version} nicht gefunden.`);
    for (const d of documents) blocks.push({ kind: 'small', text: d.text });
    if (block.textAt !== undefined) {
      // Each document a paragraph of its own after the one that announces them, as the template wrote them.
      const at = Math.min(Math.max(block.textAt, 0), withTexts.length);
      const inserted = documents.map((d) => `\n\n${d.text}`).join('');
      withTexts = `${withTexts.slice(0, at)}${inserted}${withTexts.slice(at)}`;
    }
  }
  return { content: { ...content, blocks }, text: withTexts };
}
