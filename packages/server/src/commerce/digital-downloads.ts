import { Readable } from 'node:stream';
import type { Order, OrderItem, Storage, Website } from '@baukasten/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productFileMessages } from '../admin/catalog/product-file-messages.js';
import { HttpError } from '../http-error.js';
import { websiteOf } from '../site-request.js';
import { commerceMessages } from './commerce-messages.js';

/*
 * Digital downloads (`GET /downloads/:token`). Checkout gives every digital order line a token of 128
 * random bits (checkout-service.ts), so a link cannot be guessed; the file is handed out only once the
 * order is paid. The file the owner uploaded for the product (issue 23) is streamed from storage, at most
 * `downloadLimit` times per order line and only within `downloadDays` days after payment; a product
 * without an uploaded file still answers a small generated PDF naming the product and the order.
 */

/** Tokens as checkout draws them: 16 random bytes as hex. Anything else is not looked up at all. */
const TOKEN = /^[0-9a-f]{32}$/;

export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
  /** Known for stored files and generated PDFs alike. */
  byteSize: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const paymentOf = (order: Order) => (order.data.payment ?? {}) as { status?: unknown; paidAt?: unknown };
const isPaid = (order: Order) => paymentOf(order).status === 'PAID';
/** When the money arrived; the order's time when the payment does not say. */
const paidAt = (order: Order) => {
  const at = paymentOf(order).paidAt;
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isFinite(ms) ? ms : order.createdAt;
};

export class DownloadService {
  constructor(private readonly storage: Storage) {}

  /**
   * The file behind a token: 404 for an unknown token, 403 while the order is not paid, and 403 for a
   * test order once the site takes no test payments any more (its "payment" was never money; review #18).
   */
  async file(website: Website, token: string, testPayments = false, now = Date.now()): Promise<DownloadFile> {
    const found = TOKEN.test(token) ? await this.storage.orders.findDownload(website.id, token) : undefined;
    if (!found) throw new HttpError(404, 'DOWNLOAD_NOT_FOUND', commerceMessages.downloadNotFound);
    if (!isPaid(found.order)) throw new HttpError(403, 'DOWNLOAD_NOT_PAID', commerceMessages.downloadNotPaid);
    if (found.order.testMode && !testPayments) {
      throw new HttpError(403, 'DOWNLOAD_TEST_ORDER', commerceMessages.downloadTestOrder);
    }
    const stored = await this.storage.productFiles.find(website.id, found.item.itemId);
    if (!stored) {
      const body = placeholderPdf(website, found.order, found.item);
      return {
        fileName: `${fileSlug(found.item.productName)}.pdf`,
        contentType: 'application/pdf',
        body,
        byteSize: body.length,
      };
    }
    if (now > paidAt(found.order) + stored.downloadDays * DAY_MS)
      throw new HttpError(410, 'DOWNLOAD_EXPIRED', productFileMessages.downloadExpired(stored.downloadDays));
    // Counted before the first byte, in one conditional update: two clicks at once cannot both pass the limit.
    if (!(await this.storage.productFiles.countDownload(website.id, found.item.id, stored.downloadLimit)))
      throw new HttpError(
        403,
        'DOWNLOAD_LIMIT_REACHED',
        productFileMessages.downloadLimitReached(stored.downloadLimit),
      );
    return {
      fileName: stored.fileName,
      contentType: stored.contentType,
      body: Readable.from(this.storage.productFiles.chunks(website.id, stored.fileId)),
      byteSize: stored.byteSize,
    };
  }
}

export function registerDownloadRoutes(site: FastifyInstance, storage: Storage) {
  const downloads = new DownloadService(storage);
  site.get<{ Params: { token: string } }>('/downloads/:token', async (request: FastifyRequest, reply) => {
    const { token } = request.params as { token: string };
    const file = await downloads.file(websiteOf(request), token, request.testPayments);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.byteSize)
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .send(file.body);
  });
}

const FOLDED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * Content-Disposition for a file name the owner chose (RFC 6266): an ASCII slug in `filename` for old
 * clients, the real name percent-encoded in `filename*`. Path parts, quotes and control characters never
 * reach the header.
 */
export function attachmentHeader(fileName: string): string {
  const name = fileName.replace(/[\u0000-\u001f\u007f/\\"]/g, '').trim() || 'download';
  const dot = name.lastIndexOf('.');
  const extension =
    dot > 0
      ? name
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  const ascii = `${fileSlug(dot > 0 ? name.slice(0, dot) : name)}${extension ? `.${extension.toLowerCase()}` : ''}`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** 'Großes Handbuch (2. Auflage)' -> 'grosses-handbuch-2-auflage': safe in any file system and header. */
export function fileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => FOLDED[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'download';
}

/** The typographic characters WinAnsi has beyond Latin-1, at their WinAnsi codes. */
const WIN_ANSI: Record<string, string> = {
  '€': '\x80',
  '‚': '\x82',
  '„': '\x84',
  '…': '\x85',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '–': '\x96',
  '—': '\x97',
};

/** A PDF string literal in WinAnsi: backslash and parentheses escaped, what WinAnsi lacks as '?'. */
const pdfText = (value: string) =>
  `(${value
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, (c) => WIN_ANSI[c] ?? '?')
    .replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A one-page A4 PDF naming the product and the order it was bought with. */
export function placeholderPdf(website: Website, order: Order, item: OrderItem): Buffer {
  const lines: [size: number, text: string][] = [
    // A long name would run off the page: the file name and the order mail carry it in full.
    [22, item.productName.length > 48 ? `${item.productName.slice(0, 47)}…` : item.productName],
    [12, `${website.title} – Bestellung Nr. ${order.orderNumber}`],
    [12, `Gekauft von ${order.customerEmail ?? 'dir'}`],
    [12, ''],
    [11, 'Dies ist die Platzhalter-Datei des Shops: Hier liefert er später die Datei'],
    [11, 'des digitalen Produkts aus, sobald sie im Shop hinterlegt ist.'],
  ];
  const text = lines
    .map(([size, line], i) => `BT /F1 ${size} Tf 56 ${770 - i * 26} Td ${pdfText(line)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
