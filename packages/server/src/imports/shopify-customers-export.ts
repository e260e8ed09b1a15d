import { minorToDecimalString } from '@baukasten/commerce';
import type { ExportedCustomer } from '@baukasten/storage';
import { spreadsheetText } from '../admin/orders/order-csv.js';
import { csvLine } from './shopify-export.js';

/*
 * The shop's customers as a Shopify customer CSV (the columns of Shopify's own customer export), so a shop
 * can move on with its customers and their consents, and our own import reads it back unchanged (round
 * trip). One row per customer with the default address, as Shopify's format has room for one. Comma-
 * separated UTF-8 without BOM like the product export; cells a spreadsheet would run as a formula get the
 * apostrophe text mark (the import removes it again). "Accepts Email Marketing" is "yes" only for a confirmed
 * subscriber: an unconfirmed opt-in is no consent to hand on.
 */

export const SHOPIFY_CUSTOMER_HEADER = [
  'Customer ID',
  'First Name',
  'Last Name',
  'Email',
  'Accepts Email Marketing',
  'Default Address Company',
  'Default Address Address1',
  'Default Address Address2',
  'Default Address City',
  'Default Address Province Code',
  'Default Address Country Code',
  'Default Address Zip',
  'Default Address Phone',
  'Phone',
  'Accepts SMS Marketing',
  'Total Spent',
  'Total Orders',
  'Note',
  'Tax Exempt',
  'Tags',
] as const;

export function shopifyCustomerRow(customer: ExportedCustomer, currency: string): string[] {
  const address = customer.address ?? {};
  return [
    customer.accountId ?? '',
    customer.firstName,
    customer.lastName,
    customer.email,
    customer.acceptsEmailMarketing ? 'yes' : 'no',
    address.company ?? '',
    address.line1 ?? '',
    address.line2 ?? '',
    address.city ?? '',
    address.region ?? '',
    address.country ?? '',
    address.postalCode ?? '',
    address.phone ?? '',
    customer.phone,
    'no',
    minorToDecimalString(customer.totalSpentMinor, currency),
    String(customer.orderCount),
    customer.note,
    'no',
    customer.tags.join(', '),
  ].map(spreadsheetText);
}

export function shopifyCustomersCsv(customers: readonly ExportedCustomer[], currency: string): string {
  let csv = csvLine(SHOPIFY_CUSTOMER_HEADER);
  for (const customer of customers) csv += csvLine(shopifyCustomerRow(customer, currency));
  return csv;
}
