import {
  BUTTON_SHAPES,
  DEFAULT_SITE_STYLES,
  fontPairing,
  germanCountryName,
  legalDataOf,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import { storedStyles } from '../site-styles/site-stylesheet.js';
import { DEFAULT_PUBLIC_URL, type PublicUrl, siteBaseUrl } from '../site-url.js';
import type { MailContent } from './mail-content.js';
import { FOOTER_PAGES, type ShopBrand } from './mail-layout.js';

/*
 * A shop's brand for its mails (issue 23): its name or logo (website setting `logoUrl`), colours and fonts
 * from its site styles, and the legal footer from its Impressum data with absolute links to AGB,
 * Widerrufsbelehrung, Datenschutz and Impressum. Read at send time by the outbox worker, so a mail shows
 * the shop as it is when the mail leaves, and the checkout never waits for it.
 */

const pxOf = (length: string) =>
  length.endsWith('rem') ? `${Math.round(Number.parseFloat(length) * 16)}px` : length;

const fontStack = (family: string, fallback: string) =>
  family === 'system-ui' ? fallback : `'${family.replace(/'/g, '')}', ${fallback}`;

export function shopBrandOf(website: Website, publicUrl: PublicUrl = DEFAULT_PUBLIC_URL): ShopBrand {
  const styles = storedStyles(website) ?? DEFAULT_SITE_STYLES;
  const fonts = fontPairing(styles.fontPairing) ?? fontPairing(DEFAULT_SITE_STYLES.fontPairing);
  const baseUrl = siteBaseUrl(website, publicUrl);
  const legal = legalDataOf(website.settings as Record<string, unknown>);
  const logo = website.settings.logoUrl;
  // "Muster Handel GmbH" names its form already; "Erika Muster" with form "e.K." gets it added.
  const company = legal.companyName ?? website.title;
  const name =
    legal.legalForm && !company.includes(legal.legalForm) ? `${company} ${legal.legalForm}` : company;
  const place = [legal.postalCode, legal.city].filter(Boolean).join(' ');
  return {
    name: website.title,
    baseUrl,
    ...(typeof logo === 'string' && logo ? { logoUrl: logo } : {}),
    colors: { ...styles.palette },
    fontFamily: fonts ? fontStack(fonts.body.family, fonts.body.fallback) : 'Helvetica, Arial, sans-serif',
    headingFontFamily: fonts
      ? fontStack(fonts.heading.family, fonts.heading.fallback)
      : 'Helvetica, Arial, sans-serif',
    buttonRadius: pxOf(BUTTON_SHAPES[styles.buttonShape] ?? '6px'),
    legalLines: [
      name,
      ...(legal.representative ? [`Vertreten durch: ${legal.representative}`] : []),
      ...(legal.street ? [legal.street] : []),
      ...(place ? [place] : []),
      ...(legal.country ? [germanCountryName(legal.country)] : []),
      ...(legal.email ? [`E-Mail: ${legal.email}`] : []),
      ...(legal.phone ? [`Telefon: ${legal.phone}`] : []),
      ...(legal.registerCourt && legal.registerNumber
        ? [`${legal.registerCourt}, ${legal.registerNumber}`]
        : []),
      ...(legal.vatId ? [`USt-IdNr.: ${legal.vatId}`] : []),
    ],
    legalLinks: FOOTER_PAGES.map((p) => ({ title: p.title, url: `${baseUrl}${p.path}` })),
  };
}

/** Thumbnails for the item table: the product's first picture, looked up once per product and round. */
export async function withThumbnails(
  storage: Storage,
  websiteId: string,
  content: MailContent,
  pictures: Map<string, Promise<string | undefined>>,
): Promise<MailContent> {
  const blocks = await Promise.all(
    content.blocks.map(async (block) => {
      if (block.kind !== 'items') return block;
      const items = await Promise.all(
        block.items.map(async (item) => {
          if (item.imageUrl || !item.itemId) return item;
          const key = `${websiteId}:${item.itemId}`;
          let picture = pictures.get(key);
          if (!picture) {
            picture = storage.items
              .findById(websiteId, item.itemId)
              .then((found) => found?.assetUrl ?? found?.images?.[0]?.assetUrl)
              .catch(() => undefined);
            pictures.set(key, picture);
          }
          const imageUrl = await picture;
          return imageUrl ? { ...item, imageUrl } : item;
        }),
      );
      return { ...block, items };
    }),
  );
  return { ...content, blocks };
}
