import { allocateMinor, includedVatMinor } from '@baukasten/commerce';
import type { InvoiceData } from './invoice-data.js';

/*
 * The invoice as UN/CEFACT Cross Industry Invoice (CII D16B) in the Factur-X / ZUGFeRD profile EN 16931,
 * the structured e-invoice German businesses must be able to receive since 1 January 2025 (§ 14 Abs. 1
 * UStG as amended by the Wachstumschancengesetz). Written from the Factur-X 1.0.7 specification; element
 * order follows its XSD, which the tests validate against (test-fixtures/factur-x/).
 *
 * CII amounts are net. The checkout computed VAT per rate from gross prices (vat.ts); here each rate's net
 * basis is split over its lines by largest remainder, so line totals, charges (shipping) and allowances
 * (discount) add up to the basis exactly (BR-CO-13), and the VAT per rate is the amount the shopper was
 * charged (within BR-CO-17's rounding tolerance, because it was computed from the gross amount).
 */

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amount = (minor: number) => (minor / 100).toFixed(2);
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

type Category = 'S' | 'Z' | 'K' | 'E';

function categoryOf(invoice: InvoiceData, ratePercent: number): Category {
  if (invoice.vatTreatment === 'reverse-charge') return 'K';
  if (invoice.vatTreatment === 'small-business') return 'E';
  return ratePercent > 0 ? 'S' : 'Z';
}

function exemption(category: Category): string {
  if (category === 'K')
    return '<ram:ExemptionReason>Steuerfreie innergemeinschaftliche Lieferung</ram:ExemptionReason>';
  if (category === 'E') return '<ram:ExemptionReason>Kleinunternehmer gemäß § 19 UStG</ram:ExemptionReason>';
  return '';
}
function exemptionCode(category: Category): string {
  return category === 'K' ? '<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>' : '';
}

