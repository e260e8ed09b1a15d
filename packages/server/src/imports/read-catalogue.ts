import { HttpError } from '../http-error.js';
import type { ImportFormat, MappedFile } from './catalogue.js';
import { Columns, readCsv } from './csv-table.js';
import { importMessages as m } from './import-messages.js';
import { looksLikeShopifyCustomers } from './shopify-customers-format.js';
import { looksLikeShopify, mapShopify, shopifyRequired } from './shopify-format.js';
import { looksLikeSquarespace, mapSquarespace, squarespaceRequired } from './squarespace-format.js';
import { looksLikeWooCommerce, mapWooCommerce, wooRequired } from './woocommerce-format.js';

/*
 * An uploaded file to the neutral catalogue: decoded and parsed (csv-table.ts), its format recognised from
 * the header row, mapped. Whole-file problems (encoding, not CSV, unknown format, missing columns) are 4xx
 * errors; problems of single products are refusals in the result.
 */

export const MAX_PRODUCTS = 20_000;

const FORMATS: {
  format: ImportFormat;
  looksLike: (c: Columns) => boolean;
  required: (c: Columns) => string[];
  map: typeof mapShopify;
}[] = [
  { format: 'shopify', looksLike: looksLikeShopify, required: shopifyRequired, map: mapShopify },
  { format: 'woocommerce', looksLike: looksLikeWooCommerce, required: wooRequired, map: mapWooCommerce },
  {
    format: 'squarespace',
    looksLike: looksLikeSquarespace,
    required: squarespaceRequired,
    map: mapSquarespace,
  },
];

export function detectFormat(header: string[]): ImportFormat | undefined {
  const columns = new Columns(header);
  return FORMATS.find((f) => f.looksLike(columns))?.format;
}

export function readCatalogue(bytes: Uint8Array, currency: string): MappedFile {
  const table = readCsv(bytes);
  const columns = new Columns(table.header);
  const format = FORMATS.find((f) => f.looksLike(columns));
  if (!format) {
    // The editor takes this answer as its cue to import the same file as customers.
    if (looksLikeShopifyCustomers(columns))
      throw new HttpError(400, 'CUSTOMERS_FILE', m.customersFileToProductImport);
    throw new HttpError(400, 'UNKNOWN_FORMAT', m.unknownFormat);
  }
  const missing = format.required(columns);
  if (missing.length > 0) throw new HttpError(400, 'MISSING_COLUMNS', m.missingColumns(missing));
  const mapped = format.map(table, currency);
  if (mapped.products.length > MAX_PRODUCTS)
    throw new HttpError(400, 'TOO_MANY_PRODUCTS', m.tooManyProducts(MAX_PRODUCTS));
  return mapped;
}
