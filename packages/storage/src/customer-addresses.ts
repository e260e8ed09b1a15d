import type { Kysely } from 'kysely';
import { atomically } from './atomically.js';
import { isKey } from './customer-rows.js';
import { newId } from './ids.js';
import { fromFlag, fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';

/* A customer's saved addresses on one website: one of them is the default the checkout fills in. */

export interface CustomerAddress {
  id: string;
  address: Record<string, string>;
  isDefault: boolean;
  createdAt: number;
}

export interface CustomerAddresses {
  listAddresses(websiteId: string, customerId: string): Promise<CustomerAddress[]>;
  /** The first address becomes the default. */
  addAddress(
    websiteId: string,
    customerId: string,
    address: Record<string, string>,
    now?: number,
  ): Promise<CustomerAddress>;
  removeAddress(websiteId: string, customerId: string, addressId: string): Promise<boolean>;
  makeDefaultAddress(websiteId: string, customerId: string, addressId: string): Promise<boolean>;
}

export function customerAddresses(db: Kysely<Database>): CustomerAddresses {
  return {
    async listAddresses(websiteId, customerId) {
      if (!isKey(websiteId) || !isKey(customerId)) return [];
      const rows = await db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('customer_id', '=', customerId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        address: fromJson<Record<string, string>>(row.address, {}),
        isDefault: fromFlag(row.is_default),
        createdAt: Number(row.created_at),
      }));
    },

    async addAddress(websiteId, customerId, address, now = Date.now()) {
      return atomically(db, async (tx) => {
        const existing = await tx
          .selectFrom('customer_addresses')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        const row = {
          website_id: websiteId,
          id: newId(now),
          customer_id: customerId,
          address: toJson(address),
          is_default: existing ? 0 : 1,
          created_at: now,
        };
        await tx.insertInto('customer_addresses').values(row).execute();
        return { id: row.id, address, isDefault: row.is_default === 1, createdAt: now };
      });
    },

    async removeAddress(websiteId, customerId, addressId) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(addressId)) return false;
      return atomically(db, async (tx) => {
        const removed = await tx
          .deleteFrom('customer_addresses')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('id', '=', addressId)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) return false;
        if (fromFlag(removed.is_default)) {
          // The oldest remaining address takes over as default.
          const next = await tx
            .selectFrom('customer_addresses')
            .select('id')
            .where('website_id', '=', websiteId)
            .where('customer_id', '=', customerId)
            .orderBy('created_at')
            .orderBy('id')
            .executeTakeFirst();
          if (next)
            await tx
              .updateTable('customer_addresses')
              .set({ is_default: 1 })
              .where('website_id', '=', websiteId)
              .where('id', '=', next.id)
              .execute();
        }
        return true;
      });
    },

    async makeDefaultAddress(websiteId, customerId, addressId) {
      if (!isKey(websiteId) || !isKey(customerId) || !isKey(addressId)) return false;
      return atomically(db, async (tx) => {
        const found = await tx
          .selectFrom('customer_addresses')
          .select('id')
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .where('id', '=', addressId)
          .executeTakeFirst();
        if (!found) return false;
        await tx
          .updateTable('customer_addresses')
          .set((eb) => ({
            is_default: eb.case().when('id', '=', addressId).then(1).else(0).end(),
          }))
          .where('website_id', '=', websiteId)
          .where('customer_id', '=', customerId)
          .execute();
        return true;
      });
    },
  };
}
