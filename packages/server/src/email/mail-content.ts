/*
 * What a shop mail says, as data (issue 23): the templates describe their mail as blocks, the layout
 * (mail-layout.tsx) draws them in the shop's look. The blocks travel inside the stored HTML part as one
 * comment, so the outbox worker can draw the mail again at send time with the shop's current logo,
 * colours and legal footer (shop-brand.ts), without every template and every caller knowing about them,
 * and without the checkout paying for brand look-ups in its order transaction.
 */

/** One line of the item table; `itemId` lets the worker add the product's picture as a thumbnail. */
export interface MailItem {
  name: string;
  /** Variant, SKU or other small print under the name. */
  detail?: string;
  quantity: number;
  /** The line's total, already formatted ("38,70 €"). */
  amount?: string;
  itemId?: string;
  /** Absolute or site-relative URL of the picture; relative ones get the shop's address at send time. */
  imageUrl?: string;
}

export interface MailTotalRow {
  label: string;
  amount: string;
  /** The grand total and the amount due stand out. */
  strong?: boolean;
  /** VAT included, notes: smaller and muted. */
  muted?: boolean;
}

export type MailBlock =
  | { kind: 'text'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'items'; items: MailItem[] }
  | { kind: 'totals'; rows: MailTotalRow[] }
  | { kind: 'address'; title: string; lines: string[] }
  /** The next step: one button. */
  | { kind: 'button'; href: string; label: string }
  /** A code to copy (gift card). */
  | { kind: 'code'; label: string; code: string }
  | { kind: 'image'; src: string; alt: string; width: number; height: number }
  /** Long legal text (AGB, Widerrufsbelehrung) in small print. */
  | { kind: 'small'; text: string }
  /**
   * The AGB and Widerrufsbelehrung of a stored version of the site's legal texts (legal_text_versions), by
   * reference: the outbox worker puts them in as small print when it sends the mail (branded-mail.ts), and
   * into the plain-text part at `textAt` (a position in the queued text). The texts are some 10 KB; carried
   * whole in the text, the HTML and its block comment they made the checkout write a 44 KB outbox row in
   * its transaction.
   */
  | { kind: 'legal-texts'; version: number; textAt?: number };

export interface MailContent {
  /** The subject, also the document title. */
  title: string;
  /** The line mail programs show beside the subject. */
  preview?: string;
  /** What the template knew of the shop; the worker's brand replaces it at send time. */
  shopName?: string;
  shopUrl?: string;
  blocks: MailBlock[];
}

const MARK = 'baukasten-mail:';
/**
 * JSON after this prefix. Rows queued before it carry base64 after 'b64:', or hex (which never holds a colon)
 * before that; all three are read.
 */
const JSON_TEXT = 'json:';
const BASE64 = 'b64:';

/**
 * The blocks as an HTML comment: their JSON as it is, readable in the outbox row, with each "-" that stands
 * before another written as \u002d. JSON has "--" only inside strings (a number's minus follows a comma,
 * colon or bracket), so none is left to end or break the comment ("-->", "--!>", "<!--").
 */
export function contentComment(content: MailContent): string {
  return `<!--${MARK}${JSON_TEXT}${JSON.stringify(content).replace(/-(?=-)/g, '\\u002d')}-->`;
}

/** The blocks a stored HTML part carries, or undefined for a mail drawn without the layout. */
export function contentOf(html: string): MailContent | undefined {
  const start = html.indexOf(`<!--${MARK}`);
  if (start < 0) return undefined;
  const from = start + 4 + MARK.length;
  const end = html.indexOf('-->', from);
  if (end < 0) return undefined;
  const encoded = html.slice(from, end);
  const json = encoded.startsWith(JSON_TEXT)
    ? encoded.slice(JSON_TEXT.length)
    : (encoded.startsWith(BASE64)
        ? Buffer.from(encoded.slice(BASE64.length), 'base64')
        : Buffer.from(encoded, 'hex')
      ).toString('utf8');
  try {
    const parsed = JSON.parse(json) as MailContent;
    return Array.isArray(parsed?.blocks) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Paragraphs and an optional link as blocks: how the older templates describe themselves. */
export function paragraphBlocks(paragraphs: string[], link?: { href: string; label: string }): MailBlock[] {
  return [
    ...paragraphs.map((text): MailBlock => ({ kind: 'text', text })),
    ...(link ? [{ kind: 'button', href: link.href, label: link.label } as const] : []),
  ];
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;
/** Text for HTML (content or an attribute); text with nothing to escape is answered as it is. */
export const escapeHtml = (value: string) =>
  HTML_SPECIAL.test(value) ? value.replace(HTML_SPECIALS, (c) => HTML_ENTITIES[c] as string) : value;

/**
 * The HTML part as it is queued: a document holding the blocks, nothing drawn. The outbox worker draws the
 * designed mail from them when it sends it (branded-mail.ts), with the shop's brand as it is then. A plain
 * draft of the blocks was queued with them before; it cost every checkout some 100 µs of CPU and the outbox
 * row its size (a mail row over a page of SQLite's, bench/cart/profile-checkout.mjs), and nobody read it
 * but tests.
 */
export function queuedHtml(content: MailContent, lang = 'de'): string {
  return `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>\n<body>\n${contentComment(content)}\n</body></html>\n`;
}
