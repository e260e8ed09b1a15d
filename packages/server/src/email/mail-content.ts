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
 * Base64 after this prefix (a third of the size of hex, and quicker to write); rows queued before it carry
 * hex, which never holds a colon, so both are read.
 */
const BASE64 = 'b64:';

/** The blocks as an HTML comment: base64, so neither `--` nor anything that looks like a code appears in it. */
export function contentComment(content: MailContent): string {
  return `<!--${MARK}${BASE64}${Buffer.from(JSON.stringify(content), 'utf8').toString('base64')}-->`;
}

/** The blocks a stored HTML part carries, or undefined for a mail drawn without the layout. */
export function contentOf(html: string): MailContent | undefined {
  const start = html.indexOf(`<!--${MARK}`);
  if (start < 0) return undefined;
  const from = start + 4 + MARK.length;
  const end = html.indexOf('-->', from);
  if (end < 0) return undefined;
  const encoded = html.slice(from, end);
  const bytes = encoded.startsWith(BASE64)
    ? Buffer.from(encoded.slice(BASE64.length), 'base64')
    : Buffer.from(encoded, 'hex');
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as MailContent;
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
/** Most pieces of a mail have nothing to escape: those are answered as they are (the checkout drafts one). */
const escapeHtml = (value: string) =>
  HTML_SPECIAL.test(value) ? value.replace(HTML_SPECIALS, (c) => HTML_ENTITIES[c] as string) : value;

/** Escaped text with its line breaks kept and its web addresses as links. */
function draftText(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(/(https?:\/\/[^\s<>"]+)/g)
        .map((part, i) =>
          i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
        )
        .join(''),
    )
    .join('<br>');
}

function draftBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
      return `<p>${draftText(block.text)}</p>`;
    case 'heading':
      return `<h2>${escapeHtml(block.text)}</h2>`;
    case 'items':
      return `<table data-mail="items">${block.items
        .map(
          (item) =>
            `<tr><td>${item.quantity} × ${escapeHtml(item.name)}${item.detail ? `<br><small>${escapeHtml(item.detail)}</small>` : ''}</td><td align="right">${escapeHtml(item.amount ?? '')}</td></tr>`,
        )
        .join('')}</table>`;
    case 'totals':
      return `<table data-mail="totals">${block.rows
        .map((row) => {
          const cells = `<td>${escapeHtml(row.label)}</td><td align="right">${escapeHtml(row.amount)}</td>`;
          return row.strong
            ? `<tr data-mail="total" style="font-weight:bold">${cells}</tr>`
            : `<tr>${cells}</tr>`;
        })
        .join('')}</table>`;
    case 'address':
      return `<p><strong>${escapeHtml(block.title)}</strong><br>${draftText(block.lines.join('\n'))}</p>`;
    case 'button':
      return `<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
    case 'code':
      return `<p>${escapeHtml(block.label)}: <strong>${escapeHtml(block.code)}</strong></p>`;
    case 'image':
      return `<p><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}"></p>`;
    case 'small':
      return `<p><small>${draftText(block.text)}</small></p>`;
    case 'legal-texts':
      return `<p><small>AGB und Widerrufsbelehrung in der Fassung ${block.version} (beim Versand eingefügt)</small></p>`;
  }
}

/**
 * The HTML part as it is queued: plain markup of the same blocks, written with string joins in a few
 * microseconds, so the transaction that queues a mail (the checkout's) never waits for the layout. The
 * outbox worker draws the designed mail from the blocks when it sends it (branded-mail.ts); this
 * draft is what the outbox row shows until then.
 */
export function draftHtml(content: MailContent, lang = 'de'): string {
  return `<!doctype html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>\n<body>\n${contentComment(content)}\n${content.blocks.map(draftBlock).join('\n')}\n</body></html>\n`;
}
