import {
  countryRateRows,
  countryRatesOf,
  EU_VAT_RATES,
  EU_VAT_RATES_CHECKED,
  parseCountryRates,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  taxClassOf,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { adminMessages } from '../admin/admin-messages.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';

/*
 * The editor's VAT settings (website setting `vat`): Kleinunternehmer (§ 19 UStG), OSS (§ 3c UStG) and the
 * Steuernummer printed on invoices (§ 14 Abs. 4 Nr. 2 UStG; the USt-IdNr. is part of the legal data). And a
 * product's tax class. The owner sets all of it in the editor; nothing is hard-coded for them.
 */

const vatInput = z.strictObject({
  smallBusiness: z.boolean({ error: 'Bitte gib an, ob du Kleinunternehmer bist.' }).optional(),
  oss: z.boolean({ error: 'Bitte gib an, ob du am One-Stop-Shop-Verfahren teilnimmst.' }).optional(),
  taxNumber: z
    .string({ error: 'Bitte gib die Steuernummer als Text ein.' })
    .max(30, 'Die Steuernummer darf höchstens 30 Zeichen lang sein.')
    .regex(
      /^[0-9 /.-]*$/,
      'Die Steuernummer besteht aus Ziffern, Leerzeichen und Schrägstrichen (z. B. 22/815/08154).',
    )
    .optional(),
  // The owner's rate per member state and tax class over the EU table (books 0 % in Ireland); the whole list.
  countryRates: z
    .array(
      z.strictObject({
        country: z.string({ error: 'Bitte wähle ein Land.' }).max(2),
        taxClass: z.string({ error: 'Bitte wähle einen Steuersatz.' }).max(20),
        ratePercent: z.union([z.number(), z.string().max(10)], {
          error: 'Bitte gib den Steuersatz in Prozent ein, z. B. 0 oder 13,5.',
        }),
      }),
      { error: 'Bitte schicke die Steuersätze je Land als Liste.' },
    )
    .max(200, 'Höchstens 200 eigene Steuersätze.')
    .optional(),
});
const taxClassInput = z.strictObject({
  taxClass: z.enum(TAX_CLASSES as unknown as [string, ...string[]], {
    error: 'Bitte wähle einen Steuersatz: Regelsteuersatz, ermäßigt oder steuerfrei.',
  }),
});
const productParams = z.object({ siteId: z.string(), itemId: z.string().min(1).max(64) });

const view = (website: Website) => {
  const vat = ((website.settings as Record<string, unknown>).vat ?? {}) as Record<string, unknown>;
  return {
    vat: {
      smallBusiness: vat.smallBusiness === true,
      oss: vat.oss === true,
      taxNumber: typeof vat.taxNumber === 'string' ? vat.taxNumber : '',
      countryRates: countryRateRows(countryRatesOf(vat.countryRates)),
    },
    taxClasses: TAX_CLASSES.map((id) => ({ id, label: TAX_CLASS_LABELS[id] })),
    euRates: { checkedOn: EU_VAT_RATES_CHECKED, rates: EU_VAT_RATES },
  };
};

export function registerVatAdminRoutes(parent: FastifyInstance, storage: Storage) {
  parent.register(async (admin) => {
    const settings = { preHandler: requireSitePermission('commerce.settings') };
    const siteOf = async (websiteId: string) => {
      const website = await storage.websites.findById(websiteId);
      if (!website) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
      return website;
    };
    admin.get('/sites/:siteId/vat', settings, async (request) =>
      view(await siteOf(accessedSite(request).websiteId)),
    );
    admin.patch('/sites/:siteId/vat', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const { countryRates: rows, ...input } = parseInput(vatInput, request.body);
      const countryRates = rows === undefined ? undefined : parseCountryRates(rows);
      if (countryRates && !countryRates.ok) {
        const fields = Object.fromEntries(
          Object.entries(countryRates.fields).map(([key, message]) => [
            `countryRates.${key.slice(5)}`,
            message,
          ]),
        );
        throw new AdminInputError(Object.values(fields)[0], fields);
      }
      const website = await siteOf(websiteId);
      const current = ((website.settings as Record<string, unknown>).vat ?? {}) as Record<string, unknown>;
      const updated = await storage.websiteAdmin.update(websiteId, {
        settings: {
          vat: {
            ...current,
            ...input,
            ...(input.taxNumber !== undefined ? { taxNumber: input.taxNumber.trim() } : {}),
            ...(countryRates?.ok ? { countryRates: countryRates.overrides } : {}),
          },
        },
      });
      if (!updated) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
      return view(updated);
    });
    // The product's tax class with the choices, for the product editor's "Umsatzsteuer" panel.
    admin.get('/sites/:siteId/products/:itemId/tax-class', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const { itemId } = parseInput(productParams, request.params);
      const item = await storage.items.findById(websiteId, itemId);
      if (!item?.product)
        throw new HttpError(404, 'PRODUCT_NOT_FOUND', 'Dieses Produkt gibt es nicht (mehr).');
      return {
        taxClass: taxClassOf(item.product.taxClass),
        taxClasses: TAX_CLASSES.map((id) => ({ id, label: TAX_CLASS_LABELS[id] })),
      };
    });
    admin.patch('/sites/:siteId/products/:itemId/tax-class', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const { itemId } = parseInput(productParams, request.params);
      const { taxClass } = parseInput(taxClassInput, request.body);
      if (!(await storage.pricing.setTaxClass(websiteId, itemId, taxClass))) {
        throw new HttpError(404, 'PRODUCT_NOT_FOUND', 'Dieses Produkt gibt es nicht (mehr).');
      }
      return { taxClass };
    });
  });
}