function party(p: InvoiceData['seller']): string {
  const taxIds = [
    p.vatId
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(p.vatId)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '',
    p.taxNumber
      ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">${esc(p.taxNumber)}</ram:ID></ram:SpecifiedTaxRegistration>`
      : '',
  ].join('');
  return [
    `<ram:Name>${esc(p.company ?? p.name)}</ram:Name>`,
    '<ram:PostalTradeAddress>',
    p.postalCode ? `<ram:PostcodeCode>${esc(p.postalCode)}</ram:PostcodeCode>` : '',
    p.street ? `<ram:LineOne>${esc(p.street)}</ram:LineOne>` : '',
    p.city ? `<ram:CityName>${esc(p.city)}</ram:CityName>` : '',
    `<ram:CountryID>${esc(p.country || 'DE')}</ram:CountryID>`,
    '</ram:PostalTradeAddress>',
    p.email
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="EM">${esc(p.email)}</ram:URIID></ram:URIUniversalCommunication>`
      : '',
    taxIds,
  ].join('');
}

interface RateGroup {
  ratePercent: number;
  category: Category;
  basis: number;
  vat: number;
  charge: number;
  allowance: number;
  lineIndexes: number[];
}

export function facturXml(invoice: InvoiceData): string {
  // Per rate: the net basis, the VAT, and the net of shipping and discount within it.
  const groups: RateGroup[] = invoice.vatLines.map((l) => {
    const net = (gross: number) =>
      invoice.pricesAreNet ? gross : gross - includedVatMinor(gross, l.rateBasisPoints);
    const category = categoryOf(invoice, l.ratePercent);
    return {
      ratePercent: l.ratePercent,
      category,
      basis: l.netMinor,
      vat: l.vatMinor,
      charge: net(l.shippingMinor ?? 0),
      allowance: net(l.discountMinor ?? 0),
      lineIndexes: [],
    };
  });
  if (invoice.pricesAreNet && groups.length === 1) {
    groups[0].charge = invoice.shippingMinor;
    groups[0].allowance = invoice.discountMinor;
  }
  if (groups.length === 0) {
    groups.push({
      ratePercent: 0,
      category: categoryOf(invoice, 0),
      basis: invoice.grandTotalMinor,
      vat: 0,
      charge: invoice.shippingMinor,
      allowance: invoice.discountMinor,
      lineIndexes: [],
    });
  }
  invoice.lines.forEach((line, i) => {
    const rate = line.ratePercent ?? 0;
    const group =
      groups.find((g) => g.ratePercent === rate) ?? groups.find((g) => g.category !== 'S') ?? groups[0];
    group.lineIndexes.push(i);
  });
  const lineNet = new Map<number, number>();
  for (const g of groups) {
    const shares = allocateMinor(
      g.basis - g.charge + g.allowance,
      g.lineIndexes.map((i) => Math.abs(invoice.lines[i].totalMinor) || 1),
    );
    for (const [k, i] of g.lineIndexes.entries()) lineNet.set(i, shares[k]);
  }

  const lines = invoice.lines.map((line, i) => {
    const group = groups.find((g) => g.lineIndexes.includes(i))!;
    const net = lineNet.get(i) ?? 0;
    const quantity = line.quantity === 0 ? 1 : line.quantity;
    return [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${line.position}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      '<ram:SpecifiedTradeProduct>',
      line.sku ? `<ram:SellerAssignedID>${esc(line.sku)}</ram:SellerAssignedID>` : '',
      `<ram:Name>${esc(line.description)}</ram:Name>`,
      '</ram:SpecifiedTradeProduct>',
      '<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>',
      `<ram:ChargeAmount>${(net / quantity / 100).toFixed(4)}</ram:ChargeAmount>`,
      '</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>',
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="H87">${quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${group.category}</ram:CategoryCode><ram:RateApplicablePercent>${group.ratePercent.toFixed(2)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join('');
  });

  const taxes = groups.map((g) =>
    [
      '<ram:ApplicableTradeTax>',
      `<ram:CalculatedAmount>${amount(g.vat)}</ram:CalculatedAmount>`,
      '<ram:TypeCode>VAT</ram:TypeCode>',
      exemption(g.category),
      `<ram:BasisAmount>${amount(g.basis)}</ram:BasisAmount>`,
      `<ram:CategoryCode>${g.category}</ram:CategoryCode>`,
      exemptionCode(g.category),
      `<ram:RateApplicablePercent>${g.ratePercent.toFixed(2)}</ram:RateApplicablePercent>`,
      '</ram:ApplicableTradeTax>',
    ].join(''),
  );
  const allowanceCharge = (charge: boolean, value: number, reason: string, g: RateGroup) =>
    [
      '<ram:SpecifiedTradeAllowanceCharge>',
      `<ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>`,
      `<ram:ActualAmount>${amount(value)}</ram:ActualAmount>`,
      `<ram:Reason>${reason}</ram:Reason>`,
      `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${g.category}</ram:CategoryCode><ram:RateApplicablePercent>${g.ratePercent.toFixed(2)}</ram:RateApplicablePercent></ram:CategoryTradeTax>`,
      '</ram:SpecifiedTradeAllowanceCharge>',
    ].join('');
  const adjustments = groups.flatMap((g) => [
    ...(g.allowance !== 0 ? [allowanceCharge(false, g.allowance, 'Rabatt', g)] : []),
    ...(g.charge !== 0 ? [allowanceCharge(true, g.charge, 'Versand', g)] : []),
  ]);
  const lineTotal = [...lineNet.values()].reduce((a, b) => a + b, 0);
  const chargeTotal = groups.reduce((a, g) => a + g.charge, 0);
  const allowanceTotal = groups.reduce((a, g) => a + g.allowance, 0);
  const taxBasis = groups.reduce((a, g) => a + g.basis, 0);
  const taxTotal = groups.reduce((a, g) => a + g.vat, 0);
  const paid = invoice.kind === 'invoice' ? invoice.grandTotalMinor : 0;
  const notes = [invoice.vatNote]
    .filter(Boolean)
    .map((n) => `<ram:IncludedNote><ram:Content>${esc(n!)}</ram:Content></ram:IncludedNote>`);

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    `<ram:ID>${esc(invoice.numberText)}</ram:ID>`,
    `<ram:TypeCode>${invoice.kind === 'invoice' ? '380' : '381'}</ram:TypeCode>`,
    `<ram:IssueDateTime><udt:DateTimeString format="102">${date(invoice.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>`,
    ...notes,
    '</rsm:ExchangedDocument>',
    '<rsm:SupplyChainTradeTransaction>',
    ...lines,
    '<ram:ApplicableHeaderTradeAgreement>',
    `<ram:BuyerReference>${invoice.orderNumber}</ram:BuyerReference>`,
    `<ram:SellerTradeParty>${party(invoice.seller)}</ram:SellerTradeParty>`,
    `<ram:BuyerTradeParty>${party(invoice.buyer)}</ram:BuyerTradeParty>`,
    `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${invoice.orderNumber}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>`,
    '</ram:ApplicableHeaderTradeAgreement>',
    '<ram:ApplicableHeaderTradeDelivery>',
    `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${date(invoice.issuedAt)}</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`,
    '</ram:ApplicableHeaderTradeDelivery>',
    '<ram:ApplicableHeaderTradeSettlement>',
    `<ram:InvoiceCurrencyCode>${esc(invoice.currency)}</ram:InvoiceCurrencyCode>`,
    ...taxes,
    ...adjustments,
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${amount(lineTotal)}</ram:LineTotalAmount>`,
    `<ram:ChargeTotalAmount>${amount(chargeTotal)}</ram:ChargeTotalAmount>`,
    `<ram:AllowanceTotalAmount>${amount(allowanceTotal)}</ram:AllowanceTotalAmount>`,
    `<ram:TaxBasisTotalAmount>${amount(taxBasis)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${esc(invoice.currency)}">${amount(taxTotal)}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${amount(invoice.grandTotalMinor)}</ram:GrandTotalAmount>`,
    `<ram:TotalPrepaidAmount>${amount(paid)}</ram:TotalPrepaidAmount>`,
    `<ram:DuePayableAmount>${amount(invoice.grandTotalMinor - paid)}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    ...(invoice.cancelsNumberText
      ? [
          `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${esc(invoice.cancelsNumberText)}</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>`,
        ]
      : []),
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
  ].join('\n');
}
