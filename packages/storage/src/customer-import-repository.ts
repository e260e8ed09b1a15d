import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { normaliseEmail } from './account-repository.js';
import { atomically } from './atomically.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import { mailingListRepository } from './mailing-list-repository.js';
import type { Database } from './schema.js';

/*
 * Customers moved in from another shop, and the same people read back out for moving on (migration 0047).
 * A customer is an account of the website keyed by its lower-cased e-mail address. One that came by import
 * has no password (an empty hash never verifies): it signs in after "Passwort vergessen", as Shopify's
 * account invitations work. Importing merges: an existing account keeps its name and password, empty profile
 * fields are filled, tags are joined, an address it does not have yet is added; nothing is written twice.
 *
 * Newsletter consent is kept as given, never widened: only a customer who accepted e-mail marketing in the
 * old shop becomes a confirmed subscriber, with the consent's source and the import's date (Art. 7 Abs. 1
 * DSGVO: the owner must be able to show the consent). An address already known here keeps its state, so an
 * unsubscribe here is never undone by a file.
 */

export interface CustomerProfilesTable {
  website_id: string;
  customer_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  tags: string;
  note: string;
  source: string | null;
  imported_at: number | null;
  updated_at: number;
}

declare module './schema.js' {
  interface Database {
    customer_profiles: CustomerProfilesTable;
  }
}

declare module './forms-email-schema.js' {
  interface NewsletterSubscribersTable {
    /** Where the consent was given when not through our opt-in mail, e.g. "Import aus Shopify" (0047). */
    consent_source?: string | null;
  }
}

export interface ImportedCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  tags: string[];
  note: string;
  /** A checked address (firstName, lastName, line1, city, postalCode, country …); absent: none given. */
  address?: Record<string, string>;
  acceptsEmailMarketing: boolean;
}

export interface CustomerImportOutcome {
  email: string;
  customer: 'created' | 'merged' | 'unchanged';
  address: 'added' | 'known' | 'none';
  newsletter: 'subscribed' | 'kept' | 'none';
}

/** One person as a customer export lists them: account holders, guests who ordered, confirmed subscribers. */
export interface ExportedCustomer {
  /** The account's id; undefined for guests and subscribers without an account. */
  accountId?: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  tags: string[];
  note: string;
  /** The default address (or a guest's newest order's billing address). */
  address?: Record<string, string>;
  /** Confirmed newsletter subscriber (a proven consent). */
  acceptsEmailMarketing: boolean;
  orderCount: number;
  /** Grand totals of the orders that were not cancelled. */
  totalSpentMinor: number;
}

export interface CustomerProfile {
  firstName: string;
  lastName: string;
  phone: string;
  tags: string[];
  note: string;
  /** e.g. "Import aus Shopify", with the import's time. */
  source?: string;
  importedAt?: number;
}

export interface CustomerImportRepository {
  /** Creates or merges these customers in one transaction; one outcome per customer, in order. */
  importCustomers(
    websiteId: string,
    customers: readonly ImportedCustomer[],
    options: { source: string; now?: number },
  ): Promise<CustomerImportOutcome[]>;
  /** Everybody the shop knows, oldest first (accounts, guests by e-mail, confirmed subscribers). */
  exportCustomers(websiteId: string): Promise<ExportedCustomer[]>;
  /**
   * What the profile holds about an address (for the Art. 15 DSGVO data export): undefined when its account
   * has none.
   */
  profileOf(websiteId: string, email: string): Promise<CustomerProfile | undefined>;
  /** The newsletter row's consent record of an address (undefined: no row). */
  consentOf(
    websiteId: string,
    email: string,
  ): Promise<{ status: string; confirmedAt?: number; source?: string } | undefined>;
}

/** Addresses compare by their fields, whatever order they were written in. */
const addressKey = (address: Record<string, string>) =>
  JSON.stringify(
    Object.keys(address)
      .filter((k) => address[k] !== '')
      .sort()
      .map((k) => [k, address[k]!.trim().toLowerCase()]),
  );

const splitName = (name: string) => {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(' ');
  return space < 0
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
};

const ORDER_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'line1',
  'line2',
  'city',
  'postalCode',
  'region',
  'country',
];

