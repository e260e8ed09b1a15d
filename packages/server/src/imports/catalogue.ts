import { currencyFractionDigits, parseDecimalToMinor } from '@baukasten/commerce';
import { sanitizedHtml } from '../admin/pages/markdown.js';
import { importMessages as m } from './import-messages.js';

/*
 * The neutral catalogue every format maps to: products with their options, variants and image URLs, each
 * remembering the line it came from. Money is in minor units of the website's currency.
 */

export type ImportFormat = 'shopify' | 'woocommerce' | 'squarespace';

export interface CatalogueVariant {
  line: number;
  /** Empty: made from the handle and the values, like the editor does. */
  sku: string;
  /** Option name → value, in the order of the product's options. */
  attributes: Record<string, string>;
  /** The regular price. */
  priceMinor: number;
  /** Set when the variant is on sale: the price shoppers pay. */
  salePriceMinor?: number;
  /** Undefined with `unlimited`. */
  qtyInStock?: number;
  unlimited: boolean;
  weightGrams?: number;
}

export interface CatalogueImage {
  url: string;
  altText: string;
}

export interface CatalogueProduct {
  /** The line of the product's first row. */
  line: number;
  /** Every line that belongs to this product (a refusal names the first). */
  lines: number[];
  /** The product URL (Shopify handle, Squarespace product URL, a slug of the WooCommerce name). */
  handle: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  excerpt: string;
  productType: 'physical' | 'digital' | 'service';
  tags: string[];
  categories: string[];
  options: { name: string; values: string[] }[];
  variants: CatalogueVariant[];
  images: CatalogueImage[];
}

export interface Refusal {
  line: number;
  reason: string;
  /** The product the line belongs to, when known. */
  handle?: string;
}

export interface MappedFile {
  format: ImportFormat;
  products: CatalogueProduct[];
  refused: Refusal[];
}

/** A problem with one row: its product is refused as a whole, never imported half. */
export class RowProblem extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const CURRENCY_MARKS = /[€$£¥]|\b(?:EUR|USD|GBP|CHF|JPY)\b|\s|\u00a0|\u202f/g;

/**
 * A price as the file writes it ("12.90", "12,90", "1.234,56", "1,234.56", "€ 12,90") in minor units, or
 * undefined for an empty cell. One separator followed by exactly three digits ("1.500") is refused as
 * ambiguous rather than guessed; more decimals than the currency has are refused (no silent rounding).
 */
export function parsePrice(text: string, currency: string, column: string, line: number): number | undefined {
  const raw = text.trim();
  if (raw === '') return undefined;
  const compact = raw.replace(CURRENCY_MARKS, '');
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact))
    throw new RowProblem(line, m.priceInvalid(column, raw));
  const dots = compact.split('.').length - 1;
  const commas = compact.split(',').length - 1;
  let decimal: string;
  if (dots > 0 && commas > 0) {
    const decimalMark = compact.lastIndexOf('.') > compact.lastIndexOf(',') ? '.' : ',';
    const thousands = decimalMark === '.' ? ',' : '.';
    const [whole, fraction, ...more] = compact.split(decimalMark);
    if (more.length > 0 || !/^\d{1,3}(?:[.,]\d{3})*$/.test(whole) || whole.includes(decimalMark))
      throw new RowProblem(line, m.priceInvalid(column, raw));
    decimal = `${whole.split(thousands).join('')}.${fraction}`;
  } else if (dots + commas === 0) {
    decimal = compact;
  } else if (dots + commas === 1) {
    const [whole, fraction] = compact.split(/[.,]/);
    if (fraction.length === 3 && currencyFractionDigits(currency) !== 3)
      throw new RowProblem(line, m.priceAmbiguous(column, raw));
    decimal = `${whole}.${fraction}`;
  } else {
    // "1.234.567" or "1,234,567": only thousands separators.
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(compact) || (dots > 0 && commas > 0))
      throw new RowProblem(line, m.priceInvalid(column, raw));
    decimal = compact.replace(/[.,]/g, '');
  }
  const minor = parseDecimalToMinor(decimal, currency);
  if (minor === null || minor < 0 || minor > 100_000_000_000)
    throw new RowProblem(line, m.priceInvalid(column, raw));
  return minor;
}

/** A stock count: a whole number from 0; negative counts (oversold) become 0. Undefined when empty. */
export function parseStock(text: string, line: number): number | undefined {
  const raw = text.trim();
  if (raw === '') return undefined;
  if (!/^[+-]?\d+(?:[.,]0+)?$/.test(raw)) throw new RowProblem(line, m.stockInvalid(raw));
  const n = Number.parseInt(raw, 10);
  if (n > 1_000_000_000) throw new RowProblem(line, m.stockInvalid(raw));
  return Math.max(0, n);
}

const GRAMS_PER: Record<string, number> = { g: 1, kg: 1000, lb: 453.59237, lbs: 453.59237, oz: 28.349523125 };

/** A weight in whole grams from a number in `unit` ("0,25" kg → 250). Undefined when empty. */
export function parseWeight(text: string, unit: string, line: number): number | undefined {
  const raw = text.trim();
  if (raw === '') return undefined;
  const normalised = raw.replace(',', '.');
  const perUnit = GRAMS_PER[unit.toLowerCase()] ?? 1;
  if (!/^\d+(?:\.\d+)?$/.test(normalised)) throw new RowProblem(line, m.weightInvalid(raw));
  const grams = Math.round(Number(normalised) * perUnit);
  if (!Number.isFinite(grams) || grams > 1_000_000) throw new RowProblem(line, m.weightInvalid(raw));
  return grams;
}

/** Words separated by commas (tags, categories), trimmed, without duplicates or empty ones. */
export function wordList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((w) => w.trim())
        .filter((w) => w !== '')
        .map((w) => w.slice(0, 80)),
    ),
  ].slice(0, 50);
}

/** Descriptions go through the editor's own sanitiser; plain text becomes paragraphs. */
export function descriptionHtml(text: string): string {
  const raw = text.trim();
  if (raw === '') return '';
  const looksLikeHtml = /<[a-z!/][^>]*>/i.test(raw);
  const html = looksLikeHtml
    ? raw
    : raw
        .split(/\n{2,}/)
        .map(
          (p) =>
            `<p>${p
              .replace(/&/g, '&amp;')
              .replace(/</g, '&lt;')
              .replace(/>/g, '&gt;')
              .replace(/\n/g, '<br>')}</p>`,
        )
        .join('');
  return sanitizedHtml(html).trim();
}

/** A product URL from a title, the way the editor makes one (umlauts spelt out). */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export const HANDLE = /^[a-z0-9](?:[a-z0-9._-]{0,98}[a-z0-9])?$/;
export const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const IMAGE_URL = /^https?:\/\/[^\s]+$/i;

export function imageUrl(text: string, line: number): string {
  const url = text.trim();
  if (!IMAGE_URL.test(url) || url.length > 2083) throw new RowProblem(line, m.imageUrlInvalid(url));
  return url;
}

/** Adds an option value in order of first appearance. */
export function addOptionValue(options: CatalogueProduct['options'], name: string, value: string) {
  let option = options.find((o) => o.name === name);
  if (!option) {
    option = { name, values: [] };
    options.push(option);
  }
  if (!option.values.includes(value)) option.values.push(value);
}
