import type { CustomerImportOutcome, Storage } from '@baukasten/storage';
import { HttpError } from '../http-error.js';
import type { Refusal } from './catalogue.js';
import { Columns, readCsv } from './csv-table.js';
import { importMessages as m } from './import-messages.js';
import {
  looksLikeShopifyCustomers,
  MAX_CUSTOMERS,
  readShopifyCustomers,
} from './shopify-customers-format.js';

/*
 * A Shopify customer export into the website's customers: read and checked row by row (bad rows are
 * refused with their line and a German reason, the others imported), then written in batches, each one
 * transaction. The import merges by e-mail address, so running it again (or after a batch failed) adds
 * nobody twice. A dry run does the same writes in a transaction that is rolled back, so its counts are
 * exactly what the import will do.
 */

const BATCH = 500;

export interface CustomerImportReport {
  dryRun: boolean;
  /** Customer rows in the file. */
  rows: number;
  created: number;
  merged: number;
  unchanged: number;
  /** Customers who accepted e-mail marketing and become confirmed subscribers now. */
  subscribed: number;
  /** Customers who accepted it but whose address is known here already (its state is kept). */
  newsletterKept: number;
  addressesAdded: number;
  refused: Refusal[];
  notes: Refusal[];
}

class RolledBack extends Error {
  constructor(readonly outcomes: CustomerImportOutcome[]) {
    super('dry run');
  }
}

export function readCustomersFile(bytes: Uint8Array) {
  let table: ReturnType<typeof readCsv>;
  try {
    table = readCsv(bytes);
  } catch (error) {
    if (error instanceof HttpError && error.type === 'NO_ROWS')
      throw new HttpError(400, 'NO_ROWS', m.noCustomerRows);
    throw error;
  }
  if (!looksLikeShopifyCustomers(new Columns(table.header)))
    throw new HttpError(400, 'NOT_A_CUSTOMERS_FILE', m.notACustomersFile);
  const file = readShopifyCustomers(table);
  if (file.customers.length > MAX_CUSTOMERS)
    throw new HttpError(400, 'TOO_MANY_CUSTOMERS', m.tooManyCustomers(MAX_CUSTOMERS));
  return file;
}

export async function importCustomerFile(
  storage: Storage,
  websiteId: string,
  bytes: Uint8Array,
  options: { dryRun: boolean; now?: number },
): Promise<CustomerImportReport> {
  const file = readCustomersFile(bytes);
  const now = options.now ?? Date.now();
  const source = m.customerImportSource;
  const outcomes: CustomerImportOutcome[] = [];
  for (let start = 0; start < file.customers.length; start += BATCH) {
    const batch = file.customers.slice(start, start + BATCH);
    if (!options.dryRun) {
      outcomes.push(...(await storage.customerImports.importCustomers(websiteId, batch, { source, now })));
      continue;
    }
    try {
      await storage.transaction(async (tx) => {
        throw new RolledBack(await tx.customerImports.importCustomers(websiteId, batch, { source, now }));
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      outcomes.push(...error.outcomes);
    }
  }
  const count = (test: (o: CustomerImportOutcome) => boolean) => outcomes.filter(test).length;
  return {
    dryRun: options.dryRun,
    rows: file.rows,
    created: count((o) => o.customer === 'created'),
    merged: count((o) => o.customer === 'merged'),
    unchanged: count((o) => o.customer === 'unchanged'),
    subscribed: count((o) => o.newsletter === 'subscribed'),
    newsletterKept: count((o) => o.newsletter === 'kept'),
    addressesAdded: count((o) => o.address === 'added'),
    refused: file.refused,
    notes: file.notes,
  };
}
