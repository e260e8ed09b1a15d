import type { Kysely, Selectable } from 'kysely';
import type { CustomerAccountsTable, Database } from './schema.js';

/*
 * What the customer account modules share (customer-account-repository.ts and the sessions, addresses and
 * shop-record parts it is made of): the account's shape, its columns and the checks every call starts with.
 */

export interface CustomerAccount {
  websiteId: string;
  id: string;
  /** Trimmed and lower case. */
  email: string;
  name: string;
  /** Set once the customer opened the verification link. */
  emailVerifiedAt?: number;
  /** The cart kept for the customer between visits. */
  cartId?: string;
  createdAt: number;
  updatedAt: number;
}

export interface NewCustomerAccount {
  email: string;
  name: string;
  /** PHC string of the password's argon2id hash. */
  passwordHash: string;
}

export type CustomerTokenPurpose = 'verify' | 'reset';

export const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= 64;

export function toCustomer(row: Omit<Selectable<CustomerAccountsTable>, 'password_hash'>): CustomerAccount {
  const customer: CustomerAccount = {
    websiteId: row.website_id,
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  if (row.email_verified_at !== null) customer.emailVerifiedAt = Number(row.email_verified_at);
  if (row.cart_id !== null) customer.cartId = row.cart_id;
  return customer;
}

export const COLUMNS = [
  'customer_accounts.website_id',
  'customer_accounts.id',
  'customer_accounts.email',
  'customer_accounts.name',
  'customer_accounts.email_verified_at',
  'customer_accounts.cart_id',
  'customer_accounts.created_at',
  'customer_accounts.updated_at',
] as const;

/** The ids of the customer's orders (customer_orders), as a subquery for `where(..., 'in', ...)`. */
export const ownedOrderIdsOf = (db: Kysely<Database>) => (websiteId: string, customerId: string) =>
  db
    .selectFrom('customer_orders')
    .select('order_id')
    .where('website_id', '=', websiteId)
    .where('customer_id', '=', customerId);
