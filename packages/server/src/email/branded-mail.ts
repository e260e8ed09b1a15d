import type { Storage } from '@baukasten/storage';
import { DEFAULT_PUBLIC_URL, type PublicUrl } from '../site-url.js';
import { contentOf } from './mail-content.js';
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
    const content = html ? contentOf(html) : undefined;
    if (!html || !content) return { ...(html ? { html } : {}), text: mail.text };
    const lang = /<html lang="([A-Za-z-]+)"/.exec(html)?.[1] ?? 'de';
    // A platform mail, or one whose website is gone: the layout with what the template knew.
    if (!websiteId) return { html: renderShopMail(content, plainBrand(content), lang), text: mail.text };
    let brand = brands.get(websiteId);
    if (!brand) {
      brand = storage.websites.findById(websiteId).then((w) => (w ? shopBrandOf(w, publicUrl) : undefined));
      brands.set(websiteId, brand);
    }
    const known = await brand;
    if (!known) return { html: renderShopMail(content, plainBrand(content), lang), text: mail.text };
    const drawn = await withThumbnails(storage, websiteId, content, pictures);
    return {
      html: renderShopMail(drawn, known, lang),
      text: `${mail.text.replace(/\n*$/, '\n')}${footerText(known)}`,
    };
  };
}
