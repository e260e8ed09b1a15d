import { CONTENT_UNITS, parseUnitContentInput, validUnitContent } from '@baukasten/commerce';
import type { Item, Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';

/*
 * The content of each variant for the Grundpreis (§ 4 PAngV): "250 g", "0,5 l", "2 m". The product editor's
 * "Grundpreis" panel reads and saves them here, apart from the product save (storage keeps them apart so a
 * product save never resets them). The owner types German numbers; the same rule as the editor's
 * (commerce unit-content-input.ts) checks them, and every bad field gets its German message.
 */

const productParams = z.object({ siteId: z.string(), itemId: z.string().min(1).max(64) });
const contentsInput = z.strictObject({
  variants: z
    .array(
      z.strictObject({
        id: z.string({ error: 'Jede Variante braucht ihre Kennung.' }).min(1).max(64),
        amount: z.union([z.string().max(30), z.number()], {
          error: 'Bitte gib die Menge als Zahl ein, z. B. 250 oder 0,5.',
        }),
        unit: z.string({ error: 'Bitte wähle eine Einheit.' }).max(10),
      }),
      { error: 'Bitte schicke die Varianten als Liste.' },
    )
    .max(500, 'Höchstens 500 Varianten auf einmal.'),
});

const productNotFound = () => new HttpError(404, 'PRODUCT_NOT_FOUND', 'Dieses Produkt gibt es nicht (mehr).');

/** What the panel shows: each variant with its SKU, options and content, and the units to choose from. */
function contentsView(item: Item) {
  return {
    units: CONTENT_UNITS,
    variants: (item.product?.variants ?? []).map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      unitContent: validUnitContent(v.unitContent) ?? null,
    })),
  };
}

export function registerUnitContentRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    const productOf = async (websiteId: string, itemId: string) => {
      const item = await storage.items.findById(websiteId, itemId);
      if (!item?.product) throw productNotFound();
      return item;
    };

    admin.get(
      '/sites/:siteId/products/:itemId/unit-contents',
      { preHandler: requireSitePermission('commerce.view') },
      async (request) => {
        const { websiteId } = accessedSite(request);
        const { itemId } = parseInput(productParams, request.params);
        return contentsView(await productOf(websiteId, itemId));
      },
    );

    admin.patch(
      '/sites/:siteId/products/:itemId/unit-contents',
      { preHandler: requireSitePermission('commerce.products') },
      async (request) => {
        const { websiteId } = accessedSite(request);
        const { itemId } = parseInput(productParams, request.params);
        const { variants } = parseInput(contentsInput, request.body);
        const item = await productOf(websiteId, itemId);
        const known = new Set(item.product!.variants.map((v) => v.id));
        const fields: Record<string, string> = {};
        const contents = variants.map((v, i) => {
          if (!known.has(v.id)) {
            fields[`variants.${i}.id`] = 'Diese Variante gibt es nicht mehr. Bitte lade die Seite neu.';
            return null;
          }
          const parsed = parseUnitContentInput(v.amount, v.unit);
          if (!parsed.ok) {
            fields[`variants.${i}.${parsed.field}`] = parsed.message;
            return null;
          }
          return { id: v.id, content: parsed.content };
        });
        const problems = Object.values(fields);
        if (problems.length > 0) throw new AdminInputError(problems[0], fields);
        // All variants or none: a half-saved product would show a Grundpreis for some sizes only.
        await storage.transaction(async (tx) => {
          for (const c of contents) {
            if (c && !(await tx.pricing.setUnitContent(websiteId, itemId, c.id, c.content)))
              throw productNotFound();
          }
        });
        return contentsView(await productOf(websiteId, itemId));
      },
    );
  });
}
