import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatMoney, vatRateText } from '@baukasten/commerce';
import PDFDocument from 'pdfkit';
import { facturXml } from './factur-x.js';
import { INVOICE_TITLES, type InvoiceData } from './invoice-data.js';

/*
 * The invoice as PDF/A-3b (pdfkit). The font is DejaVu Sans from @fontsource (OFL/Bitstream Vera licence),
 * embedded as PDF/A requires; it covers German text, "€" and "§". Business customers' invoices carry the
 * ZUGFeRD / Factur-X XML (EN 16931, factur-x.ts) as the associated file "factur-x.xml" with
 * AFRelationship /Alternative, and the Factur-X XMP extension that tells a reader it is there.
 * The PDF is rendered from the frozen invoice data alone, with the issue date as its creation date, so the
 * same invoice always gives the same document.
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

const FACTUR_X_XMP = `
<rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
  <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
    <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
    <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
    <pdfaSchema:prefix>fx</pdfaSchema:prefix>
    <pdfaSchema:property><rdf:Seq>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
    </rdf:Seq></pdfaSchema:property>
  </rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>`;

export const invoiceFileName = (invoice: InvoiceData) =>
  `${INVOICE_TITLES[invoice.kind] ?? 'Rechnung'}-${invoice.numberText}.pdf`;

export async function invoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const issued = new Date(invoice.issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    tagged: false,
    lang: 'de-DE',
    info: {
      Title: `${INVOICE_TITLES[invoice.kind] ?? 'Rechnung'} ${invoice.numberText}`,
      Author: invoice.seller.name,
      Creator: 'Baukasten',
      Producer: 'Baukasten (pdfkit)',
      CreationDate: issued,
      ModDate: issued,
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
  const money = (minor: number) =>
    formatMoney(minor, invoice.currency, 'de-DE', { freeIfZero: false } as never);

  if (invoice.business && invoice.kind === 'invoice') {
    doc.file(Buffer.from(facturXml(invoice), 'utf8'), {
      name: 'factur-x.xml',
      type: 'text/xml',
      ...({ relationship: 'Alternative' } as object),
      description: 'Factur-X / ZUGFeRD (EN 16931)',
      creationDate: issued,
      modifiedDate: issued,
      // pdfkit writes it as /AFRelationship; its type definitions do not list it yet.
    } as PDFKit.Mixins.PDFAttachmentOptions);
    (doc as unknown as { appendXML(xml: string): void }).appendXML(FACTUR_X_XMP);
  }

  const { seller, buyer } = invoice;
  doc.font('bold').fontSize(10).text(seller.name);
  doc.font('regular').fontSize(9);
  doc.text(
    [seller.street, `${seller.postalCode} ${seller.city}`.trim(), seller.countryName]
      .filter(Boolean)
      .join(' · '),
  );
  if (seller.vatId) doc.text(`USt-IdNr.: ${seller.vatId}`);
  if (seller.taxNumber) doc.text(`Steuernummer: ${seller.taxNumber}`);
  doc.moveDown(1.5);

  doc.fontSize(10);
  for (const line of [
    buyer.company,
    buyer.name,
    buyer.street,
    `${buyer.postalCode} ${buyer.city}`.trim(),
    buyer.countryName,
  ]) {
    if (line) doc.text(line);
  }
  if (buyer.vatId) doc.text(`USt-IdNr.: ${buyer.vatId}`);
  doc.moveDown(1.5);

  doc
    .font('bold')
    .fontSize(16)
    .text(INVOICE_TITLES[invoice.kind] ?? 'Rechnung');
  doc.font('regular').fontSize(10);
  doc.text(`Rechnungsnummer: ${invoice.numberText}`);
  if (invoice.cancelsNumberText)
    doc.text(
      `${invoice.kind === 'correction' ? 'Korrigiert' : 'Storniert'} die Rechnung ${invoice.cancelsNumberText}`,
    );
  doc.text(`Rechnungsdatum: ${invoice.issueDateText}`);
  doc.text(`Liefer-/Leistungszeitraum: ${invoice.deliveryPeriodText}`);
  doc.text(`Bestellung Nr. ${invoice.orderNumber} vom ${invoice.orderDateText}`);
  doc.moveDown();

  const x = { pos: 50, desc: 75, qty: 320, unit: 360, rate: 435, total: 480 };
  const header = (y: number) => {
    doc.font('bold').fontSize(9);
    doc.text('Pos.', x.pos, y);
    doc.text('Beschreibung', x.desc, y);
    doc.text('Menge', x.qty, y, { width: 35, align: 'right' });
    doc.text(invoice.pricesAreNet ? 'Einzelpreis netto' : 'Einzelpreis', x.unit, y, {
      width: 70,
      align: 'right',
    });
    doc.text('USt.', x.rate, y, { width: 40, align: 'right' });
    doc.text('Betrag', x.total, y, { width: 65, align: 'right' });
    doc.font('regular');
  };
  header(doc.y);
  doc.moveDown(0.5);
  const row = (cells: {
    pos?: string;
    desc: string;
    qty?: string;
    unit?: string;
    rate?: string;
    total: string;
  }) => {
    if (doc.y > 740) doc.addPage();
    const y = doc.y;
    doc.fontSize(9);
    doc.text(cells.desc, x.desc, y, { width: 240 });
    const after = doc.y;
    if (cells.pos) doc.text(cells.pos, x.pos, y);
    if (cells.qty) doc.text(cells.qty, x.qty, y, { width: 35, align: 'right' });
    if (cells.unit) doc.text(cells.unit, x.unit, y, { width: 70, align: 'right' });
    if (cells.rate) doc.text(cells.rate, x.rate, y, { width: 40, align: 'right' });
    doc.text(cells.total, x.total, y, { width: 65, align: 'right' });
    doc.y = Math.max(after, doc.y) + 3;
  };
  for (const line of invoice.lines) {
    row({
      pos: String(line.position),
      desc: `${line.description}${line.sku ? ` (Art.-Nr. ${line.sku})` : ''}${line.ratePercent === null ? ' – Gutschein, nicht steuerbar' : ''}`,
      qty: String(line.quantity),
      unit: money(line.unitPriceMinor),
      rate: line.ratePercent === null ? '–' : vatRateText(line.ratePercent),
      total: money(line.totalMinor),
    });
  }
  if (invoice.discountMinor !== 0)
    row({ desc: 'Rabatt (Gutscheincode)', total: money(-invoice.discountMinor) });
  if (invoice.shippingMinor !== 0 || invoice.shippingName) {
    row({
      desc: `Versand${invoice.shippingName ? `: ${invoice.shippingName}` : ''}`,
      total: money(invoice.shippingMinor),
    });
  }
  doc.moveDown();

  const sum = (label: string, value: string, strong = false) => {
    const y = doc.y;
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9);
    doc.text(label, 260, y, { width: 215, align: 'right' });
    doc.text(value, x.total - 20, y, { width: 85, align: 'right' });
    doc.font('regular');
  };
  // § 14 Abs. 4 Nr. 8 UStG: per rate the net amount, the rate and the VAT amount.
  for (const line of invoice.vatLines) {
    sum(`Nettobetrag ${vatRateText(line.ratePercent)}`, money(line.netMinor));
    sum(`Umsatzsteuer ${vatRateText(line.ratePercent)}`, money(line.vatMinor));
  }
  sum('Gesamtbetrag', money(invoice.grandTotalMinor), true);
  if (invoice.giftCardMinor !== 0) {
    sum('davon bezahlt mit Geschenkgutschein', money(invoice.giftCardMinor));
  }
  doc.moveDown();
  doc.fontSize(9);
  if (invoice.vatNote) doc.text(invoice.vatNote, 50, doc.y, { width: 495 });
  if (invoice.kind === 'invoice')
    doc.text('Der Betrag wurde bereits bezahlt. Vielen Dank für deinen Einkauf.', 50, doc.y, { width: 495 });
  doc.end();
  return done;
}