export function customerImportRepository(db: Kysely<Database>): CustomerImportRepository {
  async function importOne(
    tx: Kysely<Database>,
    websiteId: string,
    input: ImportedCustomer,
    source: string,
    listId: string,
    now: number,
  ): Promise<CustomerImportOutcome> {
    const email = normaliseEmail(input.email);
    const name = [input.firstName, input.lastName].filter((p) => p.trim() !== '').join(' ');
    let customer: CustomerImportOutcome['customer'] = 'unchanged';
    let account = await tx
      .selectFrom('customer_accounts')
      .select(['id', 'name'])
      .where('website_id', '=', websiteId)
      .where('email', '=', email)
      .executeTakeFirst();
    if (!account) {
      account = { id: newId(now), name };
      // No password: an empty hash never verifies; "Passwort vergessen" sets the first one.
      await tx
        .insertInto('customer_accounts')
        .values({
          website_id: websiteId,
          id: account.id,
          email,
          name,
          password_hash: '',
          email_verified_at: null,
          cart_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      customer = 'created';
    } else if (account.name.trim() === '' && name !== '') {
      await tx
        .updateTable('customer_accounts')
        .set({ name, updated_at: now })
        .where('website_id', '=', websiteId)
        .where('id', '=', account.id)
        .execute();
      customer = 'merged';
    }

    const profile = await tx
      .selectFrom('customer_profiles')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('customer_id', '=', account.id)
      .executeTakeFirst();
    if (!profile) {
      await tx
        .insertInto('customer_profiles')
        .values({
          website_id: websiteId,
          customer_id: account.id,
          first_name: input.firstName,
          last_name: input.lastName,
          phone: input.phone,
          tags: toJson([...new Set(input.tags)]),
          note: input.note,
          source,
          imported_at: now,
          updated_at: now,
        })
        .execute();
      if (customer === 'unchanged') customer = 'merged';
    } else {
      const tags = fromJson<string[]>(profile.tags, []);
      const joined = [...new Set([...tags, ...input.tags])];
      const filled = {
        first_name: profile.first_name || input.firstName,
        last_name: profile.last_name || input.lastName,
        phone: profile.phone || input.phone,
        note: profile.note || input.note,
        tags: toJson(joined),
      };
      const changed =
        filled.first_name !== profile.first_name ||
        filled.last_name !== profile.last_name ||
        filled.phone !== profile.phone ||
        filled.note !== profile.note ||
        joined.length !== tags.length;
      if (changed) {
        await tx
          .updateTable('customer_profiles')
          .set({ ...filled, updated_at: now })
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', account.id)
          .execute();
        if (customer === 'unchanged') customer = 'merged';
      }
    }

    let address: CustomerImportOutcome['address'] = 'none';
    if (input.address) {
      const saved = await tx
        .selectFrom('customer_addresses')
        .select(['address'])
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', account.id)
        .execute();
      const wanted = addressKey(input.address);
      if (saved.some((row) => addressKey(fromJson<Record<string, string>>(row.address, {})) === wanted)) {
        address = 'known';
      } else {
        await tx
          .insertInto('customer_addresses')
          .values({
            website_id: websiteId,
            id: newId(now),
            customer_id: account.id,
            address: toJson(input.address),
            // The first address is the default the checkout fills in (as customer-addresses.ts does).
            is_default: saved.length === 0 ? 1 : 0,
            created_at: now,
          })
          .execute();
        address = 'added';
        if (customer === 'unchanged') customer = 'merged';
      }
    }

    let newsletter: CustomerImportOutcome['newsletter'] = 'none';
    if (input.acceptsEmailMarketing) {
      const inserted = await tx
        .insertInto('newsletter_subscribers')
        .values({
          website_id: websiteId,
          id: newId(now),
          email,
          status: 'confirmed',
          token: randomBytes(18).toString('base64url'),
          created_at: now,
          confirmed_at: now,
          unsubscribed_at: null,
          consent_source: source,
        })
        .onConflict((oc) => oc.columns(['website_id', 'email']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await mailingListRepository(tx).addMember(websiteId, listId, inserted.id, now);
        newsletter = 'subscribed';
      } else newsletter = 'kept';
    }
    return { email, customer, address, newsletter };
  }

  return {
    async importCustomers(websiteId, customers, { source, now = Date.now() }) {
      if (customers.length === 0) return [];
      // Outside the transaction: making the first list may race another writer (and then reads its list).
      const list = await mailingListRepository(db).defaultList(websiteId, now);
      return atomically(db, async (tx) => {
        const outcomes: CustomerImportOutcome[] = [];
        for (const customer of customers)
          outcomes.push(await importOne(tx, websiteId, customer, source, list.id, now));
        return outcomes;
      });
    },

    async exportCustomers(websiteId) {
      const [accounts, addresses, subscribers, orders] = await Promise.all([
        db
          .selectFrom('customer_accounts as a')
          .leftJoin('customer_profiles as p', (join) =>
            join.onRef('p.website_id', '=', 'a.website_id').onRef('p.customer_id', '=', 'a.id'),
          )
          .select([
            'a.id',
            'a.email',
            'a.name',
            'a.created_at',
            'p.first_name',
            'p.last_name',
            'p.phone',
            'p.tags',
            'p.note',
          ])
          .where('a.website_id', '=', websiteId)
          .execute(),
        db
          .selectFrom('customer_addresses')
          .select(['customer_id', 'address'])
          .where('website_id', '=', websiteId)
          .where('is_default', '=', 1)
          .execute(),
        db
          .selectFrom('newsletter_subscribers')
          .select(['email', 'status', 'created_at'])
          .where('website_id', '=', websiteId)
          .execute(),
        db
          .selectFrom('orders')
          .select(['customer_email', 'data', 'status', 'grand_total_minor', 'created_at'])
          .where('website_id', '=', websiteId)
          .where('customer_email', 'is not', null)
          .orderBy('created_at')
          .execute(),
      ]);
      const byEmail = new Map<string, ExportedCustomer & { since: number }>();
      const defaults = new Map(
        addresses.map((a) => [a.customer_id, fromJson<Record<string, string>>(a.address, {})]),
      );
      for (const row of accounts) {
        const named = splitName(row.name);
        const address = defaults.get(row.id);
        byEmail.set(row.email, {
          accountId: row.id,
          email: row.email,
          firstName: row.first_name ?? named.firstName,
          lastName: row.last_name ?? named.lastName,
          phone: row.phone ?? '',
          tags: fromJson<string[]>(row.tags ?? '[]', []),
          note: row.note ?? '',
          ...(address ? { address } : {}),
          acceptsEmailMarketing: false,
          orderCount: 0,
          totalSpentMinor: 0,
          since: Number(row.created_at),
        });
      }
      for (const order of orders) {
        const email = normaliseEmail(order.customer_email ?? '');
        if (!email) continue;
        const data = fromJson<Record<string, unknown>>(order.data, {});
        let known = byEmail.get(email);
        if (!known) {
          known = {
            email,
            firstName: '',
            lastName: '',
            phone: '',
            tags: [],
            note: '',
            acceptsEmailMarketing: false,
            orderCount: 0,
            totalSpentMinor: 0,
            since: Number(order.created_at),
          };
          byEmail.set(email, known);
        }
        known.orderCount += 1;
        if (order.status !== 'cancelled') known.totalSpentMinor += Number(order.grand_total_minor);
        // A guest's name and address: their newest order's (orders come oldest first).
        if (!known.accountId) {
          const placed = (data.billingAddress ?? data.shippingAddress) as Record<string, unknown> | undefined;
          if (placed && typeof placed === 'object') {
            const address: Record<string, string> = {};
            for (const field of ORDER_ADDRESS_FIELDS)
              if (typeof placed[field] === 'string' && placed[field] !== '') address[field] = placed[field];
            known.address = address;
            known.firstName = address.firstName ?? known.firstName;
            known.lastName = address.lastName ?? known.lastName;
            if (typeof placed.phone === 'string') known.phone = placed.phone;
          }
        }
      }
      for (const subscriber of subscribers) {
        const email = normaliseEmail(subscriber.email);
        const known = byEmail.get(email);
        if (known) known.acceptsEmailMarketing = subscriber.status === 'confirmed';
        else if (subscriber.status === 'confirmed')
          byEmail.set(email, {
            email,
            firstName: '',
            lastName: '',
            phone: '',
            tags: [],
            note: '',
            acceptsEmailMarketing: true,
            orderCount: 0,
            totalSpentMinor: 0,
            since: Number(subscriber.created_at),
          });
      }
      return [...byEmail.values()]
        .sort((a, b) => a.since - b.since || a.email.localeCompare(b.email))
        .map(({ since: _since, ...customer }) => customer);
    },

    async profileOf(websiteId, rawEmail) {
      const row = await db
        .selectFrom('customer_profiles as p')
        .innerJoin('customer_accounts as a', (join) =>
          join.onRef('a.website_id', '=', 'p.website_id').onRef('a.id', '=', 'p.customer_id'),
        )
        .selectAll('p')
        .where('p.website_id', '=', websiteId)
        .where('a.email', '=', normaliseEmail(rawEmail))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        tags: fromJson<string[]>(row.tags, []),
        note: row.note,
        ...(row.source ? { source: row.source } : {}),
        ...(row.imported_at !== null ? { importedAt: Number(row.imported_at) } : {}),
      };
    },

    async consentOf(websiteId, rawEmail) {
      const row = await db
        .selectFrom('newsletter_subscribers')
        .select(['status', 'confirmed_at', 'consent_source'])
        .where('website_id', '=', websiteId)
        .where(sql<string>`lower(email)`, '=', normaliseEmail(rawEmail))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        status: row.status,
        ...(row.confirmed_at !== null ? { confirmedAt: Number(row.confirmed_at) } : {}),
        ...(row.consent_source ? { source: row.consent_source } : {}),
      };
    },
  };
}
