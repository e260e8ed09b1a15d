import type { Storage } from '@baukasten/storage';
import { withTestDatabases } from '@baukasten/storage/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestShop, germanAddress, type TestShop, Visitor } from '../commerce/test-shop.js';
import { facturXml } from '../invoices/factur-x.js';
import type { InvoiceData } from '../invoices/invoice-data.js';
import { issueCancellationFor } from '../invoices/invoice-service.js';

/*
 * § 14 Abs. 1 UStG: an e-invoice must be readable as EN 16931, and a receiver's validator checks more than
 * the XSD: the Schematron business rules. Without network (and without a Schematron engine) the arithmetic
 * rules that reject most invoices are written here from their published texts and checked on the CII XML
 * of real orders: domestic with two rates, a coupon and shipping; reverse charge; a Stornorechnung; OSS at
 * an owner's 0 % rate; a Kleinunternehmer. Amounts are compared in cents; exact unless the rule allows
 * ± 1 currency unit (BR-CO-17 and the -09 rules, which absorb rounding).
 */

const card = { paymentMethod: 'test-card', paymentDetails: { cardNumber: '4242 4242 4242 4242' } };

/** The inner texts of every `<ram:tag>` in `xml` (the tags read here are never nested in themselves). */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<ram:${tag}(?: [^>]*)?>([\\s\\S]*?)</ram:${tag}>`, 'g'))].map((m) => m[1]);
const one = (xml: string, tag: string) => {
  const found = all(xml, tag);
  expect(found, `one ${tag}`).toHaveLength(1);
  return found[0];
};
const cents = (text: string) => Math.round(Number(text) * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface Taxed {
  category: string;
  rate: string;
}
const taxKey = (t: Taxed) => `${t.category} ${Number(t.rate).toFixed(2)}`;

/** The business terms the rules below speak of, read from the CII XML. */
function businessTerms(xml: string) {
  const settlement = one(xml, 'ApplicableHeaderTradeSettlement');
  const sums = one(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const lines = all(xml, 'IncludedSupplyChainTradeLineItem').map((line) => ({
    category: one(line, 'CategoryCode'),
    rate: one(line, 'RateApplicablePercent'),
    net: cents(one(line, 'LineTotalAmount')), // BT-131
  }));
  const adjustments = all(settlement, 'SpecifiedTradeAllowanceCharge').map((a) => ({
    charge: /<udt:Indicator>true<\/udt:Indicator>/.test(a),
    amount: cents(one(a, 'ActualAmount')), // BT-92 / BT-99
    category: one(a, 'CategoryCode'),
    rate: one(a, 'RateApplicablePercent'),
  }));
  const breakdown = all(settlement, 'ApplicableTradeTax').map((t) => ({
    vat: cents(one(t, 'CalculatedAmount')), // BT-117
    basis: cents(one(t, 'BasisAmount')), // BT-116
    category: one(t, 'CategoryCode'), // BT-118
    rate: one(t, 'RateApplicablePercent'), // BT-119
  }));
  return {
    lines,
    allowances: adjustments.filter((a) => !a.charge),
    charges: adjustments.filter((a) => a.charge),
    breakdown,
    lineTotal: cents(one(sums, 'LineTotalAmount')), // BT-106
    chargeTotal: cents(one(sums, 'ChargeTotalAmount')), // BT-108
    allowanceTotal: cents(one(sums, 'AllowanceTotalAmount')), // BT-107
    taxBasis: cents(one(sums, 'TaxBasisTotalAmount')), // BT-109
    taxTotal: cents(one(sums, 'TaxTotalAmount')), // BT-110
    grandTotal: cents(one(sums, 'GrandTotalAmount')), // BT-112
    prepaid: cents(one(sums, 'TotalPrepaidAmount')), // BT-113
    due: cents(one(sums, 'DuePayableAmount')), // BT-115
  };
}

/** Each rule's violations as "[BR-…] …" texts; [] when the invoice keeps them all. */
function brokenRules(xml: string): string[] {
  const t = businessTerms(xml);
  const broken: string[] = [];
  const check = (rule: string, ok: boolean, text: string) => {
    if (!ok) broken.push(`[${rule}] ${text}`);
  };
  check('BR-CO-10', t.lineTotal === sum(t.lines.map((l) => l.net)), 'BT-106 = Σ BT-131');
  check('BR-CO-11', t.allowanceTotal === sum(t.allowances.map((a) => a.amount)), 'BT-107 = Σ BT-92');
  check('BR-CO-12', t.chargeTotal === sum(t.charges.map((c) => c.amount)), 'BT-108 = Σ BT-99');
  check(
    'BR-CO-13',
    t.taxBasis === t.lineTotal - t.allowanceTotal + t.chargeTotal,
    'BT-109 = BT-106 − BT-107 + BT-108',
  );
  check('BR-CO-14', t.taxTotal === sum(t.breakdown.map((b) => b.vat)), 'BT-110 = Σ BT-117');
  check('BR-CO-15', t.grandTotal === t.taxBasis + t.taxTotal, 'BT-112 = BT-109 + BT-110');
  check('BR-CO-16', t.due === t.grandTotal - t.prepaid, 'BT-115 = BT-112 − BT-113');
  // Every line, allowance and charge has its breakdown entry, and each entry its own category and rate.
  const keys = t.breakdown.map(taxKey);
  check(
    'BR-CO-18',
    keys.length > 0 && new Set(keys).size === keys.length,
    'one VAT breakdown per category and rate',
  );
  for (const b of t.breakdown) {
    const key = taxKey(b);
    const of = <T extends Taxed>(items: T[]) => items.filter((i) => taxKey(i) === key);
    // BR-S-08, BR-Z-08, BR-E-08, BR-AE-08, BR-IC-08: the taxable amount of a category and rate.
    const basis =
      sum(of(t.lines).map((l) => l.net)) +
      sum(of(t.charges).map((c) => c.amount)) -
      sum(of(t.allowances).map((a) => a.amount));
    const family = { S: 'S', Z: 'Z', E: 'E', K: 'IC', AE: 'AE' }[b.category] ?? b.category;
    check(`BR-${family}-08`, b.basis === basis, `BT-116 (${key}) = Σ BT-131 + Σ BT-99 − Σ BT-92 of ${key}`);
    if (b.category === 'S') {
      // BR-S-09 (and BR-CO-17): BT-117 = BT-116 × BT-119 / 100, within one currency unit.
      const expected = Math.round((b.basis * Number(b.rate)) / 100);
      check('BR-S-09', Math.abs(b.vat - expected) <= 100, `BT-117 (${key}) = BT-116 × BT-119 / 100`);
      check('BR-S-05', Number(b.rate) > 0, `a standard rate above 0 (${key})`);
    } else {
      check(`BR-${family}-09`, b.vat === 0, `BT-117 = 0 for category ${b.category}`);
      check(`BR-${family}-05`, Number(b.rate) === 0, `rate 0 for category ${b.category}`);
    }
  }
  for (const item of [...t.lines, ...t.charges, ...t.allowances]) {
    check('BR-CO-18', keys.includes(taxKey(item)), `a breakdown for ${taxKey(item)}`);
  }
  return broken;
}

withTestDatabases((db) => {
  let storage: Storage;
  let app: FastifyInstance;
  let shop: TestShop;
  let smallShop: TestShop;

  beforeAll(async () => {
    storage = await db.open();
    await storage.migrate();
    const legal = {
      companyName: 'Rösterei Muster GmbH',
      street: 'Hafenstraße 1',
      postalCode: '20457',
      city: 'Hamburg',
      country: 'DE',
      vatId: 'DE123456789',
    };
    shop = await createTestShop(storage, `en16931-${db.name}.test`, 50, {
      legal,
      vat: { oss: true, taxNumber: '22/815/08154', countryRates: { IE: { reduced: 0 } } },
    });
    await storage.pricing.setTaxClass(shop.websiteId, shop.ebook.id, 'reduced');
    smallShop = await createTestShop(storage, `en16931-klein-${db.name}.test`, 50, {
      legal,
      vat: { smallBusiness: true },
    });
    app = await buildApp({ storage, logLevel: 'silent', serverTestMode: true });
  });
  afterAll(() => app?.close());

  const invoiceXml = async (s: TestShop, orderId: string, kind: 'invoice' | 'cancellation' = 'invoice') => {
    const invoice = (await storage.invoices.forOrder(s.websiteId, orderId)).find((i) => i.kind === kind)!;
    return facturXml(invoice.data as unknown as InvoiceData);
  };
  const order = async (
    s: TestShop,
    items: [string, string, number][],
    body: Record<string, unknown> = {},
  ) => {
    const v = await new Visitor(app, s.hostname).start();
    for (const [id, sku, qty] of items) await v.add(id, sku, qty);
    const placed = await v.checkout({ ...card, ...body });
    expect(placed.statusCode).toBe(201);
    return placed.json().order as { id: string; grandTotalCents: number };
  };
  const mugs = (s: TestShop, qty: number): [string, string, number] => [s.mug.id, `${s.hostname}-TASSE`, qty];
  const ebooks = (s: TestShop, qty: number): [string, string, number] => [
    s.ebook.id,
    `${s.hostname}-EBOOK`,
    qty,
  ];

  describe('§ 14 UStG: the EN 16931 arithmetic rules on the Factur-X XML of real orders', () => {
    it('BR-CO-10, BR-CO-13, BR-CO-15, BR-S-08: two rates, a coupon and shipping at home', async () => {
      const placed = await order(shop, [mugs(shop, 1), ebooks(shop, 2)], {
        company: 'Muster KG',
        vatId: 'DE987654321',
        couponCodes: ['ZEHN'],
      });
      const xml = await invoiceXml(shop, placed.id);
      expect(brokenRules(xml)).toEqual([]);
      const t = businessTerms(xml);
      expect(t.breakdown.map(taxKey)).toEqual(['S 19.00', 'S 7.00']);
      expect(t.allowances.length).toBeGreaterThan(0);
      expect(t.charges.length).toBeGreaterThan(0);
      expect(t.grandTotal).toBe(placed.grandTotalCents);
    });

    it('BR-IC-08, BR-IC-09: a business in Austria under reverse charge', async () => {
      const placed = await order(shop, [mugs(shop, 2), ebooks(shop, 1)], {
        company: 'Wiener Werkstatt GmbH',
        vatId: 'ATU12345678',
        couponCodes: ['ZEHN'],
        shippingAddress: { ...germanAddress, country: 'AT', postalCode: '1010', city: 'Wien' },
      });
      const xml = await invoiceXml(shop, placed.id);
      expect(brokenRules(xml)).toEqual([]);
      expect(businessTerms(xml).breakdown.map(taxKey)).toEqual(['K 0.00']);
    });

    it("BR-Z-08: OSS to Ireland at the owner's 0 % for books, beside the Irish standard rate", async () => {
      const placed = await order(shop, [mugs(shop, 1), ebooks(shop, 1)], {
        shippingAddress: {
          ...germanAddress,
          line1: '1 Main Street',
          city: 'Dublin',
          postalCode: 'D02 AF30',
          country: 'IE',
        },
      });
      const xml = await invoiceXml(shop, placed.id);
      expect(brokenRules(xml)).toEqual([]);
      expect(businessTerms(xml).breakdown.map(taxKey)).toEqual(['S 23.00', 'Z 0.00']);
    });

    it('BR-CO-15 and BR-S-08 hold on a Stornorechnung too (all amounts negated)', async () => {
      const placed = await order(shop, [mugs(shop, 2), ebooks(shop, 1)], { couponCodes: ['ZEHN'] });
      await storage.transaction(async (tx) =>
        issueCancellationFor(
          tx,
          (await tx.websites.findById(shop.websiteId))!,
          (await tx.orders.findById(shop.websiteId, placed.id))!,
        ),
      );
      const xml = await invoiceXml(shop, placed.id, 'cancellation');
      expect(brokenRules(xml)).toEqual([]);
      expect(businessTerms(xml).grandTotal).toBe(-placed.grandTotalCents);
    });

    it('BR-E-08, BR-E-09: a Kleinunternehmer (§ 19 UStG) charges no VAT', async () => {
      const placed = await order(smallShop, [mugs(smallShop, 2), ebooks(smallShop, 1)]);
      const xml = await invoiceXml(smallShop, placed.id);
      expect(brokenRules(xml)).toEqual([]);
      expect(businessTerms(xml).breakdown.map(taxKey)).toEqual(['E 0.00']);
    });
  });

  it('the rules catch a broken invoice (they can fail)', async () => {
    const placed = await order(shop, [mugs(shop, 1), ebooks(shop, 1)]);
    const xml = await invoiceXml(shop, placed.id);
    const wrongLine = xml.replace(
      /(<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<ram:LineTotalAmount>)([\d.-]+)/,
      (_all, head, value) => `${head}${(Number(value) + 0.01).toFixed(2)}`,
    );
    expect(brokenRules(wrongLine)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\[BR-CO-10\]/), expect.stringMatching(/^\[BR-S-08\]/)]),
    );
    const wrongTotal = xml.replace(
      /<ram:GrandTotalAmount>([\d.]+)/,
      (_all, v) => `<ram:GrandTotalAmount>${(Number(v) + 1).toFixed(2)}`,
    );
    expect(brokenRules(wrongTotal)).toEqual(expect.arrayContaining([expect.stringMatching(/^\[BR-CO-15\]/)]));
  });
});
