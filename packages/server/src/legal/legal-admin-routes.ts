import {
  LEGAL_FIELD_LABELS,
  LEGAL_FORMS,
  type LegalData,
  legalDataOf,
  legalDataProblems,
  normalisedLegalData,
  STATUTORY_WITHDRAWAL_DAYS,
} from '@baukasten/commerce';
import type { Storage, Website } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminInputError, parseInput } from '../admin/admin-input.js';
import { adminMessages } from '../admin/admin-messages.js';
import { refuseNulCharacters } from '../admin/catalog/text-guard.js';
import { accessedSite, requireSitePermission } from '../admin/permissions.js';
import { HttpError } from '../http-error.js';
import { goLiveChecklist } from './go-live-checklist.js';
import type { ProvidersOf } from './legal-texts-service.js';
import { registerUnitContentRoutes } from './unit-content-admin-routes.js';

/*
 * The editor's "Rechtliches" screen: the owner's legal data (website setting `legal`) and the go-live
 * checklist. GET shows both, PATCH replaces the legal data after checking its shape; German messages by
 * field. The legal pages pick up a change at once and store it as a new version of the texts.
 */

const textField = z.string({ error: 'Bitte gib einen Text ein.' }).max(1000).optional();
const legalInput = z
  .object({
    companyName: textField,
    legalForm: textField,
    representative: textField,
    street: textField,
    postalCode: textField,
    city: textField,
    country: textField,
    email: textField,
    phone: textField,
    registerCourt: textField,
    registerNumber: textField,
    vatId: textField,
    contentResponsible: textField,
    deliveryTime: textField,
    withdrawalPeriodDays: z
      .number({
        error: `Die Widerrufsfrist beträgt mindestens ${STATUTORY_WITHDRAWAL_DAYS} Tage (§ 355 Abs. 2 BGB).`,
      })
      .optional(),
    returnCosts: z
      .enum(['customer', 'shop'], { error: 'Bitte wähle, wer die Rücksendung bezahlt.' })
      .optional(),
  })
  .strict();

export function registerLegalAdminRoutes(
  parent: FastifyInstance,
  storage: Storage,
  providersOf: ProvidersOf,
) {
  // The Grundpreis contents of a product's variants (§ 4 PAngV), beside its withdrawal mark below.
  registerUnitContentRoutes(parent, storage);
  parent.register(async (admin) => {
    refuseNulCharacters(admin);
    const settings = { preHandler: requireSitePermission('site.settings') };
    const view = (website: Website) => ({
      legal: legalDataOf(website.settings as Record<string, unknown>),
      legalForms: LEGAL_FORMS,
      labels: LEGAL_FIELD_LABELS,
      checklist: goLiveChecklist(website, providersOf(website)),
    });
    const siteOf = async (websiteId: string) => {
      const website = await storage.websites.findById(websiteId);
      if (!website) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
      return website;
    };

    admin.get('/sites/:siteId/legal', settings, async (request) =>
      view(await siteOf(accessedSite(request).websiteId)),
    );

    admin.patch('/sites/:siteId/legal', settings, async (request) => {
      const { websiteId } = accessedSite(request);
      const input = parseInput(legalInput, request.body) as LegalData;
      const problems = legalDataProblems(input);
      const first = Object.values(problems)[0];
      if (first) throw new AdminInputError(first, problems as Record<string, string>);
      await siteOf(websiteId);
      const updated = await storage.websiteAdmin.update(websiteId, {
        settings: { legal: normalisedLegalData(input) },
      });
      if (!updated) throw new HttpError(404, 'SITE_NOT_FOUND', adminMessages.siteNotFound);
      return view(updated);
    });

    // The owner marks a product as made to the customer's specification: excluded from withdrawal
    // (§312g Abs. 2 Nr. 1 BGB), which the withdrawal function then explains instead of offering it.
    const productParams = z.object({ siteId: z.string(), itemId: z.string().min(1).max(64) });
    const madeToOrderInput = z
      .object({
        madeToOrder: z.boolean({ error: 'Bitte gib an, ob das Produkt nach Kundenvorgaben gefertigt wird.' }),
      })
      .strict();
    const productNotFound = () =>
      new HttpError(404, 'PRODUCT_NOT_FOUND', 'Dieses Produkt gibt es nicht (mehr).');

    admin.get(
      '/sites/:siteId/products/:itemId/withdrawal',
      { preHandler: requireSitePermission('commerce.view') },
      async (request) => {
        const { websiteId } = accessedSite(request);
        const { itemId } = parseInput(productParams, request.params);
        const marked = await storage.legal.madeToOrder(websiteId, [itemId]);
        return { madeToOrder: marked.has(itemId) };
      },
    );

    admin.patch(
      '/sites/:siteId/products/:itemId/withdrawal',
      { preHandler: requireSitePermission('commerce.products') },
      async (request) => {
        const { websiteId } = accessedSite(request);
        const { itemId } = parseInput(productParams, request.params);
        const { madeToOrder } = parseInput(madeToOrderInput, request.body);
        if (!(await storage.legal.setMadeToOrder(websiteId, itemId, madeToOrder))) throw productNotFound();
        return { madeToOrder };
      },
    );
  });
}
