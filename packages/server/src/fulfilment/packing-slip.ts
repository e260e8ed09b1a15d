import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { needsShipping } from '@baukasten/commerce';
import type { Order, Website } from '@baukasten/storage';
import PDFDocument from 'pdfkit';

/*
 * The packing slip (Lieferschein) that goes into the parcel: shop, shipping address, order number and
 * date, and the physical lines with quantities, without prices (a gift arrives without its price). Several
 * orders give one PDF with a page per order, for printing a morning's parcels at once. Self-contained:
 * pdfkit with DejaVu Sans (@fontsource, the font the invoices use), which covers German text.
 */

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontsOf() {
  if (!fonts) {
    const file = (weight: number) =>
      readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`));
    fonts = { regular: file(400), bold: file(700) };
  }
  return fonts;
}

interface Address {
  firstName?: string;
  lastName?: string;
  company?: string;
  line1?: string;
  line2?: string;
  postalCode?: string;
  city?: string;
  country?: string;
}

export const packingSlipFileName = (orders: readonly Order[]) =>
  orders.length === 1 ? `Lieferschein-${orders[0].orderNumber}.pdf` : `Lieferscheine-${orders.length}.pdf`;

export async function packingSlipPdf(website: Website, orders: readonly Order[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    lang: 'de-DE',
    info: {
      Title: packingSlipFileName(orders).replace('.pdf', ''),
      Creator: 'Baukasten',
      Producer: 'Baukasten (pdfkit)',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = fontsOf();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: website.timeZone });

  for (const order of orders) {
    doc.addPage();
    doc.font('bold').fontSize(18).text('Lieferschein');
    doc.font('regular').fontSize(10).text(website.title).moveDown();
    const address = (order.data.shippingAddress ?? order.data.billingAddress ?? {}) as Address;
    const addressLines = [
      address.company,
      [address.firstName, address.lastName].filter(Boolean).join(' '),
      address.line1,
      address.line2,
      [address.postalCode, address.city].filter(Boolean).join(' '),
      address.country,
    ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
    doc
      .fontSize(11)
      .text(addressLines.length > 0 ? addressLines.join('\n') : 'Keine Lieferadresse')
      .moveDown();
    doc
      .fontSize(10)
      .text(`Bestellung Nr. ${order.orderNumber} vom ${day.format(order.createdAt)}`)
      .moveDown();

    const left = doc.page.margins.left;
    const quantityX = left + 400;
    doc.font('bold').text('Artikel', left, doc.y, { continued: false, width: 390 });
    doc.moveUp().text('Menge', quantityX, doc.y, { width: 95, align: 'right' });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + 495, doc.y + 2)
      .stroke()
      .moveDown(0.5);
    doc.font('regular');
    for (const item of order.items) {
      const productType = typeof item.data.productType === 'number' ? item.data.productType : undefined;
      if (!needsShipping({ productType })) continue;
      const attributes = Object.values((item.data.attributes ?? {}) as Record<string, string>).join(' / ');
      const y = doc.y;
      doc.text(`${item.productName}${attributes ? ` (${attributes})` : ''}\nArt.-Nr. ${item.sku}`, left, y, {
        width: 390,
      });
      const after = doc.y;
      doc.text(String(item.quantity), quantityX, y, { width: 95, align: 'right' });
      doc.y = Math.max(after, doc.y) + 6;
    }
    doc.moveDown().fontSize(9).text('Vielen Dank für deine Bestellung!', left);
  }
  if (orders.length === 0) doc.addPage();
  doc.end();
  return done;
}
